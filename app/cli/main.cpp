#include "cli/Cli.h"

#include <QApplication>
#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QStringList>
#include <QTranslator>

#include <cstring>
#include <iostream>
#include <memory>

int main(int argc, char** argv)
{
    // A report with charts paints the window's chart widgets: it needs QtGui,
    // on the offscreen platform unless a platform or a display is given.
    // Everything else, a Markdown report without charts included, is QtCore.
    QStringList args;
    for (int i = 1; i < argc; ++i) {
        args << QString::fromLocal8Bit(argv[i]);
    }
    std::unique_ptr<QCoreApplication> app;
    if (argc > 1 && std::strcmp(argv[1], "report") == 0 && pb::cli::reportDrawsCharts(args)) {
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
