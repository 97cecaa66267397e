#include "cli/Cli.h"

#include <QApplication>
#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

#include <cstring>
#include <iostream>
#include <memory>

int main(int argc, char** argv)
{
    // `report` paints the window's charts: it needs QtGui, on the offscreen
    // platform unless a platform or a display is given.
    std::unique_ptr<QCoreApplication> app;
    if (argc > 1 && std::strcmp(argv[1], "report") == 0) {
        if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") && qEnvironmentVariableIsEmpty("DISPLAY") &&
            qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY")) {
            qputenv("QT_QPA_PLATFORM", "offscreen");
        }
        app = std::make_unique<QApplication>(argc, argv);
    } else {
        app = std::make_unique<QCoreApplication>(argc, argv);
    }
    QCoreApplication::setApplicationName(QStringLiteral("phasebench-cli"));
    QCoreApplication::setApplicationVersion(QStringLiteral(PHASEBENCH_VERSION));
    QTranslator translator;
    if (translator.load(QLocale(), QStringLiteral("phasebench"), QStringLiteral("_"),
                        QStringLiteral(":/i18n"))) {
        QCoreApplication::installTranslator(&translator);
    }
    pb::cli::Io io{std::cout, std::cerr};
    return pb::cli::run(QCoreApplication::arguments(), io);
}
