#include "MainWindow.h"

#include <QApplication>

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    pb::ui::MainWindow w;
    w.show();
    return QApplication::exec();
}
