// phasebench-cli stats, run as a process: JSON keys and values, exit codes,
// the human table.
#include "StatsTestUtil.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTest>

using namespace pb;

namespace {

struct Result
{
    int code = -1;
    QByteArray out;
    QByteArray err;
};

Result cli(const QStringList& args)
{
    QProcess p;
    p.start(QStringLiteral(PHASEBENCH_CLI), args);
    if (!p.waitForFinished(60'000)) {
        p.kill();
        return {};
    }
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(),
            p.readAllStandardError()};
}

QString fixture(const char* name)
{
    return QString::fromStdString(test::statsFixture(name));
}

QJsonObject metric(const QJsonObject& doc, const QString& name)
{
    for (const auto& m : doc.value(QStringLiteral("metrics")).toArray()) {
        if (m.toObject().value(QStringLiteral("name")).toString() == name) {
            return m.toObject();
        }
    }
    return {};
}

// A non-finite number printed as a word ("nan", "-inf", "Infinity"), not
// inside another word such as "inference".
bool hasNonFinite(const QByteArray& text)
{
    static const QRegularExpression re(QStringLiteral("(?<![A-Za-z])-?(nan|inf|infinity)(?![A-Za-z])"),
                                       QRegularExpression::CaseInsensitiveOption);
    return re.match(QString::fromUtf8(text)).hasMatch();
}

bool near(const QJsonValue& v, double expected, double tol = 1e-6)
{
    return v.isDouble() && std::abs(v.toDouble() - expected) <= tol;
}

QString k(const char* s)
{
    return QString::fromLatin1(s);
}

} // namespace

class TestStatsCli : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void seedJson();
    void conventions();
    void rates();
    void scopeOptions();
    void perStageWindow();
    void compositionSeriesAndComparison();
    void humanTable();
    void usageErrors();
    void emptyRunIsNullNotNan();
    void listMetrics();

private:
    QJsonObject stats(const QString& db, QStringList extra);
    QTemporaryDir m_dir;
    QString m_seed;
    QString m_mix;
    QString m_stepped;
};

QJsonObject TestStatsCli::stats(const QString& db, QStringList extra)
{
    QStringList args{k("stats"), k("--db"), db, k("--json")};
    args += extra;
    const auto r = cli(args);
    if (r.code != 0) {
        qWarning() << r.err;
        return {};
    }
    QJsonParseError e;
    const auto doc = QJsonDocument::fromJson(r.out, &e);
    if (e.error != QJsonParseError::NoError) {
        qWarning() << e.errorString();
    }
    return doc.object();
}

void TestStatsCli::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_seed = m_dir.filePath(k("seed.phasebench"));
    m_mix = m_dir.filePath(k("mix.phasebench"));
    m_stepped = m_dir.filePath(k("stepped.phasebench"));
    QCOMPARE(cli({k("import"), k("--db"), m_seed, fixture("seed_ten_requests.csv")}).code, 0);
    QCOMPARE(cli({k("import"), k("--db"), m_seed, fixture("seed_slow_stream.csv")}).code, 0);
    QCOMPARE(cli({k("import"), k("--db"), m_seed, fixture("seed_rates_arithmetic.csv")}).code, 0);
    QCOMPARE(cli({k("import"), k("--db"), m_mix, fixture("scope_mix.csv")}).code, 0);
    QCOMPARE(cli({k("import"), k("--db"), m_stepped, fixture("stepped.csv")}).code, 0);
}

void TestStatsCli::seedJson()
{
    const auto doc = stats(m_seed, {k("--run"), k("1")});
    QCOMPARE(doc.value(k("id")).toInt(), 1);
    QCOMPARE(doc.value(k("convention")).toString(), k("nearest-rank"));
    const auto total = metric(doc, k("total"));
    QCOMPARE(total.value(k("unit")).toString(), k("ms"));
    QVERIFY(!total.value(k("definition")).toString().isEmpty());
    QVERIFY(total.value(k("scope")).toString().contains(k("attempts")));
    QCOMPARE(total.value(k("window")).toString(), k("whole run"));
    QCOMPARE(total.value(k("convention")).toString(), k("nearest-rank"));
    QCOMPARE(total.value(k("n")).toInt(), 10);
    QVERIFY(near(total.value(k("min")), 970));
    QVERIFY(near(total.value(k("mean")), 1707));
    QVERIFY(near(total.value(k("p50")), 1410));
    QVERIFY(near(total.value(k("p90")), 1950));
    QVERIFY(near(total.value(k("p95")), 4300));
    QVERIFY(near(total.value(k("p99")), 4300));
    QVERIFY(near(total.value(k("p999")), 4300));
    QVERIFY(near(total.value(k("max")), 4300));
    const auto p95i = total.value(k("p95_interval")).toArray();
    QCOMPARE(p95i.size(), 2);
    QVERIFY(near(p95i.at(0), 1730));
    QVERIFY(p95i.at(1).isNull()); // unbounded: too few values
    QCOMPARE(total.value(k("p99_interval")).toArray().size(), 2);
    bool warned = false;
    for (const auto& w : total.value(k("warnings")).toArray()) {
        warned = warned || (w.toString().contains(k("p95")) && w.toString().contains(k("N = 10")));
    }
    QVERIFY(warned);
    QVERIFY(near(metric(doc, k("first_text")).value(k("mean")), 457));
    QCOMPARE(metric(doc, k("first_text")).value(k("label")).toString(), k("TTFT (first visible text)"));
}

void TestStatsCli::conventions()
{
    const auto linear =
        stats(m_seed, {k("--run"), k("1"), k("--convention"), k("linear"), k("--metric"), k("total")});
    QCOMPARE(linear.value(k("metrics")).toArray().size(), 1);
    QVERIFY(near(metric(linear, k("total")).value(k("p95")), 3242.5));
    QCOMPARE(metric(linear, k("total")).value(k("convention")).toString(), k("linear"));
    const auto ecdf =
        stats(m_seed, {k("--run"), k("1"), k("--convention"), k("ecdf"), k("--metric"), k("total")});
    QVERIFY(near(metric(ecdf, k("total")).value(k("p95")), 3125));
}

void TestStatsCli::rates()
{
    const auto seed = stats(m_seed, {k("--run"), k("1")});
    const auto t = seed.value(k("throughput")).toObject();
    QVERIFY(near(t.value(k("request_weighted_tps")), 100));
    QVERIFY(near(t.value(k("token_weighted_tps")), 100));
    QVERIFY(near(seed.value(k("tokens")).toObject().value(k("input")), 3985));
    QVERIFY(near(seed.value(k("tokens")).toObject().value(k("output")), 1250));
    const auto slow = stats(m_seed, {k("--run"), k("2")}).value(k("throughput")).toObject();
    QVERIFY(near(slow.value(k("request_weighted_tps")), 95));
    QVERIFY(near(slow.value(k("token_weighted_tps")), 1250.0 / 15.0));
    QVERIFY(!slow.value(k("token_weighted_definition")).toString().isEmpty());
    const auto article = stats(m_seed, {k("--run"), k("3")}).value(k("throughput")).toObject();
    QVERIFY(near(article.value(k("request_weighted_tps")), 95));
    QVERIFY(near(article.value(k("token_weighted_tps")), 1250.0 / 14.0));
    QVERIFY(std::abs(article.value(k("token_weighted_tps")).toDouble() - 89.29) < 0.005);
}

void TestStatsCli::scopeOptions()
{
    const auto attempts = stats(m_mix, {k("--metric"), k("total")});
    QCOMPARE(metric(attempts, k("total")).value(k("n")).toInt(), 3);
    const auto counts = attempts.value(k("counts")).toObject();
    QCOMPARE(counts.value(k("attempts")).toInt(), 10);
    QCOMPARE(counts.value(k("logical_requests")).toInt(), 9);
    QCOMPARE(counts.value(k("retries")).toInt(), 1);
    const auto rates = attempts.value(k("rates")).toObject();
    QVERIFY(near(rates.value(k("error_rate")), 2.0 / 9));
    QVERIFY(near(rates.value(k("cache_hit_rate")), 1.0 / 9));
    QCOMPARE(rates.value(k("dropped")).toInt(), 1);

    const auto logical = stats(m_mix, {k("--metric"), k("total"), k("--scope"), k("logical")});
    QVERIFY(near(metric(logical, k("total")).value(k("max")), 31500));
    const auto only = stats(m_mix, {k("--metric"), k("total"), k("--cached"), k("only")});
    QCOMPARE(metric(only, k("total")).value(k("n")).toInt(), 1);
    const auto all = stats(m_mix, {k("--metric"), k("total"), k("--outcome"), k("all")});
    QVERIFY(near(metric(all, k("total")).value(k("max")), 30000));
    const auto model = stats(m_mix, {k("--metric"), k("total"), k("--model"), k("nope")});
    QCOMPARE(metric(model, k("total")).value(k("n")).toInt(), 0);
    QVERIFY(metric(model, k("total")).value(k("p95")).isNull());
}

void TestStatsCli::perStageWindow()
{
    const auto doc = stats(m_stepped, {k("--window"), k("per-stage"), k("--metric"), k("total")});
    const auto stages = doc.value(k("stages")).toArray();
    QCOMPARE(stages.size(), 2);
    const auto s1 = stages.at(0).toObject();
    const auto s2 = stages.at(1).toObject();
    // Each stage over its own steady window: the first has no rate change
    // before it; the second (starts 10 s to 19.5 s) leaves out its settle
    // time, at most half its span: 4750 ms.
    QCOMPARE(s1.value(k("window")).toString(), k("stage s1"));
    QCOMPARE(s2.value(k("window")).toString(),
             k("stage s2, steady (first 4750 ms after the stage began excluded)"));
    QCOMPARE(s1.value(k("stage")).toString(), k("s1"));
    QVERIFY(near(metric(s1, k("total")).value(k("max")), 119));
    QVERIFY(near(metric(s2, k("total")).value(k("min")), 260)); // the start at 15 s
    QCOMPARE(metric(s2, k("total")).value(k("n")).toInt(), 10);
    QCOMPARE(metric(s1, k("total")).value(k("n")).toInt(), 19);
    const auto steady = stats(m_stepped, {k("--window"), k("steady"), k("--warmup-ms"), k("2000"),
                                          k("--settle-ms"), k("1500"), k("--metric"), k("total")});
    // Starts every 500 ms: 4 warm-up and 3 settling requests are out (failed ones still count).
    QCOMPARE(steady.value(k("counts")).toObject().value(k("attempts")).toInt(), 33);
    QVERIFY(steady.value(k("window")).toString().contains(k("warm-up 2000 ms")));
    const auto range = stats(m_stepped, {k("--window"), k("range:0-5000"), k("--metric"), k("total")});
    QCOMPARE(range.value(k("counts")).toObject().value(k("attempts")).toInt(), 10);
}

void TestStatsCli::compositionSeriesAndComparison()
{
    const auto doc =
        stats(m_stepped, {k("--metric"), k("total"), k("--composition"), k("streaming"), k("--interval-ms"),
                          k("5000"), k("--baseline-window"), k("stage:s1"), k("--window"), k("stage:s2")});
    const auto comp = doc.value(k("composition")).toObject();
    QCOMPARE(comp.value(k("bands")).toArray().size(), 3);
    for (const auto& b : comp.value(k("bands")).toArray()) {
        double sum = 0;
        for (const auto& v : b.toObject().value(k("components")).toObject()) {
            sum += v.toDouble();
        }
        QVERIFY(near(b.toObject().value(k("mean_total")), sum));
    }
    const auto series = doc.value(k("series")).toObject().value(k("points")).toArray();
    QVERIFY(series.size() >= 4);
    const auto cmp = doc.value(k("comparison")).toObject();
    QVERIFY(cmp.contains(k("flags")));
    QCOMPARE(cmp.value(k("a")).toObject().value(k("window")).toString(), k("stage s1"));
    QCOMPARE(cmp.value(k("b")).toObject().value(k("window")).toString(), k("stage s2"));
    QVERIFY(cmp.value(k("a")).toObject().value(k("profile")).toObject().contains(k("models")));
}

void TestStatsCli::humanTable()
{
    const auto r = cli({k("stats"), k("--db"), m_seed, k("--run"), k("1")});
    QCOMPARE(r.code, 0);
    const auto text = QString::fromUtf8(r.out);
    QVERIFY(text.contains(k("scope: attempts; cached excluded; outcome completed")));
    QVERIFY(text.contains(k("window: whole run")));
    QVERIFY(text.contains(k("statistic: nearest-rank")));
    QVERIFY(text.contains(k("first_text (TTFT (first visible text))")));
    QVERIFY(text.contains(k("token-weighted")));
    QVERIFY(text.contains(k("request-weighted")));
    QVERIFY(text.contains(k("4300.000*"))); // p95 marked as the single worst request
    QVERIFY(!hasNonFinite(r.out));
}

void TestStatsCli::usageErrors()
{
    const auto base = QStringList{k("stats"), k("--db"), m_seed};
    QCOMPARE(cli(base + QStringList{k("--run"), k("1"), k("--metric"), k("ttft")}).code, 2);
    QVERIFY(cli(base + QStringList{k("--run"), k("1"), k("--metric"), k("ttft")}).err.contains("ambiguous"));
    QCOMPARE(cli(base + QStringList{k("--run"), k("1"), k("--convention"), k("type9")}).code, 2);
    QCOMPARE(cli(base + QStringList{k("--run"), k("1"), k("--window"), k("range:5-1")}).code, 2);
    QCOMPARE(cli(base + QStringList{k("--run"), k("1"), k("--cached"), k("maybe")}).code, 2);
    QCOMPARE(cli(base + QStringList{k("--run"), k("1"), k("--outcome"), k("happy")}).code, 2);
    QCOMPARE(cli(base + QStringList{k("--run"), k("99")}).code, 1);
    QCOMPARE(cli(base).code, 2); // several runs: --run is required
    QCOMPARE(cli({k("stats"), k("--run"), k("1")}).code, 2);
    QCOMPARE(cli({k("stats"), k("--db"), m_dir.filePath(k("missing.phasebench"))}).code, 1);
    const auto help = cli({k("stats"), k("--help")});
    QCOMPARE(help.code, 0);
    for (const char* option :
         {"--scope", "--cached", "--outcome", "--window", "--warmup-ms", "--convention"}) {
        QVERIFY2(help.out.contains(option), option);
    }
}

void TestStatsCli::emptyRunIsNullNotNan()
{
    const auto db = m_dir.filePath(k("empty.phasebench"));
    {
        RunStore store(db.toStdString());
        store.catalogue().createRun({.name = "empty"});
    }
    const auto r = cli({k("stats"), k("--db"), db, k("--json"), k("--composition"), k("client"),
                        k("--interval-ms"), k("1000")});
    QCOMPARE(r.code, 0);
    QVERIFY(!hasNonFinite(r.out));
    QJsonParseError e;
    const auto doc = QJsonDocument::fromJson(r.out, &e).object();
    QCOMPARE(e.error, QJsonParseError::NoError);
    const auto total = metric(doc, k("total"));
    QCOMPARE(total.value(k("n")).toInt(), 0);
    QVERIFY(total.value(k("p95")).isNull());
    QVERIFY(total.value(k("mean")).isNull());
    QVERIFY(doc.value(k("rates")).toObject().value(k("error_rate")).isNull());
    QVERIFY(doc.value(k("throughput")).toObject().value(k("token_weighted_tps")).isNull());
    bool noData = false;
    for (const auto& w : doc.value(k("warnings")).toArray()) {
        noData = noData || w.toString().contains(k("no data"));
    }
    QVERIFY(noData);
    const auto human = cli({k("stats"), k("--db"), db});
    QCOMPARE(human.code, 0);
    QVERIFY(human.out.contains("no data"));
    QVERIFY(!hasNonFinite(human.out));
}

void TestStatsCli::listMetrics()
{
    const auto r = cli({k("stats"), k("--list-metrics")});
    QCOMPARE(r.code, 0);
    for (const char* name : {"first_text", "first_content", "generation", "itl", "visible_output_tps",
                             "generation_ms_per_output_token", "network_envelope", "setup"}) {
        QVERIFY2(r.out.contains(name), name);
    }
}

QTEST_GUILESS_MAIN(TestStatsCli)
#include "tst_stats_cli.moc"
