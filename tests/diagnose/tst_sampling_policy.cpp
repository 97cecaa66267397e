// The server's sampling policy recorded with a run (issue 35 item 3): the
// scenario's `sampling` key and the stored record, the `sampling_bias`
// finding (fires on a tail-only sample, not on a uniform one) quoting the
// recorded policy, and joined-phase budgets noting it.
#include "DiagnoseTestUtil.h"
#include "budget/Budget.h"
#include "diagnose/Check.h"
#include "diagnose/Diagnose.h"
#include "load/Scenario.h"
#include "loaded/RunConfig.h"

#include <QTemporaryDir>
#include <QTest>

using namespace pb;
using namespace pb::diagnose;
using pb::test::Builder;
using pb::test::findRule;
using pb::test::Req;

namespace {

QString rules(const Diagnosis& d)
{
    QStringList out;
    for (const auto& f : d.findings) {
        out << QString::fromStdString(f.rule + ": " + f.note);
    }
    return out.join(QStringLiteral("\n"));
}

constexpr const char* kTailRecord =
    R"({"sampling": {"policy": "tail", "head_ratio": null, "tail_rules": "errors; duration > 2s"}})";

std::string scenarioWith(const std::string& sampling)
{
    return R"({"name": "s", "target": {"base_url": "http://127.0.0.1:1", "model": "m"},
        "request": {"prompts": [{"bucket": "input_0_512", "prompts": ["hello"]}]},
        "executor": {"type": "constant-arrival-rate", "rate": 1, "duration": "1s", "pre_allocated": 1},
        "seed": 7)" +
           (sampling.empty() ? std::string() : ", \"sampling\": " + sampling) + "}";
}

} // namespace

class TestSamplingPolicy : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void scenarioKey();
    void scenarioKeyRefusals_data();
    void scenarioKeyRefusals();
    void storedRecordRoundTrip();
    void tailOnlySampleQuotesThePolicy();
    void uniformSampleIsNoBias();
    void joinedBudgetsNoteThePolicy();

private:
    Diagnosis diagnose(std::int64_t run)
    {
        const auto data = loadRunData(*m_store, run);
        return runDiagnosis(data, nullptr, {});
    }
    // The server kept only the slow half of the traces.
    std::int64_t tailOnlyRun(const char* config)
    {
        Builder run(*m_store, "tail-sampled");
        Req fast;
        fast.spans = false;
        fast.queueMs = 100;
        Req slow;
        slow.queueMs = 3000;
        run.stage("steady", 30, 2, 0, fast);
        run.stage("steady", 30, 2, 15'000, slow);
        if (config) {
            m_store->catalogue().setRunConfig(run.runId, config);
        }
        return run.runId;
    }

    QTemporaryDir m_dir;
    std::unique_ptr<RunStore> m_store = std::make_unique<RunStore>(test::tempPath(m_dir, "s.phasebench"));
};

void TestSamplingPolicy::scenarioKey()
{
    // Without the key: unknown, and so stored.
    const auto none = load::parseScenario(scenarioWith({}));
    QCOMPARE(none.sampling.kind, SamplingKind::Unknown);
    QCOMPARE(analysis::parseRunConfig(load::scenarioConfigJson(none, 1)).sampling, SamplingPolicy{});
    const auto s = load::parseScenario(
        scenarioWith(R"({"policy": "head+tail", "head_ratio": 0.25, "tail_rules": "errors; > 2s"})"));
    QCOMPARE(s.sampling.kind, SamplingKind::HeadTail);
    QCOMPARE(s.sampling.headRatio.value_or(0), 0.25);
    QCOMPARE(s.sampling.tailRules, std::string("errors; > 2s"));
    // Stored with the run as it was given, and read back the same.
    const auto config = analysis::parseRunConfig(load::scenarioConfigJson(s, 1));
    QCOMPARE(config.sampling, s.sampling);
    QCOMPARE(describeSampling(config.sampling), std::string("head+tail (ratio 0.25; rules: errors; > 2s)"));
    // The document's digest: the same text, the same digest; another text, another.
    QVERIFY(s.digest.starts_with("sha256:"));
    QCOMPARE(s.digest.size(), std::size_t(7 + 64));
    QCOMPARE(config.scenarioDigest, s.digest);
    QCOMPARE(load::parseScenario(
                 scenarioWith(R"({"policy": "head+tail", "head_ratio": 0.25, "tail_rules": "errors; > 2s"})"))
                 .digest,
             s.digest);
    QVERIFY(none.digest != s.digest);
}

void TestSamplingPolicy::scenarioKeyRefusals_data()
{
    QTest::addColumn<QString>("sampling");
    QTest::addColumn<QString>("error");
    QTest::newRow("no policy") << QStringLiteral(R"({"head_ratio": 0.1})")
                               << QStringLiteral("sampling.policy");
    QTest::newRow("unknown policy") << QStringLiteral(R"({"policy": "sometimes"})")
                                    << QStringLiteral("sampling.policy: expected one of");
    QTest::newRow("ratio above 1") << QStringLiteral(R"({"policy": "head", "head_ratio": 1.5})")
                                   << QStringLiteral("sampling.head_ratio: expected a number greater than 0");
    QTest::newRow("ratio of a tail policy") << QStringLiteral(R"({"policy": "tail", "head_ratio": 0.1})")
                                            << QStringLiteral("sampling.head_ratio: head_ratio belongs");
    QTest::newRow("rules of a head policy") << QStringLiteral(R"({"policy": "head", "tail_rules": "x"})")
                                            << QStringLiteral("sampling.tail_rules: tail_rules belong");
    QTest::newRow("typo") << QStringLiteral(R"({"policy": "tail", "tail_rule": "x"})")
                          << QStringLiteral("sampling.tail_rule: unknown key");
}

void TestSamplingPolicy::scenarioKeyRefusals()
{
    QFETCH(QString, sampling);
    QFETCH(QString, error);
    try {
        load::parseScenario(scenarioWith(sampling.toStdString()));
        QFAIL("accepted");
    } catch (const load::ScenarioError& e) {
        QVERIFY2(QString::fromUtf8(e.what()).contains(error), e.what());
    }
}

void TestSamplingPolicy::storedRecordRoundTrip()
{
    for (const auto& p : {SamplingPolicy{}, SamplingPolicy{SamplingKind::All, {}, {}},
                          SamplingPolicy{SamplingKind::Head, 0.1, {}},
                          SamplingPolicy{SamplingKind::Tail, {}, "errors; duration > 2s"}}) {
        QCOMPARE(samplingFromJson(samplingToJson(p)), p);
    }
    // A damaged or foreign record reads as unknown, never as a policy.
    QCOMPARE(samplingFromJson(R"({"policy": "head", "head_ratio": 7})"), SamplingPolicy{});
    QCOMPARE(samplingFromJson(R"({"policy": 3})"), SamplingPolicy{});
    QCOMPARE(samplingFromJson("not json"), SamplingPolicy{});
    QCOMPARE(describeSampling({}), std::string("unknown (not recorded)"));
}

void TestSamplingPolicy::tailOnlySampleQuotesThePolicy()
{
    const auto recorded = diagnose(tailOnlyRun(kTailRecord));
    const auto* bias = findRule(recorded, "sampling_bias");
    QVERIFY2(bias, qPrintable(rules(recorded)));
    QVERIFY2(bias->note.find("recorded sampling policy: tail (rules: errors; duration > 2s)") !=
                 std::string::npos,
             bias->note.c_str());
    QVERIFY2(bias->note.find("keep slow traces") != std::string::npos, bias->note.c_str());
    const auto* coverage = findRule(recorded, "low_join_coverage");
    QVERIFY(coverage);
    QVERIFY2(coverage->note.find("tail (rules: errors; duration > 2s)") != std::string::npos,
             coverage->note.c_str());
    // Nothing recorded: it still fires, and says the policy is unknown.
    const auto unrecorded = diagnose(tailOnlyRun(nullptr));
    const auto* unknown = findRule(unrecorded, "sampling_bias");
    QVERIFY2(unknown, qPrintable(rules(unrecorded)));
    QVERIFY2(unknown->note.find("recorded sampling policy: unknown (not recorded)") != std::string::npos,
             unknown->note.c_str());
    // A policy blind to latency cannot explain a slow join: the note says to look for lost spans.
    const auto head =
        diagnose(tailOnlyRun(R"({"sampling": {"policy": "head", "head_ratio": 0.5, "tail_rules": ""}})"));
    const auto* blind = findRule(head, "sampling_bias");
    QVERIFY2(blind, qPrintable(rules(head)));
    QVERIFY2(blind->note.find("head (ratio 0.5)") != std::string::npos &&
                 blind->note.find("does not favour slow traces") != std::string::npos,
             blind->note.c_str());
}

void TestSamplingPolicy::uniformSampleIsNoBias()
{
    // Head sampling at 0.5: every other request kept, whatever its latency.
    Builder run(*m_store, "head-sampled");
    Req kept;
    Req dropped;
    dropped.spans = false;
    for (int i = 0; i < 6; ++i) {
        kept.queueMs = dropped.queueMs = 100.0 + 500.0 * i; // both halves see every speed
        run.stage("steady", 5, 2, 10'000.0 * i, kept);
        run.stage("steady", 5, 2, 10'000.0 * i + 250, dropped);
    }
    m_store->catalogue().setRunConfig(
        run.runId, R"({"sampling": {"policy": "head", "head_ratio": 0.5, "tail_rules": ""}})");
    const auto d = diagnose(run.runId);
    QVERIFY2(!findRule(d, "sampling_bias"), qPrintable(rules(d)));
    // Half the requests joined: low coverage, explained by the recorded ratio.
    const auto* coverage = findRule(d, "low_join_coverage");
    QVERIFY2(coverage, qPrintable(rules(d)));
    QVERIFY2(coverage->note.find("head (ratio 0.5)") != std::string::npos, coverage->note.c_str());
}

void TestSamplingPolicy::joinedBudgetsNoteThePolicy()
{
    const auto data = loadRunData(*m_store, tailOnlyRun(kTailRecord));
    const auto set =
        budget::parseBudgets(R"({"defaults": {"window": "all"}, "gates": {"min_join_coverage": 0.4},
        "phases": [{"metric": "gpu_queue", "statistic": "p95", "threshold": 5000},
                   {"metric": "total", "statistic": "p95", "threshold": 60000}]})");
    const auto result = evaluateBudgets(data, set);
    bool queue = false;
    bool gate = false;
    for (const auto& i : result.items) {
        if (i.metric == "gpu_queue") {
            queue = true;
            QCOMPARE(i.note, std::string("server trace sampling: tail (rules: errors; duration > 2s)"));
        } else if (i.id == "join_coverage") {
            gate = true;
            QVERIFY(i.note.find("tail (rules: errors; duration > 2s)") != std::string::npos);
        } else {
            QVERIFY2(i.note.empty(),
                     i.id.c_str()); // a client figure does not depend on the server's sampling
        }
    }
    QVERIFY(queue && gate);
}

QTEST_GUILESS_MAIN(TestSamplingPolicy)
#include "tst_sampling_policy.moc"
