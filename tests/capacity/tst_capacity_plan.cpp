// The capacity search's plan: growth until a rate does not meet the budgets,
// bisection to the precision, the rate limits, and the requests a stage needs
// for its budgets' intervals; the answer read from a stepped run's verdict.
#include "analysis/Capacity.h"
#include "budget/Budget.h"
#include "capacity/CapacitySearch.h"

#include <QTest>

#include <cmath>

using namespace pb;
using namespace pb::capacity;

namespace {

// Runs the plan against a deployment that meets the budgets up to `capacity` req/s.
std::vector<Probe> simulate(const CapacityPlan& plan, double capacity, std::size_t limit = 100)
{
    std::vector<Probe> done;
    while (done.size() < limit) {
        const auto next = nextProbeRate(plan, done);
        if (!next) {
            break;
        }
        done.push_back({*next, *next <= capacity ? ProbeDecision::Met : ProbeDecision::NotMet});
    }
    return done;
}

diagnose::CheckItem item(const std::string& stage, const std::string& metric, diagnose::Verdict v)
{
    diagnose::CheckItem i;
    i.stage = stage;
    i.metric = metric;
    i.kind = "phase";
    i.verdict = v;
    return i;
}

} // namespace

class TestCapacityPlan : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void bracketsTheCapacityWithinThePrecision_data()
    {
        QTest::addColumn<double>("capacity");
        QTest::addColumn<double>("start");
        QTest::addColumn<bool>("absolute");
        QTest::addColumn<double>("precision");
        QTest::newRow("demo knee, 10 %") << 7.8 << 3.0 << false << 0.1;
        QTest::newRow("high, 5 %") << 930.0 << 1.0 << false << 0.05;
        QTest::newRow("below the start, 0.5/s") << 2.2 << 40.0 << true << 0.5;
        QTest::newRow("exactly a probed rate") << 6.0 << 3.0 << false << 0.1;
    }
    void bracketsTheCapacityWithinThePrecision()
    {
        QFETCH(double, capacity);
        QFETCH(double, start);
        QFETCH(bool, absolute);
        QFETCH(double, precision);
        CapacityPlan plan;
        plan.startRate = start;
        plan.precision = precision;
        plan.precisionAbsolute = absolute;
        const auto done = simulate(plan, capacity);
        QVERIFY(done.size() < 30);
        const auto b = bracketOf(done);
        QVERIFY(b.met && b.notMet);
        QVERIFY(*b.met <= capacity);
        QVERIFY(*b.notMet > capacity);
        const double tolerance = absolute ? precision : precision * *b.notMet;
        QVERIFY2(*b.notMet - *b.met <= tolerance,
                 qPrintable(QStringLiteral("%1..%2").arg(*b.met).arg(*b.notMet)));
        // Growth first: every rate before the first failure is the one before times the growth.
        for (std::size_t i = 1; i < done.size() && done[i - 1].decision == ProbeDecision::Met; ++i) {
            if (done[i].rate > done[i - 1].rate) {
                const double grown = done[i - 1].rate * 2; // to three significant digits
                QVERIFY(std::abs(done[i].rate - grown) <= 0.005 * grown);
            }
        }
        // No rate twice.
        for (std::size_t i = 0; i < done.size(); ++i) {
            for (std::size_t j = i + 1; j < done.size(); ++j) {
                QVERIFY(done[i].rate != done[j].rate);
            }
        }
    }

    void stopsAtTheRateLimits()
    {
        CapacityPlan plan;
        plan.startRate = 10;
        plan.maxRate = 50;
        auto done = simulate(plan, 1e9);
        QCOMPARE(done.back().rate, 50.0);
        QCOMPARE(done.size(), std::size_t(4)); // 10, 20, 40, 50
        QVERIFY(!bracketOf(done).notMet);

        plan.minRate = 1;
        done = simulate(plan, 0.1);
        QCOMPARE(done.back().rate, 1.0);
        QVERIFY(!bracketOf(done).met);
    }

    void aFailureBelowAPassBoundsTheBracket()
    {
        // A noisy deployment: 8 met, 6 did not. The bracket stays below the lower failure.
        const std::vector<Probe> done{
            {4, ProbeDecision::Met}, {8, ProbeDecision::Met}, {6, ProbeDecision::NotMet}};
        const auto b = bracketOf(done);
        QCOMPARE(*b.met, 4.0);
        QCOMPARE(*b.notMet, 6.0);
        CapacityPlan plan;
        QCOMPARE(*nextProbeRate(plan, done), 5.0);
    }

    void requestsToDecideFollowTheIntervals()
    {
        budget::BudgetSet set;
        budget::PhaseBudget b;
        b.metric = "total";
        b.p = 0.9;
        set.budgets = {b};
        QCOMPARE(requestsToDecide(set), std::size_t(36)); // 0.9^36 <= 0.025 < 0.9^35
        QVERIFY(std::pow(0.9, 36) <= 0.025 && std::pow(0.9, 35) > 0.025);
        set.budgets[0].p = 0.95;
        QCOMPARE(requestsToDecide(set), std::size_t(72));
        set.budgets[0].p = 0.99;
        QVERIFY(requestsToDecide(set) > 360 && requestsToDecide(set) < 370);
        // An at-least budget needs the lower bound only.
        set.budgets[0].p = 0.5;
        set.budgets[0].direction = budget::Direction::AtLeast;
        QVERIFY(requestsToDecide(set) < 10);
        set.budgets[0].condition.minSamples = 50;
        QCOMPARE(requestsToDecide(set), std::size_t(50));
        set.gates.minSampleSize = 80;
        QCOMPARE(requestsToDecide(set), std::size_t(80));
    }

    void stageNames()
    {
        QCOMPARE(probeStageName(7.5), std::string("7.5/s"));
        QCOMPARE(probeStageName(12), std::string("12/s"));
        QCOMPARE(probeStageName(8.25), std::string("8.25/s"));
    }

    void answerByRateNotByTime()
    {
        analysis::LoadedRun run;
        // Stages in the order a search runs them.
        for (double r : {3.0, 6.0, 12.0, 9.0, 7.5, 8.25}) {
            run.config.stageRates.push_back({probeStageName(r), r, r});
        }
        run.config.stageRates.push_back({"ramp", 1, 5}); // no one rate: left out
        analysis::RunVerdict v;
        v.check.emplace();
        const std::vector<std::pair<double, diagnose::Verdict>> decided{
            {3, diagnose::Verdict::Pass},   {6, diagnose::Verdict::Pass},
            {12, diagnose::Verdict::Fail},  {9, diagnose::Verdict::Fail},
            {7.5, diagnose::Verdict::Pass}, {8.25, diagnose::Verdict::CannotDecide}};
        for (const auto& [r, verdict] : decided) {
            v.check->stages.push_back({probeStageName(r), "w", 40, verdict});
        }
        v.check->stages.push_back({"ramp", "w", 40, diagnose::Verdict::Fail});
        // Items as check orders them: failed single phases first, undecided later.
        v.check->items.push_back(item("9/s", "gpu_queue", diagnose::Verdict::Fail));
        v.check->items.push_back(item("8.25/s", "generation_server", diagnose::Verdict::Pass));
        v.check->items.push_back(item("8.25/s", "gpu_queue", diagnose::Verdict::CannotDecide));
        auto a = analysis::capacityAnswer(run, v);
        QCOMPARE(a.stages.size(), std::size_t(6));
        QCOMPARE(a.highestMet->rate, 7.5);
        QCOMPARE(a.lowestNotMet->rate, 8.25);
        QCOMPARE(a.breaking->metric, std::string("gpu_queue"));
        QCOMPARE(a.breaking->verdict, diagnose::Verdict::CannotDecide);
        QVERIFY(a.warnings.empty());

        // A failure at 8.25 takes precedence over the undecided item.
        v.check->items.insert(v.check->items.begin(), item("8.25/s", "gateway", diagnose::Verdict::Fail));
        v.check->stages[5].verdict = diagnose::Verdict::Fail;
        a = analysis::capacityAnswer(run, v);
        QCOMPARE(a.breaking->metric, std::string("gateway"));

        // A run of one stage is decided as a whole: that decision is the stage's.
        {
            analysis::LoadedRun one;
            one.config.stageRates.push_back({"3/s", 3, 3});
            analysis::RunVerdict whole;
            whole.check.emplace();
            whole.check->stages.push_back({"", "steady", 40, diagnose::Verdict::Fail});
            whole.check->items.push_back(item("", "gpu_queue", diagnose::Verdict::Fail));
            const auto single = analysis::capacityAnswer(one, whole);
            QCOMPARE(single.stages.size(), std::size_t(1));
            QCOMPARE(single.lowestNotMet->stage, std::string("3/s"));
            QCOMPARE(single.breaking->metric, std::string("gpu_queue"));
        }

        // A pass above a failure is reported; the answer stays below the failure.
        v.check->stages[1].verdict = diagnose::Verdict::Fail; // 6/s
        a = analysis::capacityAnswer(run, v);
        QCOMPARE(a.highestMet->rate, 3.0);
        QCOMPARE(a.lowestNotMet->rate, 6.0);
        QCOMPARE(a.warnings.size(), std::size_t(1)); // 7.5/s met
        QVERIFY(a.warnings.front().find("7.5/s") != std::string::npos);
    }
};

QTEST_APPLESS_MAIN(TestCapacityPlan)
#include "tst_capacity_plan.moc"
