#include "MainWindow.h"

namespace pb::ui {

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent)
{
    setWindowTitle(tr("Phasebench"));
}

} // namespace pb::ui
