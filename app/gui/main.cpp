// phasebench [FILE] [--demo [--fault NAME]…] [--launcher]: the desktop workbench.
// Each call opens its own window (a second `phasebench FILE` starts a new one).
#include "DemoDialog.h"
#include "Language.h"
#include "MainWindow.h"
#include "RunController.h"
#include "session/SessionOptions.h"

#include <QApplication>
#include <QCommandLineParser>

#include <cstdio>

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("Phasebench"));
    QApplication::setApplicationName(QStringLiteral("Phasebench"));
    QApplication::setApplicationVersion(QStringLiteral(PHASEBENCH_VERSION));
    QApplication::setApplicationDisplayName(QStringLiteral("Phasebench"));
    // The language chosen in View › Language, else the system locale.
    pb::ui::installTranslators(&app, pb::ui::localeForLanguage(pb::ui::languageSetting()));

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QApplication::translate("main", "A desktop workbench for LLM API latency."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption demo(
        QStringLiteral("demo"),
        QApplication::translate("main", "Start the built-in demo gateway and receiver and show a demo run "
                                        "filling live (workbench: demo.phasebench in the application data "
                                        "folder)."));
    parser.addOption(demo);
    const QCommandLineOption fault(
        QStringLiteral("fault"),
        QApplication::translate("main", "With --demo: switch on a fault of the demo gateway (%1).")
            .arg(pb::ui::DemoDialog::faultNames().join(QStringLiteral(", "))),
        QStringLiteral("NAME"));
    parser.addOption(fault);
    const QCommandLineOption launcher(
        QStringLiteral("launcher"),
        QApplication::translate("main", "Open the Run Launcher: edit or open a scenario and run it."));
    parser.addOption(launcher);
    parser.addPositionalArgument(QStringLiteral("file"),
                                 QApplication::translate("main", "Workbench file to open."),
                                 QStringLiteral("[FILE]"));
    parser.process(app);
    const QStringList files = parser.positionalArguments();
    if (files.size() > 1 || (parser.isSet(demo) && !files.isEmpty()) ||
        (parser.isSet(fault) && !parser.isSet(demo))) {
        std::fputs(qPrintable(QApplication::translate("main",
                                                      "Give one FILE, or --demo (with any --fault NAME).\n")),
                   stderr);
        return 2;
    }
    const QStringList faultNames = parser.values(fault);
    for (const QString& name : faultNames) {
        if (!pb::ui::DemoDialog::faultNames().contains(name)) {
            std::fputs(qPrintable(QApplication::translate("main", "Unknown fault: %1\n").arg(name)), stderr);
            return 2;
        }
    }

    pb::ui::MainWindow window;
    window.show();

    if (parser.isSet(demo)) {
        const QString dbPath = pb::ui::demoWorkbenchPath();
        if (dbPath.isEmpty()) {
            std::fputs(
                qPrintable(QApplication::translate("main", "Cannot create the application data folder.\n")),
                stderr);
            return 1;
        }
        // Off the GUI thread (a Job); the run is selected as soon as it exists.
        window.startRun(pb::session::demoOptions(
            dbPath.toStdString(),
            pb::ui::DemoDialog::parseFaults(faultNames).value_or(std::vector<pb::demo::Fault>{})));
    } else if (!files.isEmpty()) {
        window.openWorkbench(files.constFirst());
    } else {
        window.restoreLastWorkbench();
    }
    if (parser.isSet(launcher)) {
        window.showLauncher();
    }
    return QApplication::exec();
}
