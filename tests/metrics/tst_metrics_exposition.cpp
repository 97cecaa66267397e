// The Prometheus text exposition parser: the format's features as vLLM,
// TGI and SGLang serve them, errors that name their line, and fuzz-style
// inputs (random bytes, mutations of a real page) that must either parse or
// fail with an ExpositionError, never crash or hang.
#include "metrics/Exposition.h"

#include <QTest>

#include <cmath>
#include <random>

using namespace pb::metrics;

namespace {

// A vLLM-like page: HELP with escapes, TYPE, labels, a histogram, a summary.
const char* const kPage =
    "# HELP vllm:num_requests_running Number of requests in model execution batches.\n"
    "# TYPE vllm:num_requests_running gauge\n"
    "vllm:num_requests_running{engine=\"0\",model_name=\"m\"} 3.0\n"
    "# HELP vllm:num_requests_waiting Number of requests waiting\\\\to be processed.\\nSecond line.\n"
    "# TYPE vllm:num_requests_waiting gauge\n"
    "vllm:num_requests_waiting{engine=\"0\",model_name=\"m\"} 7\n"
    "# TYPE vllm:generation_tokens_total counter\n"
    "vllm:generation_tokens_total{engine=\"0\",model_name=\"m\"} 1.234e+05 1700000000123\n"
    "# TYPE vllm:e2e_request_latency_seconds histogram\n"
    "vllm:e2e_request_latency_seconds_bucket{le=\"0.5\",model_name=\"m\"} 10\n"
    "vllm:e2e_request_latency_seconds_bucket{le=\"+Inf\",model_name=\"m\"} 12\n"
    "vllm:e2e_request_latency_seconds_sum{model_name=\"m\"} 4.5\n"
    "vllm:e2e_request_latency_seconds_count{model_name=\"m\"} 12\n"
    "# TYPE rpc_duration_seconds summary\n"
    "rpc_duration_seconds{quantile=\"0.99\"} NaN\n"
    "rpc_duration_seconds_sum 1.7560473e+07\n"
    "rpc_duration_seconds_count 2693\n"
    "# A plain comment\n"
    "untyped_total 5\n"
    "weird{path=\"C:\\\\dir\",quote=\"say \\\"hi\\\"\",nl=\"a\\nb\",} -Inf\n"
    "gauge_inf +Inf\n";

} // namespace

class TestMetricsExposition : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void parsesAPage();
    void typesAndCumulative();
    void valuesAndTimestamps();
    void toleratesVariants();
    void errorsNameTheLine_data();
    void errorsNameTheLine();
    void limits();
    void labelTextIsCanonical();
    void randomBytesNeverCrash();
    void mutationsNeverCrash();
};

void TestMetricsExposition::parsesAPage()
{
    const auto e = parseExposition(kPage);
    QCOMPARE(e.samples.size(), std::size_t(13));
    const auto& running = e.samples[0];
    QCOMPARE(running.name, std::string("vllm:num_requests_running"));
    QCOMPARE(running.labels.size(), std::size_t(2));
    QCOMPARE(running.labels[1].name, std::string("model_name"));
    QCOMPARE(running.labels[1].value, std::string("m"));
    QCOMPARE(running.value, 3.0);
    QCOMPARE(running.line, std::size_t(3));
    QCOMPARE(e.families.at("vllm:num_requests_waiting").help,
             std::string("Number of requests waiting\\to be processed.\nSecond line."));
    const auto& weird = e.samples[11];
    QCOMPARE(weird.name, std::string("weird"));
    QCOMPARE(weird.labels.size(), std::size_t(3));
    QCOMPARE(weird.labels[0].value, std::string("C:\\dir"));
    QCOMPARE(weird.labels[1].value, std::string("say \"hi\""));
    QCOMPARE(weird.labels[2].value, std::string("a\nb"));
    QVERIFY(std::isinf(weird.value) && weird.value < 0);
    QVERIFY(std::isinf(e.samples[12].value) && e.samples[12].value > 0);
}

void TestMetricsExposition::typesAndCumulative()
{
    const auto e = parseExposition(kPage);
    const auto byName = [&](const std::string& name) -> const Sample& {
        for (const auto& s : e.samples) {
            if (s.name == name) {
                return s;
            }
        }
        throw std::runtime_error("no sample " + name);
    };
    QCOMPARE(e.familyOf(byName("vllm:num_requests_running"))->type, MetricType::Gauge);
    QVERIFY(!e.isCumulative(byName("vllm:num_requests_running")));
    QVERIFY(e.isCumulative(byName("vllm:generation_tokens_total")));
    QCOMPARE(e.familyOf(byName("vllm:e2e_request_latency_seconds_sum"))->type, MetricType::Histogram);
    QVERIFY(e.isCumulative(byName("vllm:e2e_request_latency_seconds_bucket")));
    QVERIFY(e.isCumulative(byName("vllm:e2e_request_latency_seconds_count")));
    QCOMPARE(e.familyOf(byName("rpc_duration_seconds"))->type, MetricType::Summary);
    QVERIFY(!e.isCumulative(byName("rpc_duration_seconds"))); // a quantile
    QVERIFY(e.isCumulative(byName("rpc_duration_seconds_count")));
    QVERIFY(e.familyOf(byName("untyped_total")) == nullptr);
    QVERIFY(e.isCumulative(byName("untyped_total"))); // by its suffix
    QVERIFY(!e.isCumulative(byName("gauge_inf")));
}

void TestMetricsExposition::valuesAndTimestamps()
{
    const auto e =
        parseExposition("a 1\nb -2.5e-3\nc NaN\nd nan\ne Inf\nf -inf\ng 1e400\nh .5 -17\ni 7 +3\n");
    QCOMPARE(e.samples[0].value, 1.0);
    QCOMPARE(e.samples[1].value, -0.0025);
    QVERIFY(std::isnan(e.samples[2].value));
    QVERIFY(std::isnan(e.samples[3].value));
    QVERIFY(std::isinf(e.samples[4].value));
    QVERIFY(std::isinf(e.samples[5].value) && e.samples[5].value < 0);
    QVERIFY(std::isinf(e.samples[6].value)); // beyond double, as Go reads it
    QCOMPARE(e.samples[7].value, 0.5);
    QCOMPARE(*e.samples[7].timestampMs, std::int64_t(-17));
    QCOMPARE(*e.samples[8].timestampMs, std::int64_t(3));
    QVERIFY(!e.samples[0].timestampMs);
}

void TestMetricsExposition::toleratesVariants()
{
    // CRLF, blank lines, tabs, spaces inside braces, an exemplar, # EOF.
    const auto e = parseExposition("\r\n  \n# TYPE x counter\r\nx_total { a = \"1\" , b=\"2\" }\t4\r\n"
                                   "y 1 # {trace_id=\"abc\"} 1.0\n# EOF\nignored after eof\n");
    QCOMPARE(e.samples.size(), std::size_t(2));
    QCOMPARE(e.samples[0].labels.size(), std::size_t(2));
    QCOMPARE(e.samples[0].value, 4.0);
    QVERIFY(e.isCumulative(e.samples[0]));
    QCOMPARE(e.samples[1].value, 1.0);
    QVERIFY(parseExposition("").samples.empty());
    QVERIFY(parseExposition("# only a comment").samples.empty());
    QCOMPARE(parseExposition("no_newline_at_end 2").samples.at(0).value, 2.0);
}

void TestMetricsExposition::errorsNameTheLine_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<int>("line");
    QTest::addColumn<QString>("says");
    QTest::newRow("no value") << QByteArray("a 1\nb\n") << 2 << QStringLiteral("expected a value");
    QTest::newRow("bad value") << QByteArray("a one\n") << 1 << QStringLiteral("is not a number");
    QTest::newRow("hex value") << QByteArray("a 0x10\n") << 1 << QStringLiteral("is not a number");
    QTest::newRow("bad timestamp") << QByteArray("a 1 2.5\n") << 1 << QStringLiteral("not a timestamp");
    QTest::newRow("trailing text") << QByteArray("a 1 2 3\n") << 1 << QStringLiteral("unexpected text");
    QTest::newRow("open labels") << QByteArray("\n\na{b=\"c\" 1\n") << 3 << QStringLiteral("expected ','");
    QTest::newRow("open value") << QByteArray("a{b=\"c} 1\n") << 1 << QStringLiteral("not closed");
    QTest::newRow("bad escape") << QByteArray("a{b=\"\\t\"} 1\n") << 1 << QStringLiteral("unknown escape");
    QTest::newRow("unquoted") << QByteArray("a{b=c} 1\n") << 1 << QStringLiteral("to open a label value");
    QTest::newRow("bad label name") << QByteArray("a{1b=\"c\"} 1\n") << 1 << QStringLiteral("label name");
    QTest::newRow("colon label") << QByteArray("a{b:c=\"c\"} 1\n") << 1 << QStringLiteral("'='");
    QTest::newRow("dup label") << QByteArray("a{b=\"1\",b=\"2\"} 1\n") << 1 << QStringLiteral("twice");
    QTest::newRow("bad name") << QByteArray("1a 1\n") << 1 << QStringLiteral("metric name");
    QTest::newRow("bad type") << QByteArray("# TYPE a countr\n") << 1
                              << QStringLiteral("unknown metric type");
    QTest::newRow("type no name") << QByteArray("# TYPE\n") << 1 << QStringLiteral("metric name");
    QTest::newRow("type extra") << QByteArray("# TYPE a gauge x\n") << 1 << QStringLiteral("after the type");
    QTest::newRow("nul byte") << QByteArray("a 1\nb\0 1\n", 9) << 2 << QStringLiteral("NUL");
}

void TestMetricsExposition::errorsNameTheLine()
{
    QFETCH(QByteArray, text);
    QFETCH(int, line);
    QFETCH(QString, says);
    try {
        parseExposition(std::string_view(text.constData(), std::size_t(text.size())));
        QFAIL("parsed");
    } catch (const ExpositionError& e) {
        QCOMPARE(e.line(), std::size_t(line));
        const QString what = QString::fromUtf8(e.what());
        QVERIFY2(what.startsWith(QStringLiteral("line %1: ").arg(line)), qPrintable(what));
        QVERIFY2(what.contains(says), qPrintable(what));
        QVERIFY2(what.contains(QStringLiteral("column")), qPrintable(what));
    }
}

void TestMetricsExposition::limits()
{
    ExpositionLimits small;
    small.maxSamples = 2;
    small.maxLabels = 1;
    small.maxLineBytes = 20;
    QVERIFY_THROWS_EXCEPTION(ExpositionError, parseExposition("a 1\nb 2\nc 3\n", small));
    QVERIFY_THROWS_EXCEPTION(ExpositionError, parseExposition("a{x=\"1\",y=\"2\"} 1\n", small));
    QVERIFY_THROWS_EXCEPTION(ExpositionError, parseExposition("a_very_long_metric_name_here 1\n", small));
    QCOMPARE(parseExposition("a 1\nb 2\n", small).samples.size(), std::size_t(2));
}

void TestMetricsExposition::labelTextIsCanonical()
{
    QCOMPARE(labelText({}), std::string());
    QCOMPARE(labelText({{"z", "1"}, {"a", "x\"y\\\n"}}), std::string("{a=\"x\\\"y\\\\\\n\",z=\"1\"}"));
    // What labelText writes parses back to the same labels.
    const auto e = parseExposition("m" + labelText({{"b", "q\"\\\n"}, {"a", ""}}) + " 1\n");
    QCOMPARE(e.samples[0].labels.size(), std::size_t(2));
    QCOMPARE(e.samples[0].labels[1].value, std::string("q\"\\\n"));
}

void TestMetricsExposition::randomBytesNeverCrash()
{
    std::mt19937 rng(18);
    const std::string alphabet = "abc_:{}=\",# \t\n\\.+-0123456789eEInfNa\r";
    for (int round = 0; round < 3000; ++round) {
        std::string text;
        const int n = int(rng() % 200);
        for (int i = 0; i < n; ++i) {
            text += (round % 3 == 0) ? char(rng() % 256) : alphabet[rng() % alphabet.size()];
        }
        const auto lines = std::size_t(std::count(text.begin(), text.end(), '\n')) + 1;
        try {
            const auto e = parseExposition(text);
            for (const auto& s : e.samples) {
                QVERIFY(!s.name.empty());
                QVERIFY(s.line >= 1 && s.line <= lines);
            }
        } catch (const ExpositionError& e) {
            QVERIFY(e.line() >= 1 && e.line() <= lines);
            QVERIFY(std::string(e.what()).starts_with("line "));
        }
    }
}

void TestMetricsExposition::mutationsNeverCrash()
{
    std::mt19937 rng(4317);
    const std::string page = kPage;
    int parsed = 0;
    int refused = 0;
    for (int round = 0; round < 3000; ++round) {
        std::string text = page;
        const int edits = 1 + int(rng() % 4);
        for (int k = 0; k < edits; ++k) {
            const std::size_t at = rng() % text.size();
            switch (rng() % 4) {
            case 0:
                text.erase(at, 1 + rng() % 8);
                break;
            case 1:
                text.insert(at, 1, "{}\"\\=, \n#"[rng() % 9]);
                break;
            case 2:
                text[at] = char(rng() % 256);
                break;
            default:
                text.insert(at, text.substr(rng() % text.size(), rng() % 40)); // duplicate a piece
                break;
            }
            if (text.empty()) {
                text = "x";
            }
        }
        try {
            parseExposition(text);
            ++parsed;
        } catch (const ExpositionError& e) {
            const auto lines = std::size_t(std::count(text.begin(), text.end(), '\n')) + 1;
            QVERIFY(e.line() >= 1 && e.line() <= lines);
            ++refused;
        }
    }
    // Both outcomes happen: the mutations reach the error paths and the tolerant ones.
    QVERIFY(parsed > 0);
    QVERIFY(refused > 0);
}

QTEST_MAIN(TestMetricsExposition)
#include "tst_metrics_exposition.moc"
