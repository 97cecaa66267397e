// The window's side of fetching traces from Jaeger: the dialog (its URL kept
// in the settings), the controller running the fetch through a Job, and the
// main window's action and refresh. The server is a loopback stand-in that
// answers Jaeger's API for a run written through the store.
#include "FetchTracesController.h"
#include "FetchTracesDialog.h"
#include "JaegerTestServer.h"
#include "MainWindow.h"
#include "TestUtil.h"
#include "store/RunStore.h"
#include "ui/WidgetLookup.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>

using namespace pb;
using namespace pb::ui;
using pb::test::child;

class TestFetchUi : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init() { QSettings().clear(); }
    void dialogRemembersTheUrl();
    void controllerFetchesOffTheGuiThread();
    void mainWindowActionAndRefresh();

private:
    // A load run of `n` attempts written through the store; their records.
    std::vector<RequestRecord> makeRun(const std::string& path, int n);

    QTemporaryDir m_dir;
    std::int64_t m_run = 0;
};

void TestFetchUi::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("PhasebenchTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_fetch_ui"));
}

std::vector<RequestRecord> TestFetchUi::makeRun(const std::string& path, int n)
{
    RunStore store(path);
    m_run =
        store.catalogue().createRun({.name = "load", .kind = RunKind::Load, .status = RunStatus::Complete});
    std::vector<RequestRecord> rows;
    for (int i = 0; i < n; ++i) {
        auto r = test::fullRecord(i);
        r.spanId = test::fullRecord(i).traceId.substr(16); // a client span of its own
        rows.push_back(r);
    }
    store.insertRequests(m_run, rows);
    return rows;
}

void TestFetchUi::dialogRemembersTheUrl()
{
    {
        FetchTracesDialog dialog(7);
        auto* ok = dialog.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok);
        auto* url = child<QLineEdit>(&dialog, "jaegerUrl");
        QVERIFY(url->text().isEmpty());
        QVERIFY(!ok->isEnabled()); // no URL yet
        url->setText(QStringLiteral("jaeger:16686"));
        QVERIFY(!ok->isEnabled()); // not http(s)
        url->setText(QStringLiteral(" http://jaeger:16686 "));
        QVERIFY(ok->isEnabled());
        child<QLineEdit>(&dialog, "jaegerService")->setText(QStringLiteral("vllm"));
        const auto options = dialog.options();
        QCOMPARE(options.jaegerUrl, std::string("http://jaeger:16686"));
        QCOMPARE(options.service, std::string("vllm"));
        QCOMPARE(options.concurrency, fetch::FetchOptions{}.concurrency);
    }
    FetchTracesDialog again(7);
    QCOMPARE(child<QLineEdit>(&again, "jaegerUrl")->text(), QStringLiteral("http://jaeger:16686"));
    QCOMPARE(child<QLineEdit>(&again, "jaegerService")->text(), QStringLiteral("vllm"));
}

void TestFetchUi::controllerFetchesOffTheGuiThread()
{
    const auto path = test::tempPath(m_dir, "controller.phasebench");
    const auto rows = makeRun(path, 12);
    test::JaegerTestServer server;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        if (i != 3) {
            server.serve(rows[i].traceId, test::jaegerResponse(rows[i]));
        }
    }
    FetchTracesController controller;
    QSignalSpy finished(&controller, &FetchTracesController::finished);
    QSignalSpy busy(&controller, &FetchTracesController::busyChanged);
    fetch::FetchOptions options;
    options.jaegerUrl = server.url();
    QVERIFY(controller.start(QString::fromStdString(path), m_run, options));
    QVERIFY(controller.isBusy());
    QVERIFY(!controller.start(QString::fromStdString(path), m_run, options)); // one at a time
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 60000);
    QVERIFY(!controller.isBusy());
    QCOMPARE(busy.size(), 2);
    QCOMPARE(finished.at(0).at(0).toLongLong(), m_run);
    const QString message = finished.at(0).at(1).toString();
    QVERIFY2(message.contains(QStringLiteral("fetched 11 traces")), qPrintable(message));
    QVERIFY2(message.contains(QStringLiteral("missing 1,")), qPrintable(message));
    QVERIFY2(message.contains(QStringLiteral("Join coverage: 91.7%")), qPrintable(message));
    {
        // The join after the fetch is stored with the run.
        RunStore store(path, RunStore::Mode::ReadOnly);
        QCOMPARE(store.catalogue().figure(m_run, "join_matched"), std::optional<double>(11));
    }

    // A Jaeger that is not there: failed(), with the reason.
    QSignalSpy failed(&controller, &FetchTracesController::failed);
    options.jaegerUrl = "ftp://nowhere";
    QVERIFY(controller.start(QString::fromStdString(path), m_run, options));
    QTRY_COMPARE_WITH_TIMEOUT(failed.size(), 1, 60000);
    QVERIFY(failed.at(0).at(0).toString().contains(QStringLiteral("http://")));
    QVERIFY(!controller.isBusy());
}

void TestFetchUi::mainWindowActionAndRefresh()
{
    const auto path = test::tempPath(m_dir, "window.phasebench");
    const auto rows = makeRun(path, 6);
    test::JaegerTestServer server;
    for (const auto& r : rows) {
        server.serve(r.traceId, test::jaegerResponse(r));
    }
    MainWindow w;
    auto* action = w.findChild<QAction*>(QStringLiteral("fetchTracesAction"));
    QVERIFY(action);
    QVERIFY(!action->isEnabled()); // no workbench
    QVERIFY(w.openWorkbench(QString::fromStdString(path)));
    QVERIFY(action->isEnabled());
    QVERIFY(w.selectRun(m_run));

    QSettings().setValue(QLatin1String(FetchTracesDialog::kUrlKey), QString::fromStdString(server.url()));
    action->trigger();
    auto* dialog = w.findChild<FetchTracesDialog*>();
    QVERIFY(dialog);
    QCOMPARE(child<QLineEdit>(dialog, "jaegerUrl")->text(), QString::fromStdString(server.url()));
    auto* controller = child<FetchTracesController>(&w, "fetchTracesController");
    QSignalSpy fetched(controller, &FetchTracesController::finished);
    dialog->accept();
    QVERIFY(controller->isBusy());
    QVERIFY(!action->isEnabled());
    QTRY_VERIFY_WITH_TIMEOUT(!controller->isBusy(), 60000);
    QVERIFY(action->isEnabled());
    QCOMPARE(fetched.size(), 1);
    QVERIFY2(fetched.at(0).at(1).toString().contains(QStringLiteral("fetched 6 traces")),
             qPrintable(fetched.at(0).at(1).toString()));
    QVERIFY2(w.statusBar()->currentMessage().contains(QStringLiteral("fetched 6 traces")),
             qPrintable(w.statusBar()->currentMessage()));
    // The spans are in the run the window shows.
    RunStore store(path, RunStore::Mode::ReadOnly);
    QCOMPARE(store.catalogue().run(m_run)->spanCount, 24);
    QCOMPARE(w.currentRunId(), m_run);
}

QTEST_MAIN(TestFetchUi)
#include "tst_fetch_ui.moc"
