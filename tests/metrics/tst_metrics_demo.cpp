// Demo runs that scrape the demo gateway's /metrics on the run's clock: the
// real gateway on a free loopback port, the real scraper and a real store
// file. A healthy run stores the gateway's series; the pool-saturation fault
// (one compute slot) yields the queue-saturation diagnosis with the waiting
// requests as its evidence.
#include "analysis/LoadedRun.h"
#include "analysis/TargetMetrics.h"
#include "diagnose/Diagnose.h"
#include "session/MeasuredRun.h"
#include "store/RunStore.h"

#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

using namespace pb;

namespace {

constexpr std::int64_t kSecond = 1'000'000'000;

session::MeasuredRunOptions options(const QString& db, std::vector<demo::Fault> faults, Nanos duration)
{
    auto o = session::demoOptions(db.toStdString(), std::move(faults));
    o.demoLoad.profile = demo::DemoProfile::Steady;
    o.demoLoad.rate = 6;
    o.demoLoad.duration = duration;
    o.demoLoad.warmup = kSecond;
    o.demoLoad.gracefulStop = 5 * kSecond;
    o.summarize = false;
    return o;
}

const analysis::TargetTrack* track(const std::vector<analysis::TargetTrack>& tracks, const std::string& name)
{
    for (const auto& t : tracks) {
        if (t.name == name) {
            return &t;
        }
    }
    return nullptr;
}

} // namespace

class TestMetricsDemo : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void healthyRunStoresTheGatewaySeries();
    void poolSaturationIsDiagnosedFromTheWaitingRequests();

private:
    QTemporaryDir m_dir;
};

void TestMetricsDemo::healthyRunStoresTheGatewaySeries()
{
    const QString db = m_dir.filePath(QStringLiteral("healthy.phasebench"));
    session::MeasuredRun run(options(db, {}, 4 * kSecond));
    const auto result = run.run();
    QVERIFY(result.scrape);
    QVERIFY(result.scrape->url.ends_with("/metrics"));
    QCOMPARE(result.scrape->failed, std::int64_t(0));
    QVERIFY2(result.scrape->scrapes >= 5, std::to_string(result.scrape->scrapes).c_str());

    RunStore store(db.toStdString(), RunStore::Mode::ReadOnly);
    const auto loaded = analysis::loadRun(store, result.load.runId);
    QVERIFY(loaded.scrape);
    QCOMPARE(loaded.scrape->scrapes, result.scrape->scrapes);
    QCOMPARE(loaded.targetSeries.size(), result.scrapedSeries);
    const auto tracks = analysis::targetTracks(loaded.targetSeries);
    for (const char* name :
         {"vllm:num_requests_running", "vllm:num_requests_waiting", "vllm:kv_cache_usage_perc"}) {
        const auto* t = track(tracks, name);
        QVERIFY2(t, name);
        QCOMPARE(t->kind, store::MetricKind::Gauge);
        QVERIFY(t->values.size() >= 5);
        // On the run's clock: from its start to its end (the drain included).
        QVERIFY(t->tMs.front() > -1000 && t->tMs.front() < 1000);
        QVERIFY(std::is_sorted(t->tMs.begin(), t->tMs.end()));
        QVERIFY(t->tMs.back() < 20000);
    }
    // The gateway decoded requests: some batch, cache use and tokens per second.
    const auto* running = track(tracks, "vllm:num_requests_running");
    QVERIFY(*std::max_element(running->values.begin(), running->values.end()) >= 1);
    QVERIFY(*std::max_element(running->values.begin(), running->values.end()) <= demo::Timing{}.slots);
    const auto* kv = track(tracks, "vllm:kv_cache_usage_perc");
    QVERIFY(*std::max_element(kv->values.begin(), kv->values.end()) > 0);
    QVERIFY(*std::max_element(kv->values.begin(), kv->values.end()) <= 1);
    const auto* tokens = track(tracks, "vllm:generation_tokens_total");
    QVERIFY(tokens);
    QCOMPARE(tokens->kind, store::MetricKind::Rate);
    QVERIFY(*std::max_element(tokens->values.begin(), tokens->values.end()) > 10);
    QCOMPARE(analysis::trackOf(tracks, metrics::SeriesRole::Waiting),
             track(tracks, "vllm:num_requests_waiting"));
}

void TestMetricsDemo::poolSaturationIsDiagnosedFromTheWaitingRequests()
{
    const QString db = m_dir.filePath(QStringLiteral("saturated.phasebench"));
    session::MeasuredRun run(options(db, {demo::Fault::PoolSaturation}, 6 * kSecond));
    const auto result = run.run();
    QVERIFY(result.scrape);
    QCOMPARE(result.scrape->failed, std::int64_t(0));

    RunStore store(db.toStdString(), RunStore::Mode::ReadOnly);
    const auto data = diagnose::loadRunData(store, result.load.runId);
    const auto tracks = analysis::targetTracks(data.targetSeries);
    const auto* running = track(tracks, "vllm:num_requests_running");
    QVERIFY(running);
    QCOMPARE(*std::max_element(running->values.begin(), running->values.end()), 1.0); // the one slot
    const auto diagnosis = diagnose::runDiagnosis(data, nullptr);
    const auto it = std::find_if(diagnosis.findings.begin(), diagnosis.findings.end(),
                                 [](const diagnose::Finding& f) { return f.rule == "queue_saturation"; });
    QVERIFY(it != diagnosis.findings.end());
    QCOMPARE(it->owner, diagnose::Owner::InferencePool);
    const auto waiting =
        std::find_if(it->evidence.begin(), it->evidence.end(), [](const diagnose::Evidence& e) {
            return e.figure == "vllm:num_requests_waiting" && e.statistic.starts_with("mean");
        });
    QVERIFY(waiting != it->evidence.end());
    QVERIFY(waiting->before && waiting->after);
    QVERIFY2(*waiting->after > *waiting->before + 1, std::to_string(*waiting->after).c_str());
    const auto cap = std::find_if(it->evidence.begin(), it->evidence.end(), [](const diagnose::Evidence& e) {
        return e.figure == "vllm:num_requests_running" && e.statistic.starts_with("cap");
    });
    QVERIFY(cap != it->evidence.end());
    QCOMPARE(*cap->after, 1.0);
    QVERIFY(it->note.find("/metrics") != std::string::npos);
}

QTEST_MAIN(TestMetricsDemo)
#include "tst_metrics_demo.moc"
