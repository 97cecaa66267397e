#include "cli/Cli.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

#include <iostream>

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
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
