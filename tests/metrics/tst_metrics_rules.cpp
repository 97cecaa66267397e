// The diagnosis rules on the target's scraped series, on crafted runs: the
// waiting requests rising while the running ones stay at their cap (and not
// when running is below its cap or the queue is flat), generation per token
// rising with the batch size, and how their findings join the span-based
// ones of the same rule.
#include "diagnose/Diagnose.h"
#include "diagnose/DiagnoseTestUtil.h"
#include "diagnose/Rules.h"
#include "store/RunStore.h"

#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <functional>

using namespace pb;

namespace {

constexpr Nanos kSecond = 1'000'000'000;

store::MetricSeries gauge(const std::string& name, int n, const std::function<double(int)>& value)
{
    store::MetricSeries s{name, "{model_name=\"m\"}", store::MetricKind::Gauge, {}};
    for (int k = 0; k < n; ++k) {
        s.points.push_back({Nanos(k) * kSecond, k ? kSecond : 0, value(k)});
    }
    return s;
}

const diagnose::Finding* findRule(const std::vector<diagnose::Finding>& findings, const std::string& rule)
{
    const auto it = std::find_if(findings.begin(), findings.end(),
                                 [&](const diagnose::Finding& f) { return f.rule == rule; });
    return it == findings.end() ? nullptr : &*it;
}

bool hasEvidence(const diagnose::Finding& f, const std::string& figure)
{
    return std::any_of(f.evidence.begin(), f.evidence.end(), [&](const diagnose::Evidence& e) {
        return e.figure.find(figure) != std::string::npos;
    });
}

diagnose::RunData queueRun(const std::function<double(int)>& running,
                           const std::function<double(int)>& waiting)
{
    diagnose::RunData run;
    run.info.id = 7;
    run.targetSeries = {gauge("sglang:num_running_reqs", 30, running),
                        gauge("sglang:num_queue_reqs", 30, waiting),
                        gauge("sglang:token_usage", 30, [](int k) { return k / 30.0; })};
    run.figures.steadyWindowEndMs = 24000; // the drain after it is left out
    store::ScrapeReport report;
    report.url = "http://gpu:30000/metrics";
    report.interval = kSecond;
    report.scrapes = 30;
    run.scrape = report;
    return run;
}

} // namespace

class TestMetricsRules : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void waitingRisesAtTheCap();
    void noSaturationBelowTheCapOrWithAFlatQueue();
    void generationPerTokenRisesWithTheBatch();
    void mergesIntoTheSameRule();
};

void TestMetricsRules::waitingRisesAtTheCap()
{
    // Running at 10 (9 now and then) from 3 s; waiting grows by one a second; after 24 s the drain.
    const auto run = queueRun([](int k) { return k < 3 ? double(k * 3) : (k % 7 == 0 ? 9.0 : 10.0); },
                              [](int k) { return k < 3     ? 0.0
                                                 : k >= 24 ? 0.0
                                                           : double(k - 2); });
    const auto findings = diagnose::metricRules(run);
    const auto* f = findRule(findings, "queue_saturation");
    QVERIFY(f);
    QCOMPARE(f->owner, diagnose::Owner::InferencePool);
    QCOMPARE(f->confidence, diagnose::Confidence::High);
    QCOMPARE(f->between, std::string("run 7, target metrics"));
    const auto& waiting = f->evidence.at(0);
    QCOMPARE(waiting.figure, std::string("sglang:num_queue_reqs"));
    QCOMPARE(waiting.nBefore, std::size_t(8)); // thirds of the 25 scrapes up to 24 s
    QCOMPARE(*waiting.before, (0 + 0 + 0 + 1 + 2 + 3 + 4 + 5) / 8.0);
    QCOMPARE(*waiting.after, (15 + 16 + 17 + 18 + 19 + 20 + 21 + 0) / 8.0);
    QCOMPARE(*f->evidence.at(1).after, 21.0); // max
    QCOMPARE(f->evidence.at(2).figure, std::string("sglang:num_running_reqs"));
    QCOMPARE(*f->evidence.at(2).after, 10.0); // the cap
    QCOMPARE(*f->evidence.at(3).after, 1.0);  // 9 is within 10 % of 10
    QVERIFY(hasEvidence(*f, "sglang:token_usage"));
    QVERIFY(f->note.find("http://gpu:30000/metrics") != std::string::npos);
}

void TestMetricsRules::noSaturationBelowTheCapOrWithAFlatQueue()
{
    // Waiting grows, but running swings between 2 and 8: not held at a cap.
    auto run = queueRun([](int k) { return k % 2 ? 8.0 : 2.0; }, [](int k) { return double(k); });
    QVERIFY(!findRule(diagnose::metricRules(run), "queue_saturation"));
    // At the cap with a steady queue of 3: saturated but not rising.
    run = queueRun([](int) { return 8.0; }, [](int) { return 3.0; });
    QVERIFY(!findRule(diagnose::metricRules(run), "queue_saturation"));
    // Nothing scraped: no findings.
    QVERIFY(diagnose::metricRules(diagnose::RunData{}).empty());
}

void TestMetricsRules::generationPerTokenRisesWithTheBatch()
{
    QTemporaryDir dir;
    RunStore store(dir.filePath(QStringLiteral("w.phasebench")).toStdString());
    test::Builder b(store, "batch");
    test::Req small;
    small.generationMs = 1000; // 10 ms per output token
    test::Req big = small;
    big.generationMs = 2000; // 20 ms per output token in the bigger batch
    b.stage("s", 30, 2.0, 0, small);
    b.stage("s", 30, 2.0, 15000, big);
    // The engine ran 2 requests until 15 s, then 6.
    store.targetMetrics().insert(
        b.runId, std::vector<store::MetricSeries>{
                     gauge("vllm:num_requests_running", 40, [](int k) { return k < 15 ? 2.0 : 6.0; })});
    store.catalogue().setRunStatus(b.runId, RunStatus::Complete);
    const auto run = diagnose::loadRunData(store, b.runId);
    const auto findings = diagnose::metricRules(run);
    const auto* f = findRule(findings, "generation_per_token");
    QVERIFY(f);
    QCOMPARE(f->owner, diagnose::Owner::ModelGeneration);
    QCOMPARE(f->evidence.at(0).figure,
             std::string("server_generation_ms_per_output_token by vllm:num_requests_running"));
    QVERIFY(*f->evidence.at(0).after > 1.5 * *f->evidence.at(0).before);
    QCOMPARE(*f->evidence.at(1).before, 2.0);
    QCOMPARE(*f->evidence.at(1).after, 6.0);
    QVERIFY(f->note.find("Spearman") != std::string::npos);

    // The same batch sizes without the slowdown: no finding.
    test::Builder flat(store, "flat");
    flat.stage("s", 30, 2.0, 0, small);
    flat.stage("s", 30, 2.0, 15000, small);
    store.targetMetrics().insert(
        flat.runId, std::vector<store::MetricSeries>{
                        gauge("vllm:num_requests_running", 40, [](int k) { return k < 15 ? 2.0 : 6.0; })});
    store.catalogue().setRunStatus(flat.runId, RunStatus::Complete);
    QVERIFY(
        !findRule(diagnose::metricRules(diagnose::loadRunData(store, flat.runId)), "generation_per_token"));
}

void TestMetricsRules::mergesIntoTheSameRule()
{
    std::vector<diagnose::Finding> findings;
    findings.push_back({"queue_saturation",
                        "s",
                        "c",
                        diagnose::Owner::InferencePool,
                        diagnose::Confidence::Medium,
                        "first half -> second half",
                        {{"gpu_queue", "p95", "ms", 100.0, 900.0, 20, 20}},
                        {}});
    diagnose::Finding fromMetrics{"queue_saturation",
                                  "s2",
                                  "c2",
                                  diagnose::Owner::InferencePool,
                                  diagnose::Confidence::High,
                                  "run 3, target metrics",
                                  {{"vllm:num_requests_waiting", "max", "requests", {}, 30.0, 0, 10}},
                                  "scraped"};
    diagnose::Finding other{
        "generation_per_token",  "s3", "c3", diagnose::Owner::ModelGeneration, diagnose::Confidence::Low,
        "run 3, target metrics", {},   {}};
    diagnose::mergeFindings(findings, {fromMetrics, other});
    QCOMPARE(findings.size(), std::size_t(2));
    QCOMPARE(findings[0].evidence.size(), std::size_t(2));
    QCOMPARE(findings[0].evidence[1].figure, std::string("vllm:num_requests_waiting"));
    QCOMPARE(findings[0].confidence, diagnose::Confidence::High);
    QCOMPARE(findings[0].note, std::string("also in run 3, target metrics (scraped)"));
    QCOMPARE(findings[1].rule, std::string("generation_per_token"));
}

QTEST_MAIN(TestMetricsRules)
#include "tst_metrics_rules.moc"
