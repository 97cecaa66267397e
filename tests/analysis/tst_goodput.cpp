// Goodput (core/analysis/Goodput.h) on a fixture counted by hand, and the
// same figures through `stats`, the `check` gate (pass, fail, cannot decide)
// and the budgets stored with a run.
//
// tests/data/stats/goodput_stepped.csv, budgets "total <= 1000 ms" and
// "first_text <= 300 ms" (per request; the thresholds are inclusive):
//
// stage s1 (the run's first stage: no settle time, every row counts)
//   G01 completed  ttft 100  total  800   good
//   G02 completed  ttft 120  total  900   good
//   G03 completed  ttft 150  total 1200   over (total)
//   G04 completed  ttft 400  total  700   over (first_text)
//   G05 completed  no ttft   total  600   missing value: not good
//   G06 provider_error                    failed
//   G07 completed  ttft 200  total 1000   good (at the threshold)
//   G08 completed  ttft 300  total  950   good (at the threshold)
//   G09 timed_out                         failed
//   G10 completed  ttft  90  total  500   good
//   G11 cache hit                         left out (as in the latency figures)
//   -> 10 requests, 5 good, 2 failed, 2 over, 1 missing: share 0.5.
//   Window span 0..9500 ms (11 started, the cache hit included):
//   rate = 5 good / 9.5 s.
//
// stage s2 began at 20000 ms: its first 5000 ms are its settle time, so H01
// (over) and H02 (error) are left out; H03..H12 at 26000..35000 ms count:
//   H03..H10 completed ttft 100 total 800 good (8)
//   H11      completed ttft 100 total 1500 over
//   H12      client_error                  failed
//   -> 10 requests, 8 good, 1 failed, 1 over, 0 missing: share 0.8;
//   rate = 8 good / 9 s.
#include "CliTestUtil.h"
#include "TestUtil.h"
#include "analysis/Goodput.h"
#include "analysis/RunSummary.h"
#include "budget/Budget.h"
#include "budget/BudgetStore.h"
#include "store/RunStore.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include <cmath>

using namespace pb;
using Json = nlohmann::json;

namespace {

const char* kBudgets = R"({"slo": {"metric": "total", "statistic": "p50", "threshold": 1000},
  "phases": [{"metric": "first_text", "statistic": "p50", "threshold": 300}],
  "gates": {"min_goodput": 0.5, "min_sample_size": 5}})";
// Only gates: goodput has no budget to measure against.
const char* kGatesOnly = R"({"gates": {"min_goodput": 0.5, "min_sample_size": 5}})";
// A joined server phase on a run without spans.
const char* kJoinedPhase = R"({"phases": [{"metric": "gpu_queue", "statistic": "p50", "threshold": 300}],
  "gates": {"min_goodput": 0.5, "min_sample_size": 5}})";

QString k(const char* s)
{
    return QString::fromLatin1(s);
}

bool near(double a, double b)
{
    return std::abs(a - b) < 1e-9;
}

const Json* itemOf(const Json& check, const std::string& id, const std::string& stage)
{
    for (const auto& i : check["items"]) {
        if (i["id"] == id && i["stage"].is_string() && i["stage"] == stage) {
            return &i;
        }
    }
    return nullptr;
}

} // namespace

class TestGoodput : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void handCount();
    void unavailable();
    void budgetFileKey();
    void statsCli();
    void checkGatePass();
    void checkGateFail();
    void checkGateCannotDecide();
    void storedBudgets();
    void report();

private:
    QString write(const char* name, const char* text);
    Json json(const QStringList& args, int expectedCode);
    QTemporaryDir m_dir;
    QString m_db;
    QString m_budgets;
    QString m_fixture;
};

QString TestGoodput::write(const char* name, const char* text)
{
    const auto path = m_dir.filePath(k(name));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly)) {
        return {};
    }
    f.write(text);
    return path;
}

Json TestGoodput::json(const QStringList& args, int expectedCode)
{
    const auto r = test::runCli(args);
    if (r.code != expectedCode) {
        qWarning("exit %d: %s %s", r.code, r.err.constData(), r.out.constData());
        return {};
    }
    return Json::parse(r.out.toStdString(), nullptr, false);
}

void TestGoodput::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_db = m_dir.filePath(k("goodput.phasebench"));
    m_fixture = k(PHASEBENCH_TEST_DATA "/stats/goodput_stepped.csv");
    m_budgets = write("budgets.json", kBudgets);
    const auto r = test::runCli({k("import"), k("--db"), m_db, m_fixture});
    QVERIFY2(r.code == 0, r.err.constData());
}

void TestGoodput::handCount()
{
    RunStore store(m_db.toStdString(), RunStore::Mode::ReadOnly);
    const auto run = analysis::loadRun(store, 1);
    analysis::SummaryRequest request;
    request.budgets = budget::parseBudgets(kBudgets);
    const auto summary = analysis::summarizeRun(run, request);
    QCOMPARE(summary.windows.size(), std::size_t(2));

    const auto* s1 = summary.window("s1");
    QVERIFY(s1 && s1->goodput && s1->goodput->available());
    const auto& g1 = *s1->goodput;
    QCOMPARE(g1.requests, std::size_t(10));
    QCOMPARE(g1.good, std::size_t(5));
    QCOMPARE(g1.failed, std::size_t(2));
    QCOMPARE(g1.overBudget, std::size_t(2));
    QCOMPARE(g1.missing, std::size_t(1));
    QVERIFY(g1.share && near(*g1.share, 0.5));
    QVERIFY(g1.rate && near(*g1.rate, 5.0 / 9.5));
    QCOMPARE(g1.criteria.size(), std::size_t(2));
    QCOMPARE(g1.criteria[0].metric, std::string("total"));
    QCOMPARE(g1.criteria[0].threshold, 1000.0);
    QCOMPARE(g1.criteria[0].covered, std::size_t(8)); // the completed requests of s1

    const auto* s2 = summary.window("s2");
    QVERIFY(s2 && s2->goodput && s2->goodput->available());
    const auto& g2 = *s2->goodput;
    QCOMPARE(g2.requests, std::size_t(10));
    QCOMPARE(g2.good, std::size_t(8));
    QCOMPARE(g2.failed, std::size_t(1));
    QCOMPARE(g2.overBudget, std::size_t(1));
    QCOMPARE(g2.missing, std::size_t(0));
    QVERIFY(g2.share && near(*g2.share, 0.8));
    QVERIFY(g2.rate && near(*g2.rate, 8.0 / 9.0));

    // A budget covering another model only: every completed request of s1 is good
    // except those over the total budget (G03) -- first_text no longer applies.
    auto other = budget::parseBudgets(kBudgets);
    other.budgets[1].condition.filters.push_back({"model", {"another-model"}});
    const auto g = analysis::computeGoodput(run, summary.windows.front().window, other);
    QCOMPARE(g.good, std::size_t(7)); // G01 G02 G04 G05 G07 G08 G10
    QCOMPARE(g.overBudget, std::size_t(1));
    QCOMPARE(g.missing, std::size_t(0));
    QCOMPARE(g.criteria[1].covered, std::size_t(0));
    QVERIFY(!g.rate); // no arrival rate given
}

void TestGoodput::unavailable()
{
    RunStore store(m_db.toStdString(), RunStore::Mode::ReadOnly);
    const auto run = analysis::loadRun(store, 1);
    const auto window = analysis::figureWindows(run).front().window;
    const auto joined = analysis::computeGoodput(run, window, budget::parseBudgets(kJoinedPhase));
    QVERIFY(!joined.available());
    QVERIFY(joined.needsJoin);
    QVERIFY(!joined.share);
    QVERIFY2(joined.unavailable.find("no server spans") != std::string::npos, joined.unavailable.c_str());
    const auto none = analysis::computeGoodput(run, window, budget::parseBudgets(kGatesOnly));
    QCOMPARE(none.unavailable, std::string("no latency budget"));
    // A run without budgets has no goodput at all in its summary.
    QVERIFY(!analysis::summarizeRun(run).windows.front().goodput);
}

void TestGoodput::budgetFileKey()
{
    const auto set = budget::parseBudgets(kBudgets);
    QVERIFY(set.gates.minGoodput);
    QCOMPARE(*set.gates.minGoodput, 0.5);
    const auto again = budget::parseBudgets(budget::budgetsToJson(set));
    QVERIFY(again.gates.minGoodput);
    QCOMPARE(*again.gates.minGoodput, 0.5);
    QVERIFY_THROWS_EXCEPTION(budget::BudgetError,
                             budget::parseBudgets(R"({"gates": {"min_goodput": 1.5}})", "b.json"));
}

void TestGoodput::statsCli()
{
    const auto doc = json({k("stats"), k("--db"), m_db, k("--budgets"), m_budgets, k("--json")}, 0);
    QVERIFY(doc.contains("stages"));
    QCOMPARE(doc["stages"].size(), std::size_t(2));
    const auto& g1 = doc["stages"][0]["goodput"];
    QCOMPARE(doc["stages"][0]["stage"].get<std::string>(), std::string("s1"));
    QCOMPARE(g1["requests"].get<int>(), 10);
    QCOMPARE(g1["good"].get<int>(), 5);
    QCOMPARE(g1["failed"].get<int>(), 2);
    QCOMPARE(g1["over_budget"].get<int>(), 2);
    QCOMPARE(g1["missing_value"].get<int>(), 1);
    QVERIFY(near(g1["share"].get<double>(), 0.5));
    QVERIFY(near(g1["rate"].get<double>(), 5.0 / 9.5));
    QVERIFY(g1["budgets_source"].get<std::string>().rfind("file ", 0) == 0);
    const auto& g2 = doc["stages"][1]["goodput"];
    QCOMPARE(g2["good"].get<int>(), 8);
    QVERIFY(near(g2["share"].get<double>(), 0.8));

    const auto text = test::runCli({k("stats"), k("--db"), m_db, k("--budgets"), m_budgets});
    QCOMPARE(text.code, 0);
    const auto out = QString::fromUtf8(text.out);
    QVERIFY2(out.contains(k("5 of 10 requests: 50.00%")), qPrintable(out));
    QVERIFY2(out.contains(k("8 of 10 requests: 80.00%")), qPrintable(out));
    QVERIFY(out.contains(k("not good: 2 did not complete, 2 over a budget, 1 without a budgeted value")));
    QVERIFY(out.contains(k("per-request thresholds: total <= 1000.0 ms")));

    // Without --budgets and without stored budgets: no goodput.
    const auto plain = json({k("stats"), k("--db"), m_db, k("--json")}, 0);
    QVERIFY(plain["stages"][0]["goodput"].is_null());
}

void TestGoodput::checkGatePass()
{
    // The goodput gates pass; the run is undecided because stage s1's ten
    // values put the p50 budgets' intervals across their thresholds (issue 26's
    // interval rule; the check used to pass them).
    const auto doc = json({k("check"), k("--db"), m_db, k("--budgets"), m_budgets, k("--json")}, 4);
    QCOMPARE(doc["verdict"].get<std::string>(), std::string("cannot_decide"));
    for (const char* stage : {"s1", "s2"}) {
        const auto* item = itemOf(doc, "goodput", stage);
        QVERIFY2(item, stage);
        QCOMPARE((*item)["verdict"].get<std::string>(), std::string("pass"));
        QCOMPARE((*item)["kind"].get<std::string>(), std::string("gate"));
        QCOMPARE((*item)["n"].get<int>(), 10);
    }
    QVERIFY(near((*itemOf(doc, "goodput", "s1"))["observed"].get<double>(), 0.5)); // at the threshold
}

void TestGoodput::checkGateFail()
{
    const auto doc = json(
        {k("check"), k("--db"), m_db, k("--budgets"), m_budgets, k("--min-goodput"), k("0.75"), k("--json")},
        3);
    QCOMPARE(doc["verdict"].get<std::string>(), std::string("fail"));
    const auto* s1 = itemOf(doc, "goodput", "s1");
    QVERIFY(s1);
    QCOMPARE((*s1)["verdict"].get<std::string>(), std::string("fail"));
    QVERIFY(near((*s1)["observed"].get<double>(), 0.5));
    QVERIFY(near((*s1)["threshold"].get<double>(), 0.75));
    const auto reason = (*s1)["reason"].get<std::string>();
    QVERIFY2(reason.find("5 of 10 requests met every budget") != std::string::npos, reason.c_str());
    const auto* s2 = itemOf(doc, "goodput", "s2");
    QVERIFY(s2);
    QCOMPARE((*s2)["verdict"].get<std::string>(), std::string("pass"));
    QVERIFY(near((*s2)["observed"].get<double>(), 0.8));

    const auto text =
        test::runCli({k("check"), k("--db"), m_db, k("--budgets"), m_budgets, k("--min-goodput"), k("0.75")});
    QCOMPARE(text.code, 3);
    QVERIFY2(text.out.contains("gate goodput [s1]"), text.out.constData());

    QCOMPARE(
        test::runCli({k("check"), k("--db"), m_db, k("--budgets"), m_budgets, k("--min-goodput"), k("2")})
            .code,
        2);
}

void TestGoodput::checkGateCannotDecide()
{
    // Only gates: every other gate passes, goodput has no budget to measure against.
    const auto gatesOnly = write("gates-only.json", kGatesOnly);
    const auto doc = json({k("check"), k("--db"), m_db, k("--budgets"), gatesOnly, k("--json")}, 4);
    QCOMPARE(doc["verdict"].get<std::string>(), std::string("cannot_decide"));
    for (const char* stage : {"s1", "s2"}) {
        const auto* item = itemOf(doc, "goodput", stage);
        QVERIFY2(item, stage);
        QCOMPARE((*item)["verdict"].get<std::string>(), std::string("cannot_decide"));
        QCOMPARE((*item)["reason"].get<std::string>(), std::string("no latency budget"));
    }
    // Too few requests per stage for a decision.
    const auto small =
        write("small.json", R"({"slo": {"metric": "total", "statistic": "p50", "threshold": 1000},
      "gates": {"min_goodput": 0.5, "min_sample_size": 11}})");
    const auto few = json({k("check"), k("--db"), m_db, k("--budgets"), small, k("--json")}, 4);
    const auto* item = itemOf(few, "goodput", "s1");
    QVERIFY(item);
    QCOMPARE((*item)["verdict"].get<std::string>(), std::string("cannot_decide"));
    QVERIFY((*item)["reason"].get<std::string>().rfind("too few samples", 0) == 0);
}

void TestGoodput::storedBudgets()
{
    // A copy of the run with the budgets stored: every front end finds them itself.
    const auto db = m_dir.filePath(k("stored.phasebench"));
    QCOMPARE(test::runCli({k("import"), k("--db"), db, m_fixture}).code, 0);
    {
        RunStore store(db.toStdString());
        budget::attachBudgets(store, 1, budget::parseBudgets(kBudgets), "2020-01-01T00:00:00Z");
    }
    RunStore store(db.toStdString(), RunStore::Mode::ReadOnly);
    // A partial load still reads what goodput needs.
    analysis::LoadOptions options;
    options.columns = {"total"};
    const auto run = analysis::loadRun(store, 1, options);
    QVERIFY(run.budgets);
    const auto summary = analysis::summarizeRun(run);
    QVERIFY(summary.budgetsSource.rfind("stored version 1", 0) == 0);
    QVERIFY(summary.window("s1")->goodput);
    QCOMPARE(summary.window("s1")->goodput->good, std::size_t(5));

    const auto doc = json({k("stats"), k("--db"), db, k("--metric"), k("total"), k("--json")}, 0);
    QCOMPARE(doc["stages"][1]["goodput"]["good"].get<int>(), 8);
    QVERIFY(doc["stages"][1]["goodput"]["budgets_source"].get<std::string>().rfind("stored version 1", 0) ==
            0);
}

void TestGoodput::report()
{
    const auto md = m_dir.filePath(k("report.md"));
    const auto r = test::runCli({k("report"), k("--db"), m_db, k("--budgets"), m_budgets, k("-o"), md});
    QVERIFY2(r.code == 0, r.err.constData());
    QFile f(md);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const auto text = QString::fromUtf8(f.readAll());
    // The summary's per-stage table has a goodput column; each stage says what it counted.
    QVERIFY2(text.contains(k("Goodput (every budget met)")), qPrintable(text));
    QVERIFY(text.contains(k("| 50.00% (5 of 10) |")));
    QVERIFY(text.contains(k("| 80.00% (8 of 10) |")));
    QVERIFY(text.contains(
        k("Goodput: 5 of 10 requests met every latency budget at once (50.00%, 0.53 req/s); not "
          "good: 2 did not complete, 2 over a budget, 1 without a budgeted value.")));
}

QTEST_GUILESS_MAIN(TestGoodput)
#include "tst_goodput.moc"
