// The load figures of the run timeline: stage spans, binned run samples and
// the per-stage knee figures, on a crafted stepped run whose rates, latencies
// and completions are known.
#include "stats/Knee.h"

#include <QTest>

#include <cmath>
#include <optional>
#include <string>
#include <vector>

using namespace pb;
using namespace pb::stats;

namespace {

struct Row
{
    std::string stage;
    double scheduled = 0;
    std::optional<double> start; // empty: a dropped iteration
    double total = kNull;
    double ttft = kNull;
    double queue = kNull;
    std::string outcome = "completed";
};

void addCategory(RequestTable& t, const std::string& name, const std::vector<std::string>& values)
{
    CategoryColumn c{name, {}, {}};
    for (const auto& v : values) {
        auto code = c.codeOf(v);
        if (code < 0) {
            c.labels.push_back(v);
            code = static_cast<std::int32_t>(c.labels.size() - 1);
        }
        c.codes.push_back(code);
    }
    t.categories.push_back(std::move(c));
}

RequestTable tableOf(const std::vector<Row>& rows, bool withQueue)
{
    RequestTable t;
    t.rows = rows.size();
    NumericColumn scheduled{"scheduled_offset", {}}, start{"start_offset", {}}, total{"total", {}},
        ttft{"first_text", {}}, queue{"gpu_queue", {}};
    std::vector<std::string> stages, outcomes;
    for (const auto& r : rows) {
        scheduled.values.push_back(r.scheduled);
        start.values.push_back(r.start.value_or(kNull));
        total.values.push_back(r.total);
        ttft.values.push_back(r.ttft);
        queue.values.push_back(r.queue);
        stages.push_back(r.stage);
        outcomes.push_back(r.outcome);
    }
    t.numeric = {scheduled, start, total, ttft};
    if (withQueue) {
        t.numeric.push_back(queue);
    }
    addCategory(t, "stage", stages);
    addCategory(t, "outcome", outcomes);
    return t;
}

// warmup: 2 requests at 0 and 500 ms, total 300 ms. r2: 20 at 2/s from 1 s, total 400 ms,
// TTFT 100 + i, queue 10. r4: 40 at 4/s from 11 s, total 800 ms, queue
// 300 + i; #5 dropped, #10 and #11 provider errors.
std::vector<Row> steppedRun()
{
    std::vector<Row> rows;
    for (int i = 0; i < 2; ++i) {
        rows.push_back({"warmup", i * 500.0, i * 500.0, 300.0, 500.0, 200.0});
    }
    for (int i = 0; i < 20; ++i) {
        const double at = 1000.0 + i * 500.0;
        rows.push_back({"r2", at, at, 400.0, 100.0 + i, 10.0});
    }
    for (int i = 0; i < 40; ++i) {
        const double at = 11000.0 + i * 250.0;
        Row r{"r4", at, at, 800.0, 150.0, 300.0 + i};
        if (i == 5) {
            r.start.reset();
            r.total = r.ttft = r.queue = kNull;
            r.outcome = "dropped";
        } else if (i == 10 || i == 11) {
            r.total = 50.0;
            r.ttft = r.queue = kNull;
            r.outcome = "provider_error";
        }
        rows.push_back(r);
    }
    return rows;
}

// 21 one-second samples: target 1/s in the warm-up second, 2/s to 11 s,
// then 4/s; achieved 3.9/s in r4; completions 1, then 2/s, then 3/s;
// in-flight k; one dropped iteration at 15 s.
std::vector<RunSample> steppedSamples(bool closed = false)
{
    std::vector<RunSample> out;
    for (int k = 0; k <= 20; ++k) {
        RunSample s;
        s.offset = Nanos(k) * 1'000'000'000;
        s.interval = 1'000'000'000;
        s.targetRate = closed ? 0.0 : k < 1 ? 1.0 : k < 11 ? 2.0 : 4.0;
        s.achievedRate = k < 1 ? 1.0 : k < 11 ? 2.0 : 3.9;
        s.completed = k < 1 ? 1 : k < 11 ? 2 : 3;
        s.inFlight = k;
        s.dropped = k == 15 ? 1 : 0;
        s.outputTokensPerSecond = 100;
        out.push_back(s);
    }
    return out;
}

bool near(const std::optional<double>& v, double expected, double tol = 1e-9)
{
    return v && std::abs(*v - expected) <= tol;
}

} // namespace

class TestKnee : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void spansFromRequests();
    void spansEndAtSamples();
    void noStageColumn();
    void binsOfSamples();
    void closedModelHasNoTarget();
    void kneeFromRequests();
    void kneeFromSamples();
    void storedRatesWin();
    void withoutQueue();
};

void TestKnee::spansFromRequests()
{
    const auto spans = stageSpans(tableOf(steppedRun(), true));
    QCOMPARE(spans.size(), std::size_t(3));
    QCOMPARE(spans[0].stage, std::string("warmup"));
    QCOMPARE(spans[0].fromMs, 0.0);
    QCOMPARE(spans[0].toMs, 1000.0);
    QCOMPARE(spans[1].stage, std::string("r2"));
    QCOMPARE(spans[1].fromMs, 1000.0);
    QCOMPARE(spans[1].toMs, 11000.0);
    QCOMPARE(spans[2].stage, std::string("r4"));
    QCOMPARE(spans[2].fromMs, 11000.0);
    // 40 arrivals (the dropped one by its schedule) 250 ms apart span 10 s.
    QCOMPARE(spans[2].toMs, 21000.0);
}

void TestKnee::spansEndAtSamples()
{
    const auto spans = stageSpans(tableOf(steppedRun(), true), 22500.0);
    QCOMPARE(spans.back().toMs, 22500.0);
    QCOMPARE(spans[1].toMs, 11000.0);
}

void TestKnee::noStageColumn()
{
    RequestTable t;
    t.rows = 1;
    t.numeric = {{"start_offset", {5.0}}};
    QVERIFY(stageSpans(t).empty());
    const auto knee = stageKnee(t);
    QVERIFY(knee.points.empty());
    QCOMPARE(knee.warnings.front(), std::string("fewer than two stages: no knee chart"));
}

void TestKnee::binsOfSamples()
{
    const auto samples = steppedSamples();
    QVERIFY(binSamples(samples, 0).empty());
    const auto bins = binSamples(samples, 5000);
    QCOMPARE(bins.size(), std::size_t(5));
    QCOMPARE(bins[0].fromMs, 0.0);
    QCOMPARE(bins[0].toMs, 5000.0);
    QCOMPARE(bins[0].coveredMs, 5000.0);
    QVERIFY(near(bins[0].targetRate, (1.0 + 4 * 2.0) / 5));
    QCOMPARE(bins[0].completed, std::int64_t(9));
    QCOMPARE(bins[0].completedRate, 9.0 / 5);
    QCOMPARE(bins[0].inFlight, 2.0); // mean of 0..4
    QVERIFY(near(bins[2].targetRate, (2.0 + 4 * 4.0) / 5));
    QVERIFY(std::abs(bins[2].achievedRate - (2.0 + 4 * 3.9) / 5) < 1e-9);
    QCOMPARE(bins[3].dropped, std::int64_t(1));
    QCOMPARE(bins[2].dropped, std::int64_t(0));
    // The last bin holds only the sample at 20 s.
    QCOMPARE(bins[4].fromMs, 20000.0);
    QCOMPARE(bins[4].coveredMs, 1000.0);
    QCOMPARE(bins[4].completedRate, 3.0);
    QCOMPARE(bins[4].outputTokensPerSecond, 100.0);
}

void TestKnee::closedModelHasNoTarget()
{
    const auto bins = binSamples(steppedSamples(true), 1000);
    QCOMPARE(bins.size(), std::size_t(21));
    for (const auto& b : bins) {
        QVERIFY(!b.targetRate);
    }
    QCOMPARE(bins[12].achievedRate, 3.9);
}

void TestKnee::kneeFromRequests()
{
    const auto knee = stageKnee(tableOf(steppedRun(), true));
    QVERIFY(!knee.fromSamples);
    QVERIFY(knee.queueAvailable);
    QCOMPARE(knee.points.size(), std::size_t(2)); // the warm-up is no point
    const auto& a = knee.points[0];
    QCOMPARE(a.stage, std::string("r2"));
    QCOMPARE(a.started, std::size_t(20));
    QCOMPARE(a.completed, std::size_t(20));
    QCOMPARE(a.dropped, std::size_t(0));
    QVERIFY(!a.requestedRate); // an import has no plan
    QVERIFY(near(a.arrivalRate, 2.0));
    // Completions at start + 400 ms within [1.4 s, 11.4 s): all 20 of r2.
    QVERIFY(near(a.throughput, 2.0));
    QVERIFY(near(a.ttftP95, 118.0)); // nearest rank 19 of 100..119
    QCOMPARE(a.ttftN, std::size_t(20));
    QVERIFY(near(a.queueP95, 10.0));

    const auto& b = knee.points[1];
    QCOMPARE(b.stage, std::string("r4"));
    QCOMPARE(b.started, std::size_t(39));
    QCOMPARE(b.dropped, std::size_t(1));
    QCOMPARE(b.completed, std::size_t(37));
    QVERIFY(near(b.arrivalRate, 3.9));
    QVERIFY(near(b.throughput, 3.7)); // 37 completions in [11.8 s, 21.8 s)
    // Queue 300 + i over the 37 completed: rank 36 is i = 38.
    QVERIFY(near(b.queueP95, 338.0));
    QCOMPARE(b.queueN, std::size_t(37));
    QVERIFY(near(b.ttftP95, 150.0));

    // Each point's exemplars: the requests of its stage at those ranks.
    const auto table = tableOf(steppedRun(), true);
    const auto* stage = table.categoryColumn("stage");
    QVERIFY(b.queueExemplar && a.ttftExemplar);
    QCOMPARE(b.queueExemplar->rank, std::size_t(36));
    QCOMPARE(b.queueExemplar->value, *b.queueP95);
    QCOMPARE(table.numericColumn("gpu_queue")->values[b.queueExemplar->row], *b.queueP95);
    QCOMPARE(std::string(stage->labelAt(b.queueExemplar->row)), std::string("r4"));
    QCOMPARE(a.ttftExemplar->rank, std::size_t(19));
    QCOMPARE(table.numericColumn("first_text")->values[a.ttftExemplar->row], *a.ttftP95);
    QCOMPARE(std::string(stage->labelAt(a.ttftExemplar->row)), std::string("r2"));
}

void TestKnee::kneeFromSamples()
{
    const auto samples = steppedSamples();
    KneeOptions o;
    o.samples = samples;
    const auto knee = stageKnee(tableOf(steppedRun(), true), o);
    QVERIFY(knee.fromSamples);
    QCOMPARE(knee.points.size(), std::size_t(2));
    const auto& a = knee.points[0];
    QVERIFY(near(a.requestedRate, 2.0));
    QVERIFY(near(a.arrivalRate, 2.0));
    QVERIFY(near(a.throughput, 2.0)); // samples 1..10 (middles in [1.4 s, 11.4 s))
    const auto& b = knee.points[1];
    QCOMPARE(b.toMs, 21000.0); // the end of the samples
    QVERIFY(near(b.requestedRate, 4.0));
    QVERIFY(near(b.arrivalRate, 3.9));
    // Completions lag by the median total, 800 ms: samples 12..20, 3 each.
    QVERIFY(near(b.throughput, 3.0));
    QVERIFY(near(b.queueP95, 338.0));
}

void TestKnee::storedRatesWin()
{
    const auto samples = steppedSamples();
    KneeOptions o;
    o.samples = samples;
    o.requestedRates = {{"r2", 2.5}};
    o.achievedRates = {{"r4", 3.5}};
    o.excludeStages.clear();
    const auto knee = stageKnee(tableOf(steppedRun(), true), o);
    QCOMPARE(knee.points.size(), std::size_t(3)); // the warm-up too
    QCOMPARE(knee.points[0].stage, std::string("warmup"));
    QVERIFY(near(knee.points[1].requestedRate, 2.5));
    QVERIFY(near(knee.points[1].arrivalRate, 2.0));
    QVERIFY(near(knee.points[2].requestedRate, 4.0));
    QVERIFY(near(knee.points[2].arrivalRate, 3.5));
}

void TestKnee::withoutQueue()
{
    const auto knee = stageKnee(tableOf(steppedRun(), false));
    QVERIFY(!knee.queueAvailable);
    QCOMPARE(knee.points.size(), std::size_t(2));
    QVERIFY(!knee.points[1].queueP95);
    QCOMPARE(knee.points[1].queueN, std::size_t(0));
    QVERIFY(near(knee.points[1].ttftP95, 150.0));
    QCOMPARE(knee.warnings.back(), std::string("no gpu_queue: the run has no joined server spans"));
}

QTEST_APPLESS_MAIN(TestKnee)
#include "tst_knee.moc"
