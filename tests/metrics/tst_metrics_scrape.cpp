// The scraper (rates from counters, resets, kept series, failures counted
// and never fatal), the scenario's "metrics" key, the stored series, and the
// demo gateway's /metrics page read by the real scraper over loopback.
#include "NetTestUtil.h"
#include "demo/DemoGateway.h"
#include "load/Scenario.h"
#include "metrics/Exposition.h"
#include "metrics/Scraper.h"
#include "store/RunStore.h"
#include "store/Schema.h"

#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include <chrono>
#include <cmath>
#include <thread>

using namespace pb;
using metrics::MetricsSource;
using metrics::Scraper;

namespace {

constexpr std::int64_t kSecond = 1'000'000'000;

const store::MetricSeries* find(const std::vector<store::MetricSeries>& series, const std::string& name,
                                const std::string& labels = {})
{
    for (const auto& s : series) {
        if (s.name == name && (labels.empty() || s.labels == labels)) {
            return &s;
        }
    }
    return nullptr;
}

MetricsSource source(std::vector<std::string> series)
{
    MetricsSource m;
    m.url = "http://127.0.0.1:1/metrics";
    m.series = std::move(series);
    m.defaultSeries = false;
    return m;
}

std::string scenarioJson(const std::string& metrics)
{
    return "{\"target\": {\"base_url\": \"http://127.0.0.1:8000\", \"model\": \"m\"},\n"
           "               \"request\": {\"prompts\": [{\"bucket\": \"b\", \"prompts\": [\"hi\"]}]},\n"
           "               \"executor\": {\"type\": \"constant-arrival-rate\", \"rate\": 1, \"duration\": "
           "\"1s\"},\n"
           "               \"metrics\": " +
           metrics + "}";
}

} // namespace

class TestMetricsScrape : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void gaugesAndRates();
    void keepsOnlyTheSeries();
    void malformedPageIsRefusedWhole();
    void scenarioKey();
    void scenarioKeyErrors_data();
    void scenarioKeyErrors();
    void storedWithTheRun();
    void failedScrapesAreCounted();
    void scrapesTheDemoGateway();
};

void TestMetricsScrape::gaugesAndRates()
{
    Scraper s(source({"g", "c_total", "h"}));
    const std::int64_t t0 = 100 * kSecond;
    s.ingest("# TYPE g gauge\ng{a=\"1\"} 3\ng{a=\"2\"} NaN\n# TYPE c_total counter\nc_total 100\n", t0);
    s.ingest("g{a=\"1\"} 5\nc_total 150\n", t0 + kSecond);
    s.ingest("g{a=\"1\"} 4\nc_total 20\n", t0 + 3 * kSecond); // a reset: 20 is new
    const auto r = s.result(t0);
    const auto* g = find(r.series, "g", "{a=\"1\"}");
    QVERIFY(g);
    QCOMPARE(g->kind, store::MetricKind::Gauge);
    QCOMPARE(g->points.size(), std::size_t(3));
    QCOMPARE(g->points[0].at, std::int64_t(0));
    QCOMPARE(g->points[0].interval, std::int64_t(0));
    QCOMPARE(g->points[1].value, 5.0);
    QCOMPARE(g->points[2].at, 3 * kSecond);
    QCOMPARE(g->points[2].interval, 2 * kSecond);
    const auto* nan = find(r.series, "g", "{a=\"2\"}");
    QVERIFY(nan && nan->points.size() == 1 && std::isnan(nan->points[0].value));
    const auto* c = find(r.series, "c_total");
    QVERIFY(c);
    QCOMPARE(c->kind, store::MetricKind::Rate);
    QCOMPARE(c->points.size(), std::size_t(2)); // a rate needs two scrapes
    QCOMPARE(c->points[0].value, 50.0);
    QCOMPARE(c->points[1].value, 10.0); // 20 over 2 s after the reset
    QCOMPARE(r.report.missing, std::vector<std::string>{"h"});
}

void TestMetricsScrape::keepsOnlyTheSeries()
{
    Scraper s(source({"lat"}));
    s.ingest(
        "# TYPE lat histogram\nlat_bucket{le=\"1\"} 1\nlat_bucket{le=\"+Inf\"} 2\nlat_sum 3\nlat_count 2\n"
        "latency_other 5\nother 1\n",
        0);
    s.ingest("lat_bucket{le=\"1\"} 3\nlat_bucket{le=\"+Inf\"} 4\nlat_sum 7\nlat_count 4\nother 2\n", kSecond);
    const auto r = s.result(0);
    QCOMPARE(r.series.size(), std::size_t(4)); // two buckets, sum, count
    QVERIFY(!find(r.series, "other"));
    QVERIFY(!find(r.series, "latency_other"));
    QCOMPARE(find(r.series, "lat_count")->points.at(0).value, 2.0);
    QCOMPARE(find(r.series, "lat_bucket", "{le=\"+Inf\"}")->kind, store::MetricKind::Rate);
    QVERIFY(r.report.missing.empty());
}

void TestMetricsScrape::malformedPageIsRefusedWhole()
{
    Scraper s(source({"g"}));
    QVERIFY_THROWS_EXCEPTION(metrics::ExpositionError, s.ingest("g 1\ng{ 2\n", 0));
    QVERIFY(s.result(0).series.empty()); // nothing of a refused page is kept
}

void TestMetricsScrape::scenarioKey()
{
    const auto s = load::parseScenario(scenarioJson("{\"url\": \"http://127.0.0.1:8000/metrics\"}"));
    QVERIFY(s.metrics);
    QCOMPARE(s.metrics->url, std::string("http://127.0.0.1:8000/metrics"));
    QCOMPARE(s.metrics->interval, kSecond);
    QVERIFY(s.metrics->defaultSeries);
    for (const char* name :
         {"vllm:num_requests_running", "vllm:num_requests_waiting", "vllm:gpu_cache_usage_perc",
          "vllm:kv_cache_usage_perc", "vllm:prompt_tokens_total", "vllm:generation_tokens_total",
          "vllm:num_preemptions_total", "tgi_queue_size", "tgi_batch_current_size", "sglang:num_running_reqs",
          "sglang:num_queue_reqs", "sglang:token_usage"}) {
        QVERIFY2(s.metrics->matches(name), name);
    }
    const auto custom =
        load::parseScenario(scenarioJson("{\"url\": \"https://h/metrics\", \"interval\": \"250ms\", "
                                         "\"timeout\": \"2s\", \"series\": [\"a:b\", \"c_total\"]}"));
    QCOMPARE(custom.metrics->interval, 250'000'000);
    QCOMPARE(custom.metrics->scrapeTimeout(), 2 * kSecond);
    QCOMPARE(custom.metrics->series, (std::vector<std::string>{"a:b", "c_total"}));
    QVERIFY(!custom.metrics->defaultSeries);
    // Stored with the run's configuration.
    const auto config = nlohmann::json::parse(load::scenarioConfigJson(custom, 1));
    QCOMPARE(config.at("metrics").at("url").get<std::string>(), std::string("https://h/metrics"));
    QCOMPARE(config.at("metrics").at("interval_ms").get<double>(), 250.0);
    QVERIFY(!load::parseScenario(scenarioJson("null")).metrics);
}

void TestMetricsScrape::scenarioKeyErrors_data()
{
    QTest::addColumn<QString>("metrics");
    QTest::addColumn<QString>("says");
    QTest::newRow("no url") << QStringLiteral("{}") << QStringLiteral("metrics.url: missing");
    QTest::newRow("not http") << QStringLiteral("{\"url\": \"ftp://h/metrics\"}")
                              << QStringLiteral("metrics.url: expected an http");
    QTest::newRow("credentials") << QStringLiteral("{\"url\": \"http://u:p@h/metrics\"}")
                                 << QStringLiteral("credentials");
    QTest::newRow("query") << QStringLiteral("{\"url\": \"http://h/metrics?token=x\"}")
                           << QStringLiteral("query string");
    QTest::newRow("fast") << QStringLiteral("{\"url\": \"http://h/m\", \"interval\": \"10ms\"}")
                          << QStringLiteral("metrics.interval: expected at least 100ms");
    QTest::newRow("empty series") << QStringLiteral("{\"url\": \"http://h/m\", \"series\": []}")
                                  << QStringLiteral("metrics.series: expected a non-empty array");
    QTest::newRow("bad name") << QStringLiteral(
                                     "{\"url\": \"http://h/m\", \"series\": [\"ok\", \"no-dash\"]}")
                              << QStringLiteral("metrics.series[1]");
    QTest::newRow("unknown") << QStringLiteral("{\"url\": \"http://h/m\", \"every\": \"1s\"}")
                             << QStringLiteral("metrics.every: unknown key");
    QTest::newRow("not object") << QStringLiteral("\"http://h/m\"") << QStringLiteral("expected an object");
}

void TestMetricsScrape::scenarioKeyErrors()
{
    QFETCH(QString, metrics);
    QFETCH(QString, says);
    try {
        load::parseScenario(scenarioJson(metrics.toStdString()));
        QFAIL("parsed");
    } catch (const load::ScenarioError& e) {
        QVERIFY2(QString::fromUtf8(e.what()).contains(says), e.what());
    }
}

void TestMetricsScrape::storedWithTheRun()
{
    QTemporaryDir dir;
    const auto path = dir.filePath(QStringLiteral("w.phasebench")).toStdString();
    std::int64_t runId = 0;
    {
        RunStore store(path);
        QVERIFY(store.schemaVersion() >= 7); // the target series came with v7
        RunInfo info;
        info.name = "scraped";
        info.kind = RunKind::Load;
        info.status = RunStatus::Complete;
        runId = store.catalogue().createRun(info);
        std::vector<store::MetricSeries> series(2);
        series[0] = {"vllm:num_requests_waiting",
                     "{model_name=\"m\"}",
                     store::MetricKind::Gauge,
                     {{0, 0, 1}, {kSecond, kSecond, std::nan("")}}};
        series[1] = {"vllm:generation_tokens_total", "", store::MetricKind::Rate, {{kSecond, kSecond, 42.5}}};
        store.targetMetrics().insert(runId, series);
        // More points later: the series gains them.
        store.targetMetrics().insert(runId, std::vector<store::MetricSeries>{{"vllm:num_requests_waiting",
                                                                              "{model_name=\"m\"}",
                                                                              store::MetricKind::Gauge,
                                                                              {{2 * kSecond, kSecond, 3}}}});
        store::ScrapeReport report;
        report.url = "http://h/metrics";
        report.interval = kSecond;
        report.scrapes = 3;
        report.failed = 1;
        report.firstError = "HTTP status 503";
        report.lastError = "HTTP status 503";
        report.missing = {"a", "b"};
        store.targetMetrics().setReport(runId, report);
    }
    RunStore store(path, RunStore::Mode::ReadOnly);
    const auto series = store.targetMetrics().series(runId);
    QCOMPARE(series.size(), std::size_t(2));
    QCOMPARE(series[0].name, std::string("vllm:generation_tokens_total"));
    QCOMPARE(series[0].labels, std::string());
    QCOMPARE(series[0].kind, store::MetricKind::Rate);
    QCOMPARE(series[0].points.at(0).value, 42.5);
    QCOMPARE(series[1].points.size(), std::size_t(3));
    QVERIFY(std::isnan(series[1].points[1].value));
    QCOMPARE(series[1].points[2].value, 3.0);
    const auto report = store.targetMetrics().report(runId);
    QVERIFY(report);
    QCOMPARE(report->failed, std::int64_t(1));
    QCOMPARE(report->firstError, std::string("HTTP status 503"));
    QCOMPARE(report->missing, (std::vector<std::string>{"a", "b"}));
    QVERIFY(!store.targetMetrics().report(runId + 1));
    QVERIFY(store.targetMetrics().series(runId + 1).empty());
}

void TestMetricsScrape::failedScrapesAreCounted()
{
    const int port = test::freeLoopbackPort(); // nothing listens there
    QVERIFY(port > 0);
    MetricsSource m = source({"g"});
    m.url = "http://127.0.0.1:" + std::to_string(port) + "/metrics";
    m.interval = 100'000'000;
    Scraper s(m);
    s.start();
    for (int i = 0; i < 200 && s.progress().scrapes < 3; ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    const auto r = s.finish();
    QVERIFY(r.report.scrapes >= 3);
    QCOMPARE(r.report.failed, r.report.scrapes);
    QVERIFY(!r.report.lastError.empty());
    QVERIFY(r.series.empty());
}

void TestMetricsScrape::scrapesTheDemoGateway()
{
    demo::GatewayConfig config;
    config.port = 0;
    demo::DemoGateway gateway(config);
    std::string error;
    QVERIFY2(gateway.start(&error), error.c_str());
    MetricsSource m;
    m.url = "http://127.0.0.1:" + std::to_string(gateway.port()) + "/metrics";
    m.interval = 100'000'000;
    for (const auto name : metrics::defaultSeries()) {
        m.series.emplace_back(name);
    }
    Scraper s(m);
    s.start();
    for (int i = 0; i < 200 && s.progress().scrapes < 3; ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    const auto r = s.finish();
    gateway.stop();
    QCOMPARE(r.report.failed, std::int64_t(0));
    QVERIFY(r.report.scrapes >= 3);
    const std::string labels = "{engine=\"0\",model_name=\"" + config.model + "\"}";
    for (const char* name :
         {"vllm:num_requests_running", "vllm:num_requests_waiting", "vllm:kv_cache_usage_perc"}) {
        const auto* g = find(r.series, name, labels);
        QVERIFY2(g, name);
        QCOMPARE(g->kind, store::MetricKind::Gauge);
        QVERIFY(g->points.size() >= 3);
        QCOMPARE(g->points.back().value, 0.0); // an idle gateway
    }
    for (const char* name :
         {"vllm:prompt_tokens_total", "vllm:generation_tokens_total", "vllm:num_preemptions_total"}) {
        const auto* c = find(r.series, name, labels);
        QVERIFY2(c, name);
        QCOMPARE(c->kind, store::MetricKind::Rate);
        QVERIFY(!c->points.empty());
    }
    QVERIFY(r.report.missing.empty()); // defaults: other servers' names are not "missing"
}

QTEST_MAIN(TestMetricsScrape)
#include "tst_metrics_scrape.moc"
