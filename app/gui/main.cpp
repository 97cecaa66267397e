// phasebench [FILE] [--demo]: the desktop workbench.
#include "MainWindow.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QFile>
#include <QLibraryInfo>
#include <QLocale>
#include <QTemporaryDir>
#include <QTranslator>

#include <cstdio>
#include <memory>

namespace {

// Translations are optional: the build adds them when they exist.
void installTranslators(QApplication& app)
{
    auto* qt = new QTranslator(&app);
    if (qt->load(QLocale(), QStringLiteral("qtbase"), QStringLiteral("_"),
                 QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
        QApplication::installTranslator(qt);
    }
    auto* own = new QTranslator(&app);
    if (own->load(QLocale(), QStringLiteral("phasebench"), QStringLiteral("_"), QStringLiteral(":/i18n"))) {
        QApplication::installTranslator(own);
    }
}

// Copies the embedded demo dataset next to a fresh workbench in `dir`;
// returns the CSV's path, or empty on failure.
QString extractDemoData(const QTemporaryDir& dir)
{
    const QString csv = dir.filePath(QStringLiteral("demo_requests.csv"));
    if (!QFile::copy(QStringLiteral(":/samples/demo_requests.csv"), csv)) {
        return {};
    }
    // Resource copies are read-only; the import only reads, but a user may
    // want to open it.
    QFile::setPermissions(csv, QFile::ReadOwner | QFile::WriteOwner);
    return csv;
}

} // namespace

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("Phasebench"));
    QApplication::setApplicationName(QStringLiteral("Phasebench"));
    QApplication::setApplicationVersion(QStringLiteral(PHASEBENCH_VERSION));
    QApplication::setApplicationDisplayName(QStringLiteral("Phasebench"));
    installTranslators(app);

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QApplication::translate("main", "A desktop workbench for LLM API latency."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption demo(
        QStringLiteral("demo"),
        QApplication::translate("main", "Open a temporary workbench with the shipped demo run."));
    parser.addOption(demo);
    parser.addPositionalArgument(QStringLiteral("file"),
                                 QApplication::translate("main", "Workbench file to open."),
                                 QStringLiteral("[FILE]"));
    parser.process(app);
    const QStringList files = parser.positionalArguments();
    if (files.size() > 1 || (parser.isSet(demo) && !files.isEmpty())) {
        std::fputs(qPrintable(QApplication::translate("main", "Give one FILE, or --demo alone.\n")), stderr);
        return 2;
    }

    // Declared before the window so that it outlives the window's connections
    // to the demo workbench; it is removed on exit.
    std::unique_ptr<QTemporaryDir> demoDir;
    pb::ui::MainWindow window;
    window.show();

    if (parser.isSet(demo)) {
        demoDir =
            std::make_unique<QTemporaryDir>(QDir::temp().filePath(QStringLiteral("phasebench-demo-XXXXXX")));
        const QString csv = demoDir->isValid() ? extractDemoData(*demoDir) : QString();
        if (csv.isEmpty()) {
            std::fputs(qPrintable(QApplication::translate("main", "Cannot prepare the demo in %1.\n")
                                      .arg(QDir::tempPath())),
                       stderr);
            return 1;
        }
        if (window.openWorkbench(demoDir->filePath(QStringLiteral("demo.phasebench")), true,
                                 pb::ui::MainWindow::Remember::No)) {
            // The normal import path: a Job off the GUI thread; the new run is
            // selected when it finishes.
            window.importFiles({csv});
        }
    } else if (!files.isEmpty()) {
        window.openWorkbench(files.constFirst());
    } else {
        window.restoreLastWorkbench();
    }
    return QApplication::exec();
}
