// The SLO verdict of the overview and the diagnosis page on crafted runs
// (client rows with the seed's server span tree): the verdict names the phase
// that broke its budget first with core's figures, threshold changes after
// the run are shown, the diagnosis lists core's findings with their owners and
// evidence, a refused comparison shows its reason, evidence leads to the phase
// percentiles and trace IDs to the request. Models under QAbstractItemModelTester.
#include "BudgetModel.h"
#include "CliTestUtil.h"
#include "ComparisonModel.h"
#include "DiagnoseAnalysis.h"
#include "DiagnosisModel.h"
#include "DiagnosisPage.h"
#include "DistributionsPage.h"
#include "ExplorerModel.h"
#include "ExplorerPage.h"
#include "MainWindow.h"
#include "OverviewGoodputModel.h"
#include "OverviewModel.h"
#include "OverviewPage.h"
#include "PhasePercentilesPage.h"
#include "RequestTableModel.h"
#include "RequestsPage.h"
#include "VerdictWidget.h"
#include "budget/Budget.h"
#include "budget/BudgetStore.h"
#include "diagnose/Diagnose.h"
#include "diagnose/DiagnoseTestUtil.h"
#include "diagnose/RunData.h"
#include "ui/WidgetLookup.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QFile>
#include <QListWidget>
#include <QMessageBox>
#include <QPalette>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

using namespace pb;
using namespace pb::diagnose;
using namespace pb::budget;
using pb::test::Builder;
using pb::test::child;
using pb::test::labelText;
using pb::test::Req;
using pb::test::rowWhere;
using pb::ui::BudgetModel;
using pb::ui::DiagnosisModel;
using pb::ui::DiagnosisPage;
using pb::ui::EvidenceModel;
using pb::ui::VerdictWidget;

namespace {

constexpr int kWaitMs = 20000;

// gpu_queue 2500 ms against a 500 ms budget; the SLO (total 3000 ms) breaks too.
const char* kBudgets = R"({"defaults": {"window": "all"},
    "slo": {"metric": "total", "threshold": 3000},
    "phases": [{"metric": "gateway", "threshold": 100}, {"metric": "gpu_queue", "threshold": 500},
               {"metric": "generation_server", "threshold": 1500}]})";

struct Db
{
    QTemporaryDir dir;
    QString path;
    std::unique_ptr<RunStore> store;
    Db()
        : path(dir.filePath(QStringLiteral("d.phasebench")))
        , store(std::make_unique<RunStore>(path.toStdString()))
    {}
};

QVariant cell(const QAbstractItemModel& m, int row, int column, int role)
{
    return m.data(m.index(row, column), role);
}

// A JSON string member, empty when absent or null.
std::string text(const nlohmann::json& j, const char* key)
{
    return j.contains(key) && j[key].is_string() ? j[key].get<std::string>() : std::string();
}

// The model a table under `parent` shows.
template<class Model> Model* tableModel(const QObject* parent, const char* table)
{
    auto* model = qobject_cast<Model*>(child<QTableView>(parent, table)->model());
    if (!model) {
        qFatal("table %s does not show a %s", table, Model::staticMetaObject.className());
    }
    return model;
}

// The one widget of type W in the window (a page).
template<class W> W* only(const QObject* parent)
{
    const auto found = parent->findChildren<W*>();
    if (found.size() != 1) {
        qFatal("expected one %s, found %lld", W::staticMetaObject.className(),
               static_cast<long long>(found.size()));
    }
    return found.front();
}

// The row of budget or gate `id` in the verdict's table, or -1.
int rowOfBudget(const QAbstractItemModel* m, const char* id)
{
    return rowWhere(m, BudgetModel::Budget, QString::fromLatin1(id), BudgetModel::RawValueRole);
}

// The row of the first finding of rule `rule`, or -1.
int rowOfRule(const QAbstractItemModel* m, const char* rule)
{
    return rowWhere(m, DiagnosisModel::Symptom, QString::fromLatin1(rule), DiagnosisModel::RawValueRole);
}

// Chooses run `runId` in "Compare with" as the user would; the page diagnoses again.
bool chooseBaseline(DiagnosisPage& page, qint64 runId)
{
    auto* box = child<QComboBox>(&page, "diagnosisBaseline");
    const int index = box->findData(runId);
    if (index < 0 || index == box->currentIndex()) {
        return false;
    }
    box->setCurrentIndex(index);
    return true;
}

bool waitDiagnosis(DiagnosisPage& page)
{
    QSignalSpy spy(&page, &DiagnosisPage::updated);
    return spy.wait(kWaitMs);
}

// Kept as test output for reviewers when PHASEBENCH_SCREENSHOT_DIR is set.
void screenshot(QWidget& w, const char* name)
{
    const QString out = qEnvironmentVariable("PHASEBENCH_SCREENSHOT_DIR");
    if (!out.isEmpty()) {
        w.resize(1366, 768);
        w.show();
        QCoreApplication::sendPostedEvents();
        QVERIFY(w.grab().save(out + QLatin1Char('/') + QLatin1String(name)));
    }
}

} // namespace

class TestUiDiagnosis : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void verdictNamesFailingPhase();
    void overviewShowsGeneratorCost();
    void budgetFileAndNoBudgets();
    void statusColoursReadOnBothPalettes();
    void diagnosisOwnerAndEvidence();
    void diagnosisStages();
    void refusalShowsReason();
    void windowWiring();
    void oneVerdictInTheWindow();
    void breachAttributionFinding();
};

void TestUiDiagnosis::initTestCase()
{
    // Settings go to a test location, not the user's.
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("PhasebenchTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_ui_diagnosis"));
}

void TestUiDiagnosis::verdictNamesFailingPhase()
{
    Db db;
    Builder run(*db.store, "9 rps", "2026-01-10T12:00:00Z");
    Req q;
    q.queueMs = 2500;
    q.envelopeMs = 160;
    run.stage("9rps", 90, 9, 0, q);
    auto set = parseBudgets(kBudgets);
    attachBudgets(*db.store, run.runId, set, "2026-01-10T11:59:00Z"); // in effect
    set.budgets[2].threshold = 3000;                                  // gpu_queue, relaxed after the run
    attachBudgets(*db.store, run.runId, set, "2026-01-11T09:00:00Z");
    const auto core = evaluateBudgets(loadRunData(*db.store, run.runId), parseBudgets(kBudgets));
    const auto* coreQueue = core.firstFailedPhase();
    QVERIFY(coreQueue && coreQueue->id == "gpu_queue");

    pb::ui::OverviewPage page;
    auto* w = child<VerdictWidget>(&page, "verdictWidget");
    QAbstractItemModelTester tester(w->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy updated(w, &VerdictWidget::updated);
    page.showRun(db.path, run.runId);
    QVERIFY(updated.wait(kWaitMs));
    QVERIFY(w->results() && w->results()->hasBudgets);
    QCOMPARE(w->results()->check.verdict, Verdict::Fail);
    QVERIFY2(labelText(w, "verdictLabel").startsWith(QStringLiteral("\u2717 SLO verdict: FAIL")),
             qPrintable(labelText(w, "verdictLabel")));
    QVERIFY2(labelText(w, "verdictLabel").contains(QStringLiteral("gpu_queue")),
             qPrintable(labelText(w, "verdictLabel")));

    BudgetModel* m = w->model();
    QCOMPARE(m->rowCount(), int(core.items.size()));
    const int row = rowOfBudget(m, "gpu_queue");
    QCOMPARE(row, 0); // the phase that broke first leads
    QCOMPARE(cell(*m, row, BudgetModel::Measured, BudgetModel::RawValueRole).toDouble(),
             *coreQueue->observed);
    QCOMPARE(cell(*m, row, BudgetModel::Measured, BudgetModel::RawValueRole).toDouble(), 2500.0);
    QCOMPARE(cell(*m, row, BudgetModel::N, BudgetModel::RawValueRole).toULongLong(), qulonglong(90));
    QCOMPARE(cell(*m, row, BudgetModel::Threshold, BudgetModel::RawValueRole).toDouble(), 500.0); // version 1
    QCOMPARE(cell(*m, row, BudgetModel::Status, BudgetModel::RawValueRole).toString(),
             QStringLiteral("fail"));
    QCOMPARE(cell(*m, row, BudgetModel::Status, Qt::DecorationRole).value<QColor>(),
             BudgetModel::statusColor(Verdict::Fail, QApplication::palette()));
    const int gateway = rowOfBudget(m, "gateway");
    QVERIFY(gateway >= 0);
    QCOMPARE(cell(*m, gateway, BudgetModel::Status, BudgetModel::RawValueRole).toString(),
             QStringLiteral("pass"));
    // Colour and symbol: the verdict reads without colour too.
    QCOMPARE(cell(*m, gateway, BudgetModel::Status, Qt::DisplayRole).toString(),
             QStringLiteral("\u2713 pass"));
    QCOMPARE(cell(*m, row, BudgetModel::Status, Qt::DisplayRole).toString(), QStringLiteral("\u2717 fail"));
    QCOMPARE(cell(*m, gateway, BudgetModel::Status, Qt::DecorationRole).value<QColor>(),
             BudgetModel::statusColor(Verdict::Pass, QApplication::palette()));
    // The later version's change is noted.
    QVERIFY2(labelText(w, "verdictChanges").contains(QStringLiteral("gpu_queue")),
             qPrintable(labelText(w, "verdictChanges")));
    QVERIFY2(labelText(w, "verdictChanges").contains(QLocale().toString(3000.0, 'f', 1)),
             qPrintable(labelText(w, "verdictChanges")));
    screenshot(page, "overview-verdict.png");
}

void TestUiDiagnosis::budgetFileAndNoBudgets()
{
    Db db;
    Builder run(*db.store, "plain");
    // 80 requests: a p95 of fewer than 72 has no upper bound and cannot pass.
    run.stage("steady", 80, 5, 0, Req{});
    VerdictWidget w;
    QAbstractItemModelTester tester(w.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy updated(&w, &VerdictWidget::updated);
    w.showRun(db.path, run.runId);
    QVERIFY(updated.wait(kWaitMs));
    QVERIFY(w.results() && !w.results()->hasBudgets);
    QCOMPARE(w.model()->rowCount(), 0);
    QVERIFY(labelText(&w, "verdictLabel").contains(QStringLiteral("Budgets…")));

    // A file: every budget passes on healthy rows (queue 180 ms).
    const QString file = db.dir.filePath(QStringLiteral("b.json"));
    QFile f(file);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(kBudgets);
    f.close();
    w.loadBudgetFile(file);
    QVERIFY(updated.wait(kWaitMs));
    QVERIFY(w.results()->hasBudgets);
    QCOMPARE(w.results()->check.verdict, Verdict::Pass);
    QVERIFY2(labelText(&w, "verdictLabel").contains(QStringLiteral("PASS")),
             qPrintable(labelText(&w, "verdictLabel")));
    const int row = rowOfBudget(w.model(), "gpu_queue");
    QVERIFY(row >= 0);
    QCOMPARE(cell(*w.model(), row, BudgetModel::Measured, BudgetModel::RawValueRole).toDouble(), 180.0);
    QCOMPARE(cell(*w.model(), row, BudgetModel::N, BudgetModel::RawValueRole).toULongLong(), qulonglong(80));

    // A malformed file: the error is reported, nothing crashes.
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write("{\"phases\": 3}");
    f.close();
    QSignalSpy error(&w, &VerdictWidget::errorOccurred);
    w.loadBudgetFile(file);
    QVERIFY(error.wait(kWaitMs));
    QVERIFY(labelText(&w, "verdictLabel").contains(QStringLiteral("b.json")));
}

void TestUiDiagnosis::statusColoursReadOnBothPalettes()
{
    QPalette light;
    light.setColor(QPalette::Base, Qt::white);
    QPalette dark;
    dark.setColor(QPalette::Base, QColor(0x20, 0x20, 0x20));
    for (const auto v : {Verdict::Pass, Verdict::Fail, Verdict::CannotDecide}) {
        QVERIFY(BudgetModel::statusColor(v, light).lightness() < 128);
        QVERIFY(BudgetModel::statusColor(v, dark).lightness() > 128);
    }
    QVERIFY(BudgetModel::statusColor(Verdict::Pass, light) != BudgetModel::statusColor(Verdict::Fail, light));
}

void TestUiDiagnosis::diagnosisOwnerAndEvidence()
{
    Db db;
    Builder base(*db.store, "release 1");
    base.stage("steady", 100, 5, 0, Req{});
    Builder cur(*db.store, "release 2");
    Req q;
    q.gatewayMs = 190;
    cur.stage("steady", 100, 5, 0, q);
    const auto baseData = loadRunData(*db.store, base.runId);
    const auto core = runDiagnosis(loadRunData(*db.store, cur.runId), &baseData);
    QVERIFY(!core.refused);

    DiagnosisPage page;
    page.resize(1366, 768);
    page.show(); // a hidden page diagnoses when shown
    QAbstractItemModelTester tester(page.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    EvidenceModel* e = tableModel<EvidenceModel>(&page, "evidenceTable");
    QAbstractItemModelTester evidenceTester(e, QAbstractItemModelTester::FailureReportingMode::QtTest);
    page.showRun(db.path, cur.runId, db.store->catalogue().runs());
    QVERIFY(waitDiagnosis(page)); // the run's halves first
    QCOMPARE(child<QComboBox>(&page, "diagnosisBaseline")->count(), 2);
    QSignalSpy updated(&page, &DiagnosisPage::updated);
    QVERIFY(chooseBaseline(page, base.runId));
    QVERIFY(updated.wait(kWaitMs));
    QCOMPARE(page.results()->diagnosis.comparison, std::string("baseline_run"));
    QCOMPARE(page.model()->rowCount(), int(core.findings.size()));
    for (int i = 0; i < page.model()->rowCount(); ++i) {
        QCOMPARE(cell(*page.model(), i, DiagnosisModel::Symptom, DiagnosisModel::RawValueRole).toString(),
                 QString::fromStdString(core.findings[std::size_t(i)].rule));
    }
    const int row = rowOfRule(page.model(), "gateway");
    QVERIFY(row >= 0);
    QCOMPARE(cell(*page.model(), row, DiagnosisModel::Owner, DiagnosisModel::RawValueRole).toString(),
             QStringLiteral("gateway"));
    QCOMPARE(cell(*page.model(), row, DiagnosisModel::Owner, Qt::DisplayRole).toString(),
             DiagnosisModel::ownerText(Owner::Gateway));
    QVERIFY(!cell(*page.model(), row, DiagnosisModel::FirstCheck, Qt::DisplayRole).toString().isEmpty());

    page.selectFinding(row);
    const auto& finding = *page.model()->findingAt(row);
    QCOMPARE(e->rowCount(), int(finding.evidence.size()));
    int gatewayRow = -1;
    for (int i = 0; i < e->rowCount(); ++i) {
        if (cell(*e, i, EvidenceModel::Figure, EvidenceModel::RawValueRole).toString() ==
            QStringLiteral("gateway")) {
            gatewayRow = i;
        }
    }
    QVERIFY(gatewayRow >= 0);
    const auto& ev = finding.evidence[std::size_t(gatewayRow)];
    QCOMPARE(cell(*e, gatewayRow, EvidenceModel::Before, EvidenceModel::RawValueRole).toDouble(), *ev.before);
    QCOMPARE(cell(*e, gatewayRow, EvidenceModel::After, EvidenceModel::RawValueRole).toDouble(), *ev.after);
    QCOMPARE(*ev.before, 40.0);
    QCOMPARE(*ev.after, 190.0);
    QCOMPARE(cell(*e, gatewayRow, EvidenceModel::NBefore, EvidenceModel::RawValueRole).toULongLong(),
             qulonglong(ev.nBefore));
    QCOMPARE(cell(*e, gatewayRow, EvidenceModel::NAfter, EvidenceModel::RawValueRole).toULongLong(),
             qulonglong(100));
    QSignalSpy phase(&page, &DiagnosisPage::phaseRequested);
    page.activateEvidence(gatewayRow);
    QCOMPARE(phase.count(), 1);
    QCOMPARE(phase.front().front().toString(), QStringLiteral("gateway"));
    screenshot(page, "diagnosis.png");
}

void TestUiDiagnosis::diagnosisStages()
{
    Db db;
    Builder run(*db.store, "stepped");
    run.stage("6rps", 60, 6, 0, Req{});
    Req b;
    b.queueMs = 2500;
    b.envelopeMs = 160;
    run.stage("9rps", 90, 9, 10'000, b);
    DiagnosisPage page;
    page.showRun(db.path, run.runId, db.store->catalogue().runs());
    QVERIFY(!page.isComputing()); // hidden: diagnoses when shown
    QVERIFY(!page.results());
    QSignalSpy updated(&page, &DiagnosisPage::updated);
    page.show();
    QVERIFY(updated.wait(kWaitMs));
    QCOMPARE(page.results()->diagnosis.comparison, std::string("stages"));
    const int row = rowOfRule(page.model(), "queue_saturation");
    QVERIFY(row >= 0);
    QCOMPARE(cell(*page.model(), row, DiagnosisModel::Owner, DiagnosisModel::RawValueRole).toString(),
             QStringLiteral("inference_pool"));
    const QString state = labelText(&page, "diagnosisState");
    QVERIFY2(state.contains(QStringLiteral("9rps")), qPrintable(state));
}

void TestUiDiagnosis::refusalShowsReason()
{
    Db db;
    Builder base(*db.store, "short answers");
    base.stage("steady", 60, 5, 0, Req{});
    Builder cur(*db.store, "long answers");
    Req q;
    q.outputTokens = 400;
    q.generationMs = 4400;
    q.queueMs = 900;
    cur.stage("steady", 60, 5, 0, q);
    DiagnosisPage page;
    page.show();
    page.showRun(db.path, cur.runId, db.store->catalogue().runs());
    QVERIFY(waitDiagnosis(page));
    QSignalSpy updated(&page, &DiagnosisPage::updated);
    QVERIFY(chooseBaseline(page, base.runId));
    QVERIFY(updated.wait(kWaitMs));
    const auto& d = page.results()->diagnosis;
    QVERIFY(d.refused);
    QVERIFY(!d.refusedReasons.empty());
    const QString state = labelText(&page, "diagnosisState");
    QVERIFY2(state.contains(QStringLiteral("refused")), qPrintable(state));
    QVERIFY2(state.contains(QString::fromStdString(d.refusedReasons.front())), qPrintable(state));
    QCOMPARE(rowOfRule(page.model(), "queue_saturation"), -1);
}

void TestUiDiagnosis::windowWiring()
{
    Db db;
    Builder run(*db.store, "r");
    run.stage("steady", 30, 5, 0, Req{});
    const std::string trace = test::hex((static_cast<unsigned long long>(run.runId) << 32) + 5, 32);
    const auto seq = db.store->requestReader().seqOfTrace(run.runId, trace);
    QVERIFY(seq);
    db.store.reset();

    pb::ui::MainWindow window;
    QVERIFY(window.openWorkbench(db.path, false, pb::ui::MainWindow::Remember::No));
    QVERIFY(window.selectRun(run.runId));
    auto* page = child<DiagnosisPage>(&window, "diagnosisPage");
    auto* pages = child<QTabWidget>(&window, "pages");
    auto* requestsPage = only<pb::ui::RequestsPage>(&window);
    QCOMPARE(page->runId(), run.runId);
    QCOMPARE(pages->indexOf(page) >= 0, true);

    // Evidence naming a phase shows the phase percentiles.
    Q_EMIT page->phaseRequested(QStringLiteral("gpu_queue"));
    QCOMPARE(pages->currentWidget(),
             static_cast<QWidget*>(child<pb::ui::PhasePercentilesPage>(&window, "phasePercentilesPage")));
    // Evidence naming a trace selects its request (looked up off the GUI thread).
    QSignalSpy found(requestsPage, &pb::ui::RequestsPage::traceFound);
    Q_EMIT page->traceRequested(run.runId, QString::fromStdString(trace));
    QVERIFY(found.wait(10000));
    QCOMPARE(found.at(0).at(0).toLongLong(), *seq);
    QCOMPARE(pages->currentWidget(), static_cast<QWidget*>(requestsPage));
    const QModelIndex current = requestsPage->view()->currentIndex();
    QVERIFY(current.isValid());
    QCOMPARE(current.data(pb::ui::RequestTableModel::SeqRole).toLongLong(), *seq);
    // An unknown trace is reported, not selected.
    QSignalSpy errors(requestsPage, &pb::ui::RunPage::errorOccurred);
    QSignalSpy notFound(requestsPage, &pb::ui::RequestsPage::traceNotFound);
    requestsPage->findTrace(QString(32, QLatin1Char('f')));
    QVERIFY(errors.wait(10000));
    QVERIFY(!errors.at(0).at(0).toString().isEmpty());
    QCOMPARE(found.count(), 1);
    QCOMPARE(requestsPage->view()->currentIndex(), current);
    // Typed by the user, the same answer goes to the Find Trace dialog.
    requestsPage->findTrace(QString(32, QLatin1Char('e')), pb::ui::RequestsPage::Asker::User);
    QVERIFY(notFound.wait(10000));
    QVERIFY(!notFound.at(0).at(0).toString().isEmpty());
    auto* box = window.findChild<QMessageBox*>();
    QVERIFY(box);
    QCOMPARE(box->text(), notFound.at(0).at(0).toString());
    box->close();
    // A trace of another run is not looked up in the shown one.
    Q_EMIT page->traceRequested(run.runId + 1000, QString::fromStdString(trace));
    QCOMPARE(errors.count(), 2);
    // Find Trace is on Ctrl+F.
    auto* find = window.findChild<QAction*>(QStringLiteral("findTraceAction"));
    QVERIFY(find);
    QCOMPARE(find->shortcut(), QKeySequence(QKeySequence::Find));
}

// Issue 26's consistency test, the window's side (tst_check_cli's
// oneVerdictEverywhere has the commands'): one three-stage run with spans and
// stored budgets; the Overview's verdict (BudgetModel), its goodput and phase
// tables and the Diagnosis page show every verdict, the highest stage met,
// the knee stage, each stage's N and goodput exactly as `check --json`.
void TestUiDiagnosis::oneVerdictInTheWindow()
{
    Db db;
    // The fixture of tst_check_cli's oneVerdictEverywhere, its budgets stored.
    const std::int64_t runId = test::buildThreeStageRun(*db.store);
    attachBudgets(*db.store, runId, parseBudgets(test::kThreeStageBudgets), "2026-01-10T11:59:00Z");
    const auto out = test::runCli({QStringLiteral("check"), QStringLiteral("--json"), QStringLiteral("--db"),
                                   db.path, QStringLiteral("--run"), QString::number(runId)});
    QVERIFY2(out.code == 3, out.err.constData());
    const auto check = nlohmann::json::parse(out.out.toStdString());
    QCOMPARE(check["highest_stage_met"].get<std::string>(), std::string("5rps"));

    pb::ui::OverviewPage overview;
    auto* w = child<VerdictWidget>(&overview, "verdictWidget");
    QAbstractItemModelTester budgetTester(w->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    auto* goodputModel = tableModel<pb::ui::OverviewGoodputModel>(&overview, "overviewGoodput");
    QAbstractItemModelTester goodputTester(goodputModel,
                                           QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy verdictUpdated(w, &VerdictWidget::updated);
    QSignalSpy overviewUpdated(&overview, &pb::ui::OverviewPage::updated);
    overview.show();
    overview.showRun(db.path, runId);
    QVERIFY(verdictUpdated.wait(kWaitMs));
    QVERIFY(overviewUpdated.count() > 0 || overviewUpdated.wait(kWaitMs));

    // Every verdict, item for item: the same rows with the same status and N.
    const BudgetModel& m = *w->model();
    QCOMPARE(std::size_t(m.rowCount()), check["items"].size());
    for (const auto& item : check["items"]) {
        int found = -1;
        for (int row = 0; row < m.rowCount(); ++row) {
            const auto* i = m.itemAt(row);
            if (i->id == item["id"].get<std::string>() && i->stage == text(item, "stage") &&
                i->group == text(item, "group")) {
                found = row;
            }
        }
        QVERIFY2(found >= 0, item.dump().c_str());
        QCOMPARE(cell(m, found, BudgetModel::Status, BudgetModel::RawValueRole).toString().toStdString(),
                 item["verdict"].get<std::string>());
        if (item.contains("n") && item["n"].is_number()) {
            QCOMPARE(cell(m, found, BudgetModel::N, BudgetModel::RawValueRole).toULongLong(),
                     item["n"].get<qulonglong>());
        }
    }
    QCOMPARE(std::string(verdictName(w->results()->check.verdict)), check["verdict"].get<std::string>());
    // The knee and the highest stage met, as the Overview's headline has them.
    QVERIFY(w->results()->knee);
    QCOMPARE(w->results()->knee->highestStageMetBudgets.value_or(std::string()),
             check["highest_stage_met"].get<std::string>());
    // What the requests over the failed SLO are made of, as `check` attributes them.
    for (const auto& item : check["items"]) {
        if (item["id"] == "slo" && item["verdict"] == "fail") {
            const auto& a = item["attribution"];
            const QString shown = labelText(w, "verdictAttribution");
            QVERIFY2(shown.startsWith(QStringLiteral("Of the %1 requests over total p95")
                                          .arg(a["attributed"].get<qulonglong>())),
                     qPrintable(shown));
            QVERIFY2(shown.contains(
                         QStringLiteral("%1 (100%, interval").arg(a["shares"][0]["count"].get<qulonglong>())),
                     qPrintable(shown));
            QVERIFY2(shown.contains(QStringLiteral("dominated by gpu_queue (owner:")), qPrintable(shown));
            QVERIFY(shown.contains(QStringLiteral("in stage 9rps")));
        }
    }

    // Per stage: N (the phase table's total) and goodput (the goodput table).
    const auto& stages = check["stages"];
    QCOMPARE(stages.size(), std::size_t(3));
    const pb::ui::OverviewModel& phases = *overview.model();
    const pb::ui::OverviewGoodputModel& goodput = *goodputModel;
    QCOMPARE(goodput.rowCount(), 3);
    for (std::size_t i = 0; i < stages.size(); ++i) {
        const QString stage = QString::fromStdString(stages[i]["stage"].get<std::string>());
        const int row = phases.rowOfMetric(QStringLiteral("total"), stage);
        QVERIFY(row >= 0);
        QCOMPARE(
            cell(phases, row, pb::ui::OverviewModel::N, pb::ui::OverviewModel::RawValueRole).toULongLong(),
            stages[i]["n"].get<qulonglong>());
        QCOMPARE(cell(goodput, int(i), pb::ui::OverviewGoodputModel::Stage,
                      pb::ui::OverviewGoodputModel::RawValueRole)
                     .toString(),
                 stage);
        for (const auto& item : check["items"]) {
            if (item["id"] == "goodput" && item["stage"] == stages[i]["stage"]) {
                QCOMPARE(cell(goodput, int(i), pb::ui::OverviewGoodputModel::Share,
                              pb::ui::OverviewGoodputModel::RawValueRole)
                             .toDouble(),
                         item["observed"].get<double>());
            }
        }
    }

    // The Diagnosis page: the same knee and highest stage met.
    DiagnosisPage page;
    QSignalSpy updated(&page, &DiagnosisPage::updated);
    page.showRun(db.path, runId, db.store->catalogue().runs());
    page.show();
    QVERIFY(updated.wait(kWaitMs));
    const auto& knee = page.results()->diagnosis.knee;
    QVERIFY(knee);
    QCOMPARE(knee->highestStageMetBudgets.value_or(std::string()),
             check["highest_stage_met"].get<std::string>());
    QCOMPARE(knee->kneeStage.value_or(std::string()), std::string("9rps"));
    QCOMPARE(*knee->kneeStage, *w->results()->knee->kneeStage);
    QCOMPARE(knee->stages.size(), stages.size());
    for (std::size_t i = 0; i < stages.size(); ++i) {
        QCOMPARE(knee->stages[i].stage, stages[i]["stage"].get<std::string>());
        QCOMPARE(qulonglong(knee->stages[i].n), stages[i]["n"].get<qulonglong>());
        QVERIFY(knee->stages[i].metBudgets.has_value());
        QCOMPARE(*knee->stages[i].metBudgets, stages[i]["verdict"] == "pass");
    }

    // The Distributions page's N (its comparison model) and the Explorer's
    // stage filter: each stage's steady window, the N of `check`.
    pb::ui::DistributionsPage dist;
    auto* comparison = tableModel<pb::ui::ComparisonModel>(&dist, "distributionComparison");
    QAbstractItemModelTester distTester(comparison, QAbstractItemModelTester::FailureReportingMode::QtTest);
    auto* metric = child<QComboBox>(&dist, "distributionMetric");
    metric->setCurrentIndex(metric->findData(QStringLiteral("total")));
    QSignalSpy distUpdated(&dist, &pb::ui::DistributionsPage::updated);
    dist.show();
    dist.showRun(db.path, runId);
    QVERIFY(distUpdated.wait(kWaitMs));
    QVERIFY(child<QComboBox>(&dist, "distributionGroup")->isHidden()); // one model and scenario
    auto* distWindow = child<QComboBox>(&dist, "distributionWindow");
    pb::ui::ExplorerPage explorer;
    auto* explorerModel = tableModel<pb::ui::ExplorerModel>(&explorer, "explorerTable");
    QAbstractItemModelTester explorerTester(explorerModel,
                                            QAbstractItemModelTester::FailureReportingMode::QtTest);
    auto* explorerStage = child<QComboBox>(&explorer, "explorerStage");
    QSignalSpy explorerUpdated(&explorer, &pb::ui::ExplorerPage::updated);
    explorer.show();
    explorer.showRun(db.path, runId);
    QVERIFY(explorerUpdated.wait(kWaitMs));
    for (std::size_t i = 0; i < stages.size(); ++i) {
        const QString stage = QString::fromStdString(stages[i]["stage"].get<std::string>());
        const int index = distWindow->findData(QStringLiteral("stage:") + stage);
        QVERIFY(index >= 0);
        distUpdated.clear();
        distWindow->setCurrentIndex(index);
        Q_EMIT distWindow->activated(index);
        QVERIFY(distUpdated.wait(kWaitMs));
        QCOMPARE(comparison->value(pb::ui::ComparisonModel::Count, pb::ui::ComparisonModel::SideA),
                 std::optional<double>(stages[i]["n"].get<double>()));
        // Every request of the fixture completed: the filter's matches are the window's N.
        const int s = explorerStage->findText(stage);
        QVERIFY(s >= 0);
        QSignalSpy listed(&explorer, &pb::ui::ExplorerPage::listed);
        explorerStage->setCurrentIndex(s);
        Q_EMIT explorerStage->activated(s);
        QVERIFY(listed.wait(kWaitMs));
        QCOMPARE(qulonglong(explorerModel->matchCount()), stages[i]["n"].get<qulonglong>());
    }
}

// Issue 32: the Diagnosis page shows core's breach attribution as a finding
// owned by the dominant phase's owner, its shares as evidence.
// The Overview shows the generator's CPU per request beside its lag, and
// the sessions the run's end stopped, from the stored figures; a run
// without them says so.
void TestUiDiagnosis::overviewShowsGeneratorCost()
{
    Db db;
    Builder run(*db.store, "load", "2026-01-10T12:00:00Z");
    run.stage("steady", 40, 4, 0, Req{});
    pb::store::LoadFigures f;
    f.attempts = 40;
    f.generatorLagP99Ms = 0.6;
    f.generatorCpuSeconds = 0.008; // 200 us of engine CPU a request
    f.generatorWriterCpuSeconds = 0.002;
    f.sessionsCut = 3;
    db.store->catalogue().setLoadFigures(run.runId, f);
    Builder imported(*db.store, "import", "2026-01-10T13:00:00Z");
    imported.stage("steady", 10, 4, 0, Req{});

    pb::ui::OverviewPage page;
    QSignalSpy shown(&page, &pb::ui::RunPage::resultShown);
    page.showRun(db.path, run.runId);
    QVERIFY(shown.wait(kWaitMs));
    const QLocale l;
    QCOMPARE(labelText(&page, "overviewGeneratorCpu"),
             QStringLiteral("%1 µs per request (engine %2 µs, writer %3 µs); %4 s over 40 requests")
                 .arg(l.toString(250.0, 'f', 1), l.toString(200.0, 'f', 1), l.toString(50.0, 'f', 1),
                      l.toString(0.01, 'f', 2)));
    // A sessions run says why it has fewer later turns than its plan.
    QVERIFY(labelText(&page, "overviewOutcomes")
                .endsWith(QStringLiteral("\n3 sessions stopped by the run's end before their last turn")));
    page.showRun(db.path, imported.runId);
    QVERIFY(shown.wait(kWaitMs));
    QVERIFY(!labelText(&page, "overviewOutcomes").contains(QStringLiteral("sessions")));
    QCOMPARE(labelText(&page, "overviewGeneratorCpu"),
             QStringLiteral("not recorded (not a load run of Phasebench)"));
}

void TestUiDiagnosis::breachAttributionFinding()
{
    Db db;
    // A passing stage (the typical values), then one where 80 % of the
    // requests wait 3 s in the queue and 20 % generate for 4 s: two classes.
    Builder run(*db.store, "two classes", "2026-01-10T12:00:00Z");
    Req q;
    q.queueMs = 100;
    run.stage("3rps", 180, 3, 0, q);
    q.queueMs = 3000;
    run.stage("9rps", 400, 8, 60'000, q);
    q.queueMs = 100;
    q.generationMs = 4000;
    run.stage("9rps", 100, 2, 60'100, q);
    const std::int64_t runId = run.runId;
    attachBudgets(*db.store, runId, parseBudgets(test::kThreeStageBudgets), "2026-01-10T11:59:00Z");
    DiagnosisPage page;
    page.resize(1366, 768);
    page.show();
    QAbstractItemModelTester tester(page.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    EvidenceModel* e = tableModel<EvidenceModel>(&page, "evidenceTable");
    QAbstractItemModelTester evidenceTester(e, QAbstractItemModelTester::FailureReportingMode::QtTest);
    page.showRun(db.path, runId, db.store->catalogue().runs());
    QVERIFY(waitDiagnosis(page));
    const int row = rowOfRule(page.model(), "breach_attribution");
    QVERIFY(row >= 0);
    QCOMPARE(cell(*page.model(), row, DiagnosisModel::Owner, DiagnosisModel::RawValueRole).toString(),
             QStringLiteral("inference_pool"));
    page.selectFinding(row);
    const auto& finding = *page.model()->findingAt(row);
    QVERIFY2(finding.note.find("dominated by gpu_queue") != std::string::npos, finding.note.c_str());
    QCOMPARE(e->rowCount(), int(finding.evidence.size()));
    QCOMPARE(cell(*e, 0, EvidenceModel::Figure, EvidenceModel::RawValueRole).toString(),
             QStringLiteral("gpu_queue share of over-budget requests"));

    // The trace list holds the worst requests of every class, as core ranks them.
    QStringList expected;
    const auto core = evaluateBudgets(loadRunData(*db.store, runId), parseBudgets(test::kThreeStageBudgets));
    for (const auto& item : core.items) {
        if (item.verdict == Verdict::Fail && item.attribution &&
            item.attribution->decomposition != "one phase" &&
            finding.note.find("budget '" + item.id + "'") != std::string::npos) {
            for (const auto& share : item.attribution->shares) {
                for (const auto& worst : share.worst) {
                    expected << QString::fromStdString(worst.traceId);
                }
            }
        }
    }
    QCOMPARE(expected.size(), 6); // the three worst of each class
    auto* traces = page.findChild<QListWidget*>(QStringLiteral("diagnosisTraces"));
    QVERIFY(traces);
    QStringList listed;
    for (int i = 0; i < traces->count(); ++i) {
        listed << traces->item(i)->text();
    }
    QCOMPARE(listed, expected);
}

QTEST_MAIN(TestUiDiagnosis)

#include "tst_ui_diagnosis.moc"
