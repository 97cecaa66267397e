// The window on a workbench file that cannot be written (run by
// run-readonly.sh inside a private mount namespace where the file's folder is
// a read-only bind mount): it opens, shows the runs and a banner, and offers
// no writes.
#include "MainWindow.h"
#include "RunsPage.h"

#include <QAction>
#include <QApplication>
#include <QLabel>
#include <QSettings>
#include <QTest>

using namespace pb::ui;

class TestUiReadOnly : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void opensWithBannerAndNoWrites();
};

void TestUiReadOnly::initTestCase()
{
    QCoreApplication::setOrganizationName(QStringLiteral("PhasebenchTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_ui_readonly"));
    QSettings().clear();
    QVERIFY2(!qEnvironmentVariableIsEmpty("PHASEBENCH_RO_WORKBENCH"), "run through run-readonly.sh");
}

void TestUiReadOnly::opensWithBannerAndNoWrites()
{
    const QString path = qEnvironmentVariable("PHASEBENCH_RO_WORKBENCH");
    MainWindow w;
    w.show();
    QVERIFY(w.openWorkbench(path, false, MainWindow::Remember::No));
    auto* runs = w.findChild<RunsPage*>(QStringLiteral("runsPage"));
    QVERIFY(runs);
    QCOMPARE(runs->runCount(), 1);
    auto* banner = w.findChild<QLabel*>(QStringLiteral("readOnlyBanner"));
    QVERIFY(banner);
    QVERIFY(banner->isVisible());
    QVERIFY(banner->text().contains(QStringLiteral("read-only")));
    auto* import = w.findChild<QAction*>(QStringLiteral("importAction"));
    QVERIFY(import);
    QVERIFY(!import->isEnabled());
    auto* demo = w.findChild<QAction*>(QStringLiteral("runDemoAction"));
    QVERIFY(demo);
    QVERIFY(!demo->isEnabled());
}

QTEST_MAIN(TestUiReadOnly)
#include "tst_ui_readonly.moc"
