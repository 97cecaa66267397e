// The diagnosis page on real measurements: a healthy demo run and one with
// the demo gateway's slow-gateway fault (+150 ms in the gateway) in the same
// workbench file. Compared with the healthy run, the page lists the gateway
// finding with the gateway as owner, and its evidence is core's figures; the
// verdict against a 100 ms gateway budget names the gateway with core's figure.
#include "BudgetModel.h"
#include "DiagnoseAnalysis.h"
#include "DiagnosisModel.h"
#include "DiagnosisPage.h"
#include "VerdictWidget.h"
#include "budget/BudgetStore.h"
#include "diagnose/Check.h"
#include "diagnose/RunData.h"
#include "session/MeasuredRun.h"
#include "store/RunStore.h"
#include "ui/WidgetLookup.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace pb;
using pb::test::child;
using pb::test::labelText;
using pb::test::rowWhere;
using pb::ui::BudgetModel;
using pb::ui::DiagnosisModel;
using pb::ui::DiagnosisPage;

namespace {

std::int64_t demoRun(const QString& db, const char* name, std::vector<demo::Fault> faults)
{
    auto options = session::demoOptions(db.toStdString(), std::move(faults));
    options.runName = name;
    options.demoLoad.storeBudgets = false; // the test attaches its own after the run
    options.demoLoad.profile = demo::DemoProfile::Steady;
    options.demoLoad.rate = 5;
    options.demoLoad.duration = 4'000'000'000;
    return session::MeasuredRun(options).run().endpoints.runId;
}

} // namespace

class TestUiDiagnosisDemo : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void slowGatewayAgainstHealthy();
    void steppedDemoHeadline();
};

void TestUiDiagnosisDemo::slowGatewayAgainstHealthy()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("demo.phasebench"));
    const auto healthy = demoRun(db, "healthy", {});
    const auto slow = demoRun(db, "slow gateway", {demo::Fault::SlowGateway});
    QVERIFY(healthy > 0 && slow > 0 && healthy != slow);
    std::vector<RunInfo> runs;
    {
        RunStore store(db.toStdString(), RunStore::Mode::ReadOnly);
        runs = store.catalogue().runs();
    }

    DiagnosisPage page;
    QAbstractItemModelTester tester(page.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    page.show();
    QSignalSpy updated(&page, &DiagnosisPage::updated);
    page.showRun(db, slow, runs);
    QVERIFY(updated.wait(60000));
    // "Compare with" the healthy run, as the user chooses it.
    auto* baseline = child<QComboBox>(&page, "diagnosisBaseline");
    const int healthyIndex = baseline->findData(qint64(healthy));
    QVERIFY(healthyIndex > 0);
    baseline->setCurrentIndex(healthyIndex);
    QVERIFY(updated.wait(60000));
    const auto& d = page.results()->diagnosis;
    QCOMPARE(d.comparison, std::string("baseline_run"));
    const QString state = labelText(&page, "diagnosisState");
    QVERIFY2(!d.refused, qPrintable(state));
    const int row = rowWhere(page.model(), DiagnosisModel::Symptom, QStringLiteral("gateway"),
                             DiagnosisModel::RawValueRole);
    QVERIFY2(row >= 0, qPrintable(state));
    QCOMPARE(page.model()
                 ->data(page.model()->index(row, DiagnosisModel::Owner), DiagnosisModel::RawValueRole)
                 .toString(),
             QStringLiteral("gateway"));
    // The evidence shows the gateway's rise of about the fault's 150 ms, with its N.
    page.selectFinding(row);
    const auto* e =
        qobject_cast<const pb::ui::EvidenceModel*>(child<QTableView>(&page, "evidenceTable")->model());
    QVERIFY(e);
    bool found = false;
    for (int i = 0; i < e->rowCount(); ++i) {
        const auto* ev = e->evidenceAt(i);
        if (ev->figure == "gateway") {
            found = true;
            QVERIFY(ev->change());
            QVERIFY2(*ev->change() > 100.0, qPrintable(QString::number(*ev->change())));
            QVERIFY(ev->nAfter > 0);
            QCOMPARE(e->data(e->index(i, pb::ui::EvidenceModel::NAfter), pb::ui::EvidenceModel::RawValueRole)
                         .toULongLong(),
                     qulonglong(ev->nAfter));
        }
    }
    QVERIFY(found);

    // The verdict against a 100 ms gateway budget stored with the slow run
    // (after it: the first version is used and the page says so).
    const auto set = budget::parseBudgets(
        R"({"defaults": {"window": "all"}, "phases": [{"metric": "gateway", "threshold": 100},
        {"metric": "gpu_queue", "threshold": 2000}]})");
    diagnose::CheckResult core;
    {
        RunStore store(db.toStdString());
        budget::attachBudgets(store, slow, set);
        core = diagnose::evaluateBudgets(diagnose::loadRunData(store, slow), set);
    }
    QVERIFY2(core.verdict == diagnose::Verdict::Fail,
             core.items.empty() ? "" : core.items.front().reason.c_str());
    QVERIFY(core.firstFailedPhase() && core.firstFailedPhase()->id == "gateway");
    pb::ui::VerdictWidget verdict;
    QSignalSpy verdictUpdated(&verdict, &pb::ui::VerdictWidget::updated);
    verdict.showRun(db, slow);
    QVERIFY(verdictUpdated.wait(60000));
    const QString verdictText = labelText(&verdict, "verdictLabel");
    QVERIFY2(verdictText.contains(QStringLiteral("gateway")), qPrintable(verdictText));
    const QString changes = labelText(&verdict, "verdictChanges");
    QVERIFY2(changes.contains(QStringLiteral("No budget was stored before the run")), qPrintable(changes));
    const auto* m = verdict.model();
    const int budgetRow =
        rowWhere(m, BudgetModel::Budget, QStringLiteral("gateway"), BudgetModel::RawValueRole);
    QCOMPARE(budgetRow, 0);
    QCOMPARE(m->data(m->index(budgetRow, pb::ui::BudgetModel::Measured), pb::ui::BudgetModel::RawValueRole)
                 .toDouble(),
             *core.firstFailedPhase()->observed);
    QCOMPARE(
        m->data(m->index(budgetRow, pb::ui::BudgetModel::N), pb::ui::BudgetModel::RawValueRole).toULongLong(),
        qulonglong(core.firstFailedPhase()->n));
}

// The default demo profile (stepped, budgets stored before the start), made
// short: the overview's verdict names the queue's budget, and its headline
// the knee and the first finding, from core's check and diagnosis.
void TestUiDiagnosisDemo::steppedDemoHeadline()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("stepped.phasebench"));
    auto options = session::demoOptions(db.toStdString());
    QCOMPARE(options.demoLoad.profile, demo::DemoProfile::Stepped);
    options.demoLoad.steps = {4, 12};
    options.demoLoad.duration = 16'000'000'000;
    const auto runId = session::MeasuredRun(options).run().endpoints.runId;
    QVERIFY(runId > 0);

    ui::VerdictWidget verdict;
    QSignalSpy updated(&verdict, &ui::VerdictWidget::updated);
    verdict.showRun(db, runId);
    QVERIFY(updated.wait(60000));
    const auto* results = verdict.results();
    QVERIFY(results && results->hasBudgets);
    const auto* first = results->check.firstFailedPhase();
    const QString verdictText = labelText(&verdict, "verdictLabel");
    QVERIFY2(first, qPrintable(verdictText));
    QCOMPARE(first->id, std::string("gpu_queue"));
    QCOMPARE(first->stage, std::string("rate-12"));
    QVERIFY2(verdictText.contains(QStringLiteral("gpu_queue broke its budget first")),
             qPrintable(verdictText));
    // The budget table says which stage each row decides.
    auto* m = verdict.model();
    QAbstractItemModelTester tester(m, QAbstractItemModelTester::FailureReportingMode::QtTest);
    const int row = rowWhere(m, BudgetModel::Budget, QStringLiteral("gpu_queue"), BudgetModel::RawValueRole);
    QCOMPARE(row, 0);
    QCOMPARE(m->data(m->index(row, pb::ui::BudgetModel::Stage), pb::ui::BudgetModel::RawValueRole).toString(),
             QStringLiteral("rate-12"));
    QCOMPARE(m->data(m->index(row, pb::ui::BudgetModel::Stage)).toString(), QStringLiteral("rate-12"));
    QVERIFY(results->knee && results->knee->kneeStage);
    QCOMPARE(*results->knee->kneeStage, std::string("rate-12"));
    QVERIFY(results->firstFinding);
    const QString headline = labelText(&verdict, "verdictHeadline");
    QVERIFY2(headline.contains(QStringLiteral("Knee: stage rate-12")), qPrintable(headline));
    // rate-4 meets them on a quiet machine; a busy one slows the pool's generation.
    const QString met = QStringLiteral("highest stage that met the budgets: ");
    if (results->knee->highestStageMetBudgets) {
        QCOMPARE(*results->knee->highestStageMetBudgets, std::string("rate-4"));
        QVERIFY2(headline.contains(met + QStringLiteral("rate-4")), qPrintable(headline));
    } else {
        QVERIFY2(!headline.contains(met), qPrintable(headline));
    }
    QVERIFY2(headline.contains(QStringLiteral("Finding 1 of %1").arg(results->findings)),
             qPrintable(headline));
}

QTEST_MAIN(TestUiDiagnosisDemo)
#include "tst_ui_diagnosis_demo.moc"
