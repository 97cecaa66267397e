// phasebench-cli trace --compare (issue 32), the real binary on a file built
// for it: the delta table adds up to the difference of the totals in text
// and JSON, the default pair is the p50/p99 exemplars, bad IDs are refused.
#include "CliTestUtil.h"
#include "ComparisonFixture.h"
#include "TestUtil.h"

#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include <algorithm>

using namespace pb;
using nlohmann::json;

class TestTraceCompare : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void jsonAddsUp();
    void textTable();
    void defaultPairOfARun();
    void errors();
    void samePromptInBaseline();
    void samePromptErrors();

private:
    QTemporaryDir m_dir;
    QString m_db;
    test::ComparisonFile m_file;
    QString m_sameDb; // m_db's runs and the same-prompt runs
    test::ComparisonFile m_sameFile;
    test::SamePromptRuns m_same;
    QString id(std::int64_t run, int i) const { return QString::fromStdString(test::cmpTraceId(run, i)); }
};

void TestTraceCompare::initTestCase()
{
    m_db = m_dir.filePath(QStringLiteral("c.phasebench"));
    m_file = test::buildComparisonFile(m_db.toStdString());
    m_sameDb = m_dir.filePath(QStringLiteral("same.phasebench"));
    m_sameFile = test::buildComparisonFile(m_sameDb.toStdString());
    m_same = test::addSamePromptRuns(m_sameDb.toStdString());
}

void TestTraceCompare::jsonAddsUp()
{
    const auto r =
        test::runCli({QStringLiteral("trace"), QStringLiteral("--db"), m_db, QStringLiteral("--compare"),
                      id(m_file.joinedRun, 3), id(m_file.joinedRun, 77), QStringLiteral("--json")});
    QCOMPARE(r.code, 0);
    const auto j = json::parse(r.out.toStdString());
    QCOMPARE(j["partition"].get<std::string>(), std::string("joined"));
    QCOMPARE(j["a"]["seq"].get<int>(), 3);
    QCOMPARE(j["b"]["seq"].get<int>(), 77);
    std::int64_t sum = 0;
    double sumMs = 0;
    for (const auto& row : j["rows"]) {
        sum += row["delta_ns"].get<std::int64_t>();
        sumMs += row["delta_ms"].get<double>();
    }
    const auto totalDelta = (test::cmpTotalMs(77) - test::cmpTotalMs(3)) * test::kCmpMs;
    QCOMPARE(j["total"]["delta_ns"].get<std::int64_t>(), totalDelta);
    QCOMPARE(sum, totalDelta); // exactly
    QVERIFY(std::abs(sumMs - j["total"]["delta_ms"].get<double>()) < 1e-6);
    QCOMPARE(j["rows"].back()["phase"].get<std::string>(), std::string("unattributed"));
    QVERIFY(j["rows"].back()["unattributed"].get<bool>());
    const auto queue = std::find_if(j["rows"].begin(), j["rows"].end(),
                                    [](const json& row) { return row["phase"] == "gpu_queue"; });
    QVERIFY(queue != j["rows"].end());
    QCOMPARE((*queue)["delta_ms"].get<double>(), 222.0);
    // Request 3 starts at 0.3 s, before the first scrape; 77 at 7.7 s: the 7 s sample.
    QVERIFY(j["a"]["target_at_start"]["running"].is_null());
    QCOMPARE(j["b"]["target_at_start"]["running"].get<double>(), 7.0);
    QCOMPARE(j["b"]["target_at_start"]["kv_cache_usage"].get<double>(), 0.07);
    QCOMPARE(j["a"]["chunk_gaps"]["n"].get<int>(), 10);

    // A request of the run without spans: the stream partition.
    const auto s =
        test::runCli({QStringLiteral("trace"), QStringLiteral("--db"), m_db, QStringLiteral("--compare"),
                      id(m_file.joinedRun, 3), id(m_file.plainRun, 77), QStringLiteral("--json")});
    QCOMPARE(s.code, 0);
    const auto js = json::parse(s.out.toStdString());
    QCOMPARE(js["partition"].get<std::string>(), std::string("stream"));
    sum = 0;
    for (const auto& row : js["rows"]) {
        sum += row["delta_ns"].get<std::int64_t>();
    }
    QCOMPARE(sum, totalDelta);
}

void TestTraceCompare::textTable()
{
    const auto r =
        test::runCli({QStringLiteral("trace"), QStringLiteral("--db"), m_db, QStringLiteral("--compare"),
                      id(m_file.joinedRun, 3), id(m_file.joinedRun, 77)});
    QCOMPARE(r.code, 0);
    const auto out = QString::fromUtf8(r.out);
    QVERIFY2(out.contains(QStringLiteral("joined partition")), r.out.constData());
    QVERIFY(out.contains(QStringLiteral("A: trace ") + id(m_file.joinedRun, 3)));
    const auto line = [&](const QString& start) {
        for (const auto& l : out.split(QLatin1Char('\n'))) {
            if (l.trimmed().startsWith(start)) {
                return l.simplified();
            }
        }
        return QString();
    };
    QCOMPARE(line(QStringLiteral("gpu_queue")), QStringLiteral("gpu_queue 9.000 231.000 222.000"));
    QCOMPARE(line(QStringLiteral("unattributed")), QStringLiteral("unattributed 3.000 3.000 0.000"));
    const double totalA = double(test::cmpTotalMs(3));
    const double totalB = double(test::cmpTotalMs(77));
    QCOMPARE(line(QStringLiteral("total")), QStringLiteral("total %1 %2 %3")
                                                .arg(totalA, 0, 'f', 3)
                                                .arg(totalB, 0, 'f', 3)
                                                .arg(totalB - totalA, 0, 'f', 3));
    QVERIFY(out.contains(QStringLiteral("running=not scraped")));
    QVERIFY(out.contains(QStringLiteral("running=7.0")));
}

void TestTraceCompare::defaultPairOfARun()
{
    const auto r =
        test::runCli({QStringLiteral("trace"), QStringLiteral("--db"), m_db, QStringLiteral("--compare"),
                      QStringLiteral("--run"), QString::number(m_file.joinedRun), QStringLiteral("--json")});
    QCOMPARE(r.code, 0);
    const auto j = json::parse(r.out.toStdString());
    // Nearest rank in the last stage ("high": seqs 50 and up), never over both stages.
    const int seqA = j["a"]["seq"].get<int>();
    const int seqB = j["b"]["seq"].get<int>();
    QVERIFY(seqA >= 50 && seqB >= 50);
    QVERIFY(j["exemplars"]["b"]["rank"].get<int>() > j["exemplars"]["a"]["rank"].get<int>());
    QCOMPARE(j["a"]["total_ms"].get<double>(), double(test::cmpTotalMs(seqA)));
    QCOMPARE(j["b"]["total_ms"].get<double>(), double(test::cmpTotalMs(seqB)));
    QVERIFY(test::cmpTotalMs(seqB) > test::cmpTotalMs(seqA));
    std::int64_t sum = 0;
    for (const auto& row : j["rows"]) {
        sum += row["delta_ns"].get<std::int64_t>();
    }
    QCOMPARE(sum, (test::cmpTotalMs(seqB) - test::cmpTotalMs(seqA)) * test::kCmpMs);
    // Two runs and no --run: which one is ambiguous.
    const auto two =
        test::runCli({QStringLiteral("trace"), QStringLiteral("--db"), m_db, QStringLiteral("--compare")});
    QCOMPARE(two.code, 2);
    QVERIFY(two.err.contains("--run"));
}

void TestTraceCompare::errors()
{
    const auto base =
        QStringList{QStringLiteral("trace"), QStringLiteral("--db"), m_db, QStringLiteral("--compare")};
    auto r = test::runCli(base + QStringList{id(m_file.joinedRun, 3)});
    QCOMPARE(r.code, 2);
    QVERIFY(r.err.contains("two TRACE_IDs"));
    r = test::runCli(base + QStringList{id(m_file.joinedRun, 3), QStringLiteral("xyz")});
    QCOMPARE(r.code, 2);
    QVERIFY(r.err.contains("'xyz' is not a trace ID"));
    const QString unknown = QStringLiteral("00000000000000000000000000000abc");
    r = test::runCli(base + QStringList{unknown, id(m_file.joinedRun, 3)});
    QCOMPARE(r.code, 1);
    QVERIFY(r.err.contains(unknown.toLatin1()));
    // In another run than the one named.
    r = test::runCli(base + QStringList{id(m_file.joinedRun, 3), id(m_file.plainRun, 4),
                                        QStringLiteral("--run"), QString::number(m_file.joinedRun)});
    QCOMPARE(r.code, 1);
    QVERIFY(r.err.contains("no request of run"));
}

// trace B --baseline-run RUN: A is the baseline's first completed request
// with B's prompt_ref; the same table as --compare, labelled.
void TestTraceCompare::samePromptInBaseline()
{
    // B = candidate request 23 (ref "0:3"): the baseline's 3 failed, 13 completed.
    auto r = test::runCli({QStringLiteral("trace"), QStringLiteral("--db"), m_sameDb,
                           id(m_same.candidate, 23), QStringLiteral("--baseline-run"),
                           QString::number(m_same.baseline), QStringLiteral("--json")});
    QCOMPARE(r.code, 0);
    const auto j = json::parse(r.out.toStdString());
    QCOMPARE(j["a"]["run_id"].get<std::int64_t>(), m_same.baseline);
    QCOMPARE(j["a"]["seq"].get<int>(), 13);
    QCOMPARE(j["a"]["trace_id"].get<std::string>(), test::cmpTraceId(m_same.baseline, 13));
    QCOMPARE(j["b"]["run_id"].get<std::int64_t>(), m_same.candidate);
    QCOMPARE(j["b"]["seq"].get<int>(), 23);
    QCOMPARE(j["same_prompt"]["prompt_ref"].get<std::string>(), std::string("0:3"));
    QCOMPARE(j["same_prompt"]["baseline_run"].get<std::int64_t>(), m_same.baseline);
    QCOMPARE(j["same_prompt"]["scenario_digest"].get<std::string>(), std::string("sha256:d1"));
    QCOMPARE(j["partition"].get<std::string>(), std::string("stream"));
    std::int64_t sum = 0;
    for (const auto& row : j["rows"]) {
        sum += row["delta_ns"].get<std::int64_t>();
    }
    const auto totalDelta = (test::cmpTotalMs(23) - test::cmpTotalMs(13)) * test::kCmpMs;
    QCOMPARE(j["total"]["delta_ns"].get<std::int64_t>(), totalDelta);
    QCOMPARE(sum, totalDelta);

    // Text: the label, the same table.
    r = test::runCli({QStringLiteral("trace"), QStringLiteral("--db"), m_sameDb, id(m_same.candidate, 23),
                      QStringLiteral("--baseline-run"), QString::number(m_same.baseline),
                      QStringLiteral("--run"), QString::number(m_same.candidate)});
    QCOMPARE(r.code, 0);
    const auto out = QString::fromUtf8(r.out);
    QVERIFY2(out.contains(QStringLiteral("A: baseline run %1, same prompt (ref 0:3)").arg(m_same.baseline)),
             r.out.constData());
    QVERIFY(out.contains(QStringLiteral("A: trace ") + id(m_same.baseline, 13)));
    QVERIFY(out.contains(QStringLiteral("B: trace ") + id(m_same.candidate, 23)));
    QVERIFY(out.contains(QStringLiteral("stream partition")));
}

void TestTraceCompare::samePromptErrors()
{
    const auto run = [&](const QString& trace, std::int64_t baseline, QStringList more = {}) {
        return test::runCli(QStringList{QStringLiteral("trace"), QStringLiteral("--db"), m_sameDb, trace,
                                        QStringLiteral("--baseline-run"), QString::number(baseline)} +
                            more);
    };
    auto r = run(id(m_same.candidate, 23), m_same.otherScenario);
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains("different scenarios (sha256:d2, sha256:d1)"), r.err.constData());
    r = run(id(m_same.synthetic2, 23), m_same.synthetic1);
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains("different seeds (1, 2)"), r.err.constData());
    r = run(id(m_same.imported, 23), m_same.baseline);
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains("records no prompt reference"), r.err.constData());
    r = run(id(m_same.candidate, test::kCmpRequests - 1), m_same.baseline);
    QCOMPARE(r.code, 1);
    QVERIFY2(
        r.err.contains(QStringLiteral("no request of run %1 sent prompt 1:0").arg(m_same.baseline).toUtf8()),
        r.err.constData());
    r = run(id(m_same.candidate, 28), m_same.baseline);
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains("none completed"), r.err.constData());
    r = run(id(m_same.candidate, 23), 999);
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains("run 999 is not in this file"), r.err.constData());
    // Usage errors: no or two IDs, --compare as well, a bad run id.
    r = test::runCli({QStringLiteral("trace"), QStringLiteral("--db"), m_sameDb,
                      QStringLiteral("--baseline-run"), QString::number(m_same.baseline)});
    QCOMPARE(r.code, 2);
    QVERIFY(r.err.contains("one TRACE_ID"));
    r = run(id(m_same.candidate, 23), m_same.baseline, {QStringLiteral("--compare")});
    QCOMPARE(r.code, 2);
    QVERIFY(r.err.contains("use one"));
    r = test::runCli({QStringLiteral("trace"), QStringLiteral("--db"), m_sameDb, id(m_same.candidate, 23),
                      QStringLiteral("--baseline-run"), QStringLiteral("x")});
    QCOMPARE(r.code, 2);
    QVERIFY(r.err.contains("--baseline-run expects a run id"));
    // Help names the option.
    r = test::runCli({QStringLiteral("trace"), QStringLiteral("--help")});
    QVERIFY(r.out.contains("--baseline-run"));
}

QTEST_GUILESS_MAIN(TestTraceCompare)
#include "tst_trace_compare.moc"
