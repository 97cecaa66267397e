#pragma once

#include <QMainWindow>

namespace pb::ui {

class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
};

} // namespace pb::ui
