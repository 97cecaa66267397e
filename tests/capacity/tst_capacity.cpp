// The capacity search against the built-in demo gateway, beside a hand-made
// stepped run of the same pool in the same test: the search finds the pool's
// knee within one bisection step of what the stepped run shows, names the
// gpu queue as the phase that broke, stays within its time budget, and keeps
// every stage in one stepped run whose `check` decides each stage as the
// search did. The command's stopping rules and its refusals, end to end.
#include "CliTestUtil.h"
#include "analysis/Capacity.h"
#include "budget/Budget.h"
#include "capacity/CapacitySearch.h"
#include "demo/DemoFaults.h"
#include "demo/DemoScenario.h"
#include "loaded/LoadedRun.h"
#include "loaded/Windows.h"
#include "report/ReportOutline.h"
#include "session/MeasuredRun.h"
#include "store/RunStore.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include <cmath>

using namespace pb;

namespace {

analysis::ResolvedBudgets demoBudgets()
{
    return {.set = budget::parseBudgets(demo::demoBudgetsJson(), "demo"), .source = "demo"};
}

capacity::CapacityOptions demoSearch(const QString& db)
{
    capacity::CapacityOptions o;
    o.dbPath = db.toStdString();
    demo::DemoLoad load;
    load.profile = demo::DemoProfile::Steady;
    o.scenario = demo::demoScenario(load, "http://127.0.0.1:1/v1");
    o.scenario.budgetsJson.clear();
    o.budgets = *demoBudgets().set;
    o.budgetsSource = "demo";
    o.gateway = session::GatewayOptions{};
    o.receiver = session::ReceiverOptions{};
    return o;
}

QByteArray fileBytes(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TestCapacity : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void findsTheDemoPoolsKnee()
    {
        QTemporaryDir dir;
        // The hand-made stepped run: the demo's stages 3, 5, 7, 9 req/s with its budgets.
        const QString handDb = dir.filePath(QStringLiteral("stepped.phasebench"));
        session::MeasuredRun stepped(session::demoOptions(handDb.toStdString()));
        const auto steppedResult = stepped.run();
        RunStore handStore(handDb.toStdString(), RunStore::Mode::ReadOnly);
        const auto handRun = analysis::loadRun(handStore, steppedResult.load.runId);
        const auto hand = analysis::capacityAnswer(handRun, analysis::decideRun(handRun, demoBudgets()));
        QVERIFY2(hand.highestMet && hand.lowestNotMet, "the demo's stepped run passes the pool's knee");

        const QString db = dir.filePath(QStringLiteral("capacity.phasebench"));
        auto options = demoSearch(db);
        options.plan.maxTime = 300'000'000'000;
        std::vector<std::string> announced;
        options.onProbe = [&](const capacity::CapacityProbe& p, bool decided) {
            if (!decided) {
                announced.push_back(p.stage);
            }
        };
        capacity::CapacitySearch search(std::move(options));
        const auto result = search.run();
        const auto& a = result.answer;
        QVERIFY(!result.cancelled);
        QVERIFY2(a.highestMet && a.lowestNotMet, result.stopReason.c_str());
        qInfo("stepped run: met %g, not %g; search: met %g, not %g, %zu stages in %.0f s (%s)",
              hand.highestMet->rate, hand.lowestNotMet->rate, a.highestMet->rate, a.lowestNotMet->rate,
              result.probes.size(), result.seconds, result.stopReason.c_str());
        // Within one bisection step: the two brackets meet, widened by the search's last step.
        const double step = a.lowestNotMet->rate - a.highestMet->rate;
        QVERIFY(step <= 0.1 * a.lowestNotMet->rate + 1e-9);
        QVERIFY2(a.highestMet->rate < hand.lowestNotMet->rate + step,
                 "the search met a rate the stepped run failed");
        QVERIFY2(a.lowestNotMet->rate > hand.highestMet->rate - step,
                 "the search failed a rate the stepped run met");
        // The phase that broke at the next step: the gpu queue, owned by the inference pool.
        QVERIFY(a.breaking);
        QCOMPARE(a.breaking->metric, std::string("gpu_queue"));
        QCOMPARE(a.breaking->owner, std::optional(diagnose::Owner::InferencePool));
        // Within its time budget (the drain of a stage included).
        QVERIFY(result.seconds <= 300);
        QCOMPARE(announced.size(), result.probes.size());

        // One stepped run keeps every stage, and its verdict is the search's answer.
        RunStore store(db.toStdString(), RunStore::Mode::ReadOnly);
        QCOMPARE(store.catalogue().runs().size(), std::size_t(1));
        const auto run = analysis::loadRun(store, result.runId);
        QCOMPARE(run.info.status, RunStatus::Complete);
        const auto verdict = analysis::decideRun(run, demoBudgets());
        const auto again = analysis::capacityAnswer(run, verdict);
        QCOMPARE(again.highestMet->stage, a.highestMet->stage);
        QCOMPARE(again.lowestNotMet->stage, a.lowestNotMet->stage);
        QCOMPARE(again.stages.size(), result.probes.size());
        for (std::size_t i = 0; i < result.probes.size(); ++i) {
            const auto& p = result.probes[i];
            QVERIFY(verdict.stage(p.stage));
            // The first stage was decided alone (its window had no settle yet); the others as now.
            if (i > 0) {
                QCOMPARE(diagnose::stageVerdict(*verdict.check, p.stage), p.verdict);
            }
        }
        // Spans came with every stage: the gpu queue is a server phase.
        QVERIFY(run.hasSpans && run.joined);
        QVERIFY(run.join.coverage > 0.95);
        // The stages keep their true order in time.
        std::vector<std::string> ran;
        for (const auto& p : result.probes) {
            ran.push_back(p.stage);
        }
        QCOMPARE(analysis::runStages(run.table), ran);
        // The run's report leads with the same answer.
        report::ReportOptions reportOptions;
        reportOptions.runId = result.runId;
        const auto data = report::buildReport(store, run, nullptr, reportOptions);
        QVERIFY(data.capacity);
        const auto outline = report::buildOutline(data, {});
        const QString sentence = report::capacitySentence(a);
        QVERIFY(sentence.contains(QStringLiteral("gpu_queue")));
        QVERIFY(std::any_of(outline.begin(), outline.end(), [&](const report::OutlineItem& i) {
            return i.kind == report::OutlineItem::Kind::Emphasis && i.text == sentence;
        }));
        // No stage's scratch file is left behind.
        QVERIFY(!QFile::exists(db + QStringLiteral(".capacity-stage")));
        // No prompt text and no key in the file.
        QVERIFY(!fileBytes(db).contains(demo::kDemoToken));
    }

    void aStageAlreadyFailedStopsEarly()
    {
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("gateway.phasebench"));
        auto options = demoSearch(db);
        // +150 ms in the gateway: its p90 budget (60 ms) fails at any rate.
        options.gateway->faults = {*demo::parseFault("slow-gateway")};
        options.plan.startRate = 4;
        options.plan.minRate = 2;
        capacity::CapacitySearch search(std::move(options));
        const auto result = search.run();
        QCOMPARE(result.probes.size(), std::size_t(2)); // 4/s, then 2/s, the lowest allowed
        for (const auto& p : result.probes) {
            QCOMPARE(p.verdict, diagnose::Verdict::Fail);
            QVERIFY2(p.stoppedEarly.find("already decided (gateway failed)") != std::string::npos,
                     p.stoppedEarly.c_str());
        }
        QVERIFY(!result.answer.highestMet);
        QCOMPARE(result.answer.breaking->metric, std::string("gateway"));
        QCOMPARE(result.answer.breaking->owner, std::optional(diagnose::Owner::Gateway));
        // Cut short: fewer requests than the stages planned.
        RunStore store(db.toStdString(), RunStore::Mode::ReadOnly);
        const auto planned = std::llround(4 * double(result.probes[0].planned) / 1e9) +
                             std::llround(2 * double(result.probes[1].planned) / 1e9);
        QVERIFY(store.requestReader().requestCount(result.runId) < planned);
        QVERIFY(result.stopReason.find("lowest rate allowed") != std::string::npos);
    }

    void budgetsStopTheSearchBeforeAStageOverruns()
    {
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("small.phasebench"));
        auto requests = pb::test::runCli({QStringLiteral("capacity"), QStringLiteral("--demo"),
                                          QStringLiteral("--db"), db, QStringLiteral("--max-requests"),
                                          QStringLiteral("30"), QStringLiteral("--json")});
        QCOMPARE(requests.code, 3); // no rate met: none was tried
        auto j = nlohmann::json::parse(requests.out.toStdString());
        QVERIFY(j["stages"].empty());
        QVERIFY(j["stop_reason"].get<std::string>().find("request budget") != std::string::npos);

        auto time =
            pb::test::runCli({QStringLiteral("capacity"), QStringLiteral("--demo"), QStringLiteral("--db"),
                              db, QStringLiteral("--max-time"), QStringLiteral("5")});
        QCOMPARE(time.code, 3);
        QVERIFY(time.out.contains("time budget"));
    }

    void refusesWhatItCannotSearch()
    {
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("r.phasebench"));
        auto noBudgets = pb::test::runCli(
            {QStringLiteral("capacity"), QStringLiteral("x.json"), QStringLiteral("--db"), db});
        QCOMPARE(noBudgets.code, 2);
        QVERIFY(noBudgets.err.contains("--budgets"));
        auto precision =
            pb::test::runCli({QStringLiteral("capacity"), QStringLiteral("--demo"), QStringLiteral("--db"),
                              db, QStringLiteral("--precision"), QStringLiteral("150%")});
        QCOMPARE(precision.code, 2);
        // A closed-model scenario has no rate to search.
        const QString scenario = dir.filePath(QStringLiteral("closed.json"));
        QFile f(scenario);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(
            "{\"name\": \"closed\", \"target\": {\"base_url\": \"http://127.0.0.1:9/v1\", \"model\": \"m\"}, "
            "\"request\": {\"prompts\": [{\"prompts\": [\"hi\"]}], \"max_tokens\": 4}, "
            "\"executor\": {\"type\": \"constant-vus\", \"vus\": 2, \"duration\": \"2s\"}}");
        f.close();
        const QString budgets = dir.filePath(QStringLiteral("b.json"));
        QFile b(budgets);
        QVERIFY(b.open(QIODevice::WriteOnly));
        b.write(demo::demoBudgetsJson().c_str());
        b.close();
        auto closed = pb::test::runCli({QStringLiteral("capacity"), scenario, QStringLiteral("--budgets"),
                                        budgets, QStringLiteral("--db"), db});
        QCOMPARE(closed.code, 1);
        QVERIFY2(closed.err.contains("open executor"), closed.err.constData());
        QVERIFY(!QFile::exists(db)); // refused before the file was touched
    }
};

QTEST_GUILESS_MAIN(TestCapacity)
#include "tst_capacity.moc"
