// Arrival processes of the open executors (uniform, Poisson, gamma): the
// distribution of inter-arrival times (Kolmogorov-Smirnov against the
// exponential, the coefficient of variation of gamma), ramps by time
// rescaling, the seed, the scenario keys, and an engine run whose schedule
// is the seeded one with drops kept.
#include "LoadTestUtil.h"
#include "TestServers.h"
#include "load/Scheduler.h"

#include <QTest>

#include <algorithm>
#include <cmath>

using namespace pb;
using namespace pb::test;
using json = nlohmann::json;

namespace {

load::ArrivalOptions options(load::ArrivalKind kind, std::uint64_t seed, double burstiness = 1)
{
    load::ArrivalOptions o;
    o.kind = kind;
    o.seed = seed;
    o.burstiness = burstiness;
    return o;
}

std::vector<Nanos> offsets(load::ArrivalSchedule s, std::size_t max = 10'000'000)
{
    std::vector<Nanos> out;
    while (s.peek() && out.size() < max) {
        out.push_back(s.peek()->offset);
        s.pop();
    }
    return out;
}

// Inter-arrival gaps in seconds, the first measured from the stage start.
std::vector<double> gapsOf(const std::vector<Nanos>& t)
{
    std::vector<double> g;
    Nanos prev = 0;
    for (auto x : t) {
        g.push_back(double(x - prev) / 1e9);
        prev = x;
    }
    return g;
}

// The two-sided Kolmogorov-Smirnov statistic of `x` against Exp(rate).
double ksExponential(std::vector<double> x, double rate)
{
    std::sort(x.begin(), x.end());
    const double n = double(x.size());
    double d = 0;
    for (std::size_t i = 0; i < x.size(); ++i) {
        const double f = 1.0 - std::exp(-rate * x[i]);
        d = std::max({d, double(i + 1) / n - f, f - double(i) / n});
    }
    return d;
}

// Critical value at alpha = 0.01 (asymptotic: sqrt(-ln(alpha/2)/2) / sqrt(n)).
double ksCritical001(std::size_t n)
{
    return std::sqrt(-std::log(0.005) / 2.0) / std::sqrt(double(n));
}

double coefficientOfVariation(const std::vector<double>& x)
{
    double mean = 0;
    for (auto v : x) {
        mean += v;
    }
    mean /= double(x.size());
    double var = 0;
    for (auto v : x) {
        var += (v - mean) * (v - mean);
    }
    var /= double(x.size() - 1);
    return std::sqrt(var) / mean;
}

load::Stage step(double rate, Nanos duration)
{
    return load::Stage{"s", rate, rate, duration};
}

json openScenario(const std::string& url)
{
    auto j = baseScenario(url);
    j["request"]["stream"] = false;
    j["executor"] = {{"type", "constant-arrival-rate"}, {"rate", 100}, {"duration", "1s"}};
    return j;
}

QString parseError(const json& j)
{
    try {
        load::parseScenario(j.dump(), "s.json");
    } catch (const load::ScenarioError& e) {
        return QString::fromUtf8(e.what());
    }
    return {};
}

} // namespace

class TestArrival : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void poissonPassesKolmogorovSmirnov();
    void gammaCoefficientOfVariation();
    void sameSeedSameSchedule();
    void uniformIsUnchanged();
    void rampIsTimeRescaled();
    void plannedCountIsTheSchedule();
    void scenarioKeys();
    void scenarioRejectsBadValues();
    void engineFollowsTheSeededSchedule();
};

void TestArrival::poissonPassesKolmogorovSmirnov()
{
    const double rate = 1000;
    const std::size_t n = 100'000;
    // 100,000 arrivals at 1,000/s need 100 s; a longer stage and the first n of them.
    const auto t = offsets(
        load::ArrivalSchedule({step(rate, 200'000'000'000)}, options(load::ArrivalKind::Poisson, 42)), n);
    QCOMPARE(t.size(), n);
    QVERIFY(std::is_sorted(t.begin(), t.end()));
    const auto gaps = gapsOf(t);
    const double crit = ksCritical001(n);
    const double d = ksExponential(gaps, rate);
    QVERIFY2(d < crit, qPrintable(QStringLiteral("D = %1, critical %2").arg(d).arg(crit)));
    // The test can fail: the same gaps against a rate 5 % off are rejected.
    const double wrong = ksExponential(gaps, rate * 1.05);
    QVERIFY2(wrong > crit, qPrintable(QStringLiteral("D = %1, critical %2").arg(wrong).arg(crit)));
    // And so are evenly spaced arrivals at the right rate.
    const auto even = gapsOf(offsets(
        load::ArrivalSchedule({step(rate, 200'000'000'000)}, options(load::ArrivalKind::Uniform, 42)), n));
    QVERIFY(ksExponential(even, rate) > crit);
}

void TestArrival::gammaCoefficientOfVariation()
{
    const double rate = 500;
    for (double b : {0.5, 1.0, 2.0}) {
        const auto t = offsets(
            load::ArrivalSchedule({step(rate, 400'000'000'000)}, options(load::ArrivalKind::Gamma, 7, b)),
            100'000);
        QCOMPARE(t.size(), std::size_t(100'000));
        const auto gaps = gapsOf(t);
        const double cv = coefficientOfVariation(gaps);
        const double want = 1.0 / std::sqrt(b);
        QVERIFY2(std::abs(cv - want) < 0.03 * want,
                 qPrintable(QStringLiteral("burstiness %1: CV %2, expected %3").arg(b).arg(cv).arg(want)));
        // The mean inter-arrival time is 1 / rate whatever the burstiness.
        const double mean = double(t.back()) / 1e9 / double(t.size());
        QVERIFY2(std::abs(mean * rate - 1.0) < 0.02, qPrintable(QString::number(mean * rate)));
    }
    // Burstiness 1 is Poisson: it passes the same KS test.
    const auto g1 = gapsOf(offsets(
        load::ArrivalSchedule({step(rate, 400'000'000'000)}, options(load::ArrivalKind::Gamma, 9, 1.0)),
        100'000));
    QVERIFY(ksExponential(g1, rate) < ksCritical001(g1.size()));
}

void TestArrival::sameSeedSameSchedule()
{
    const std::vector<load::Stage> stages{step(200, 2'000'000'000), {"r", 200, 800, 3'000'000'000}};
    for (auto kind : {load::ArrivalKind::Poisson, load::ArrivalKind::Gamma}) {
        const auto a = offsets(load::ArrivalSchedule(stages, options(kind, 1234, 0.5)));
        const auto b = offsets(load::ArrivalSchedule(stages, options(kind, 1234, 0.5)));
        const auto c = offsets(load::ArrivalSchedule(stages, options(kind, 1235, 0.5)));
        QVERIFY(a.size() > 1000);
        QCOMPARE(a, b);
        QVERIFY(a != c);
        // Arrival k depends on (seed, stage, k) only: the second stage is the same
        // whatever the first stage holds.
        const auto longer = offsets(load::ArrivalSchedule(
            {step(200, 2'000'000'000), {"r", 200, 800, 3'000'000'000}}, options(kind, 1234, 0.5)));
        QCOMPARE(longer, a);
    }
}

void TestArrival::uniformIsUnchanged()
{
    // The default is k6's: arrival k at exactly k / rate.
    const auto t = offsets(load::ArrivalSchedule({step(100, 2'000'000'000)}));
    QCOMPARE(t.size(), std::size_t(200));
    for (std::size_t k = 0; k < t.size(); ++k) {
        QCOMPARE(t[k], Nanos(k) * 10'000'000);
    }
}

void TestArrival::rampIsTimeRescaled()
{
    // A ramp 0 -> 2000/s over 100 s: N(t) = 10 t^2. Mapped through N, the
    // arrivals are a unit-rate Poisson process (KS against Exp(1)), and each
    // tenth of the ramp holds its expected share.
    const double d = 100;
    const load::Stage ramp{"ramp", 0, 2000, Nanos(d * 1e9)};
    const auto t = offsets(load::ArrivalSchedule({ramp}, options(load::ArrivalKind::Poisson, 5)));
    const double expected = 1000 * d; // N(D)
    QVERIFY2(std::abs(double(t.size()) - expected) < 5 * std::sqrt(expected),
             qPrintable(QString::number(t.size())));
    std::vector<double> unitGaps;
    double prev = 0;
    for (auto x : t) {
        const double s = double(x) / 1e9;
        const double n = 2000 * s * s / (2 * d);
        unitGaps.push_back(n - prev);
        prev = n;
    }
    QVERIFY(ksExponential(unitGaps, 1.0) < ksCritical001(unitGaps.size()));
    for (int i = 0; i < 10; ++i) {
        const double a = i * d / 10;
        const double b = (i + 1) * d / 10;
        const double want = 10 * (b * b - a * a);
        const auto got = std::count_if(t.begin(), t.end(),
                                       [&](Nanos x) { return double(x) / 1e9 >= a && double(x) / 1e9 < b; });
        QVERIFY2(std::abs(double(got) - want) < 5 * std::sqrt(want) + 1,
                 qPrintable(QStringLiteral("tenth %1: %2 arrivals, expected %3").arg(i).arg(got).arg(want)));
    }
    // A stage at rate 0 holds nothing, and the next stage starts on time.
    const auto z = offsets(load::ArrivalSchedule({step(0, 1'000'000'000), step(100, 1'000'000'000)},
                                                 options(load::ArrivalKind::Poisson, 5)));
    QVERIFY(!z.empty());
    QVERIFY(z.front() >= 1'000'000'000);
}

void TestArrival::plannedCountIsTheSchedule()
{
    const std::vector<load::Stage> stages{step(300, 2'000'000'000), {"r", 300, 50, 2'000'000'000}};
    const load::ArrivalSchedule s(stages, options(load::ArrivalKind::Gamma, 77, 0.5));
    const auto t = offsets(s);
    const auto inFirst = std::count_if(t.begin(), t.end(), [](Nanos x) { return x < 2'000'000'000; });
    QCOMPARE(s.plannedCount(0), std::uint64_t(inFirst));
    QCOMPARE(s.plannedCount(1), std::uint64_t(t.size()) - std::uint64_t(inFirst));
}

void TestArrival::scenarioKeys()
{
    auto j = openScenario("http://127.0.0.1:9");
    auto s = load::parseScenario(j.dump(), "s.json");
    QCOMPARE(s.arrival, load::ArrivalKind::Uniform);
    QVERIFY(s.seedDrawn);
    j["executor"]["arrival"] = "gamma";
    j["executor"]["burstiness"] = 0.5;
    j["seed"] = 99;
    s = load::parseScenario(j.dump(), "s.json");
    QCOMPARE(s.arrival, load::ArrivalKind::Gamma);
    QCOMPARE(s.burstiness, 0.5);
    QCOMPARE(s.seed, std::uint64_t(99));
    auto config = json::parse(load::scenarioConfigJson(s, 1));
    QCOMPARE(config["seed"].get<std::uint64_t>(), std::uint64_t(99));
    QCOMPARE(config["seed_source"].get<std::string>(), std::string("scenario"));
    QCOMPARE(config["executor"]["arrival"].get<std::string>(), std::string("gamma"));
    QCOMPARE(config["executor"]["burstiness"].get<double>(), 0.5);
    // No seed: a random one, stored with the run so that the run can be repeated.
    j.erase("seed");
    const auto a = load::parseScenario(j.dump(), "s.json");
    const auto b = load::parseScenario(j.dump(), "s.json");
    QVERIFY(a.seed != b.seed);
    config = json::parse(load::scenarioConfigJson(a, 1));
    QCOMPARE(config["seed"].get<std::uint64_t>(), a.seed);
    QCOMPARE(config["seed_source"].get<std::string>(), std::string("random"));
    j["seed"] = config["seed"];
    QCOMPARE(load::parseScenario(j.dump(), "s.json").seed, a.seed);
}

void TestArrival::scenarioRejectsBadValues()
{
    const auto base = openScenario("http://127.0.0.1:9");
    const auto expectError = [&](const std::function<void(json&)>& edit, const char* message) {
        auto j = base;
        edit(j);
        const auto err = parseError(j);
        QVERIFY2(err == QString::fromUtf8(message), qPrintable(err));
    };
    expectError([](json& j) { j["executor"]["arrival"] = "bursty"; },
                R"(s.json: executor.arrival: expected "uniform", "poisson" or "gamma")");
    expectError([](json& j) { j["executor"]["arrival"] = 1; }, "s.json: executor.arrival: expected a string");
    expectError([](json& j) { j["executor"]["burstiness"] = 2; },
                R"(s.json: executor.burstiness: only used with "arrival": "gamma")");
    expectError(
        [](json& j) {
            j["executor"]["arrival"] = "gamma";
            j["executor"]["burstiness"] = 0;
        },
        "s.json: executor.burstiness: expected a positive number");
    expectError(
        [](json& j) {
            j["executor"]["arrival"] = "gamma";
            j["executor"]["burstiness"] = 0.001;
        },
        "s.json: executor.burstiness: expected a number from 0.01 to 1000");
    expectError([](json& j) { j["seed"] = -1; },
                "s.json: seed: expected an integer from 0 to 9007199254740991");
    expectError([](json& j) { j["seed"] = 1.5; },
                "s.json: seed: expected an integer from 0 to 9007199254740991");
    expectError([](json& j) { j["seed"] = "7"; },
                "s.json: seed: expected an integer from 0 to 9007199254740991");
    expectError(
        [](json& j) {
            j["executor"] = {
                {"type", "constant-vus"}, {"vus", 1}, {"duration", "1s"}, {"arrival", "poisson"}};
        },
        "s.json: executor.arrival: only used with the open executors (the closed model starts an iteration "
        "when the previous one ended)");
}

void TestArrival::engineFollowsTheSeededSchedule()
{
    // 200/s Poisson for 2 s into 4 slots of a server that takes 50 ms: about
    // 80/s can start, the rest is dropped at its scheduled time, never delayed.
    EventServerConfig cfg;
    cfg.delay = 50'000'000;
    EventServer server(cfg);
    auto j = openScenario(server.baseUrl());
    j["executor"] = {{"type", "constant-arrival-rate"},
                     {"rate", 200},
                     {"duration", "2s"},
                     {"max_in_flight", 4},
                     {"pre_allocated", 4},
                     {"arrival", "poisson"}};
    j["seed"] = 2024;
    const auto s = scenarioOf(j);
    const auto run = runEngine(s);
    std::vector<Nanos> scheduled;
    for (const auto& r : run.records) {
        if (r.attempt.value_or(1) == 1) {
            scheduled.push_back(*r.scheduledOffset);
        }
    }
    std::sort(scheduled.begin(), scheduled.end());
    // Exactly the seeded schedule, started and dropped alike.
    const auto planned = offsets(load::ArrivalSchedule(s.executor.stages, s.arrivalOptions()));
    QCOMPARE(scheduled, planned);
    const auto dropped = run.withOutcome(Outcome::Dropped);
    QVERIFY2(dropped.size() > planned.size() / 4, qPrintable(QString::number(dropped.size())));
    for (const auto& d : dropped) {
        QVERIFY(!d.startOffset && d.traceId.empty());
        QCOMPARE(d.errorClass, std::string("no_free_slot"));
    }
}

QTEST_GUILESS_MAIN(TestArrival)
#include "tst_arrival.moc"
