// Routes through an external provider (the p95 seed): a provider.request span
// is the `provider` phase (owner: the external provider), not unattributed; a
// budget on a phase the provider's total hides (gpu_queue, generation) is "not
// measurable on this route" with its reason; a router's routes (provider,
// model) are groups of their own, each with its percentiles and verdicts.
#include "CliTestUtil.h"
#include "DiagnoseTestUtil.h"
#include "analysis/GroupSummary.h"
#include "diagnose/Check.h"
#include "diagnose/Report.h"
#include "join/JoinResult.h"
#include "loaded/Goodput.h"
#include "loaded/RunSummary.h"
#include "stats/Selection.h"
#include "stats/Summarize.h"
#include "telemetry/SpanRules.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>

using namespace pb;
using namespace pb::diagnose;
using pb::test::Builder;
using pb::test::Req;

namespace {

// 100 requests through one provider: 900 ms at the provider (+ 0..5 ms
// jitter), 40 ms of gateway, 80 ms of envelope.
Req providerRoute(const std::string& provider, double providerMs = 900)
{
    Req q;
    q.providerMs = providerMs;
    q.provider = provider;
    return q;
}

// The phase's summary over the run's steady window (every completed request).
stats::MetricSummary summaryOf(const RunData& run, const char* metric)
{
    stats::Window all;
    all.kind = stats::Window::Kind::All;
    const auto selection = stats::select(run.table, stats::Scope{}, all, analysis::stageIndexOf(run));
    stats::Statistic st;
    st.percentiles = {0.5, 0.95};
    return stats::summarizeMetric(selection, *stats::findMetric(metric), st);
}

std::map<std::string, const CheckItem*> itemsByGroup(const CheckResult& r, std::string_view id)
{
    std::map<std::string, const CheckItem*> out;
    for (const auto& i : r.items) {
        if (i.id == id) {
            out[i.group] = &i;
        }
    }
    return out;
}

const CheckItem* itemOf(const CheckResult& r, std::string_view id)
{
    const auto it =
        std::find_if(r.items.begin(), r.items.end(), [&](const CheckItem& i) { return i.id == id; });
    return it == r.items.end() ? nullptr : &*it;
}

QString writeText(const QTemporaryDir& dir, const char* name, const char* text)
{
    const auto path = dir.filePath(QString::fromLatin1(name));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly)) {
        return {};
    }
    f.write(text);
    return path;
}

const char* kRouteBudgets = R"({"defaults": {"window": "all"},
  "phases": [{"metric": "gateway", "threshold": 100},
             {"metric": "gpu_queue", "threshold": 500},
             {"metric": "generation_server", "threshold": 2000},
             {"metric": "provider", "threshold": 1000}]})";

} // namespace

class TestProviderRoutes : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void providerSpanIsItsOwnPhase();
    void hiddenPhaseBudgetIsNotMeasurable();
    void localRouteStillDecidesTheQueue();
    void routerRoutesAreGroups();
    void twoModelsBehindOneProvider();
    void configuredRuleNamesTheProvider();
    void storedPhaseKeepsTheProvider();
    void checkAndStatsShowIt();
};

void TestProviderRoutes::providerSpanIsItsOwnPhase()
{
    QTemporaryDir dir;
    RunStore store(test::tempPath(dir, "provider.phasebench"));
    Builder run(store, "provider");
    run.stage("steady", 100, 5, 0, providerRoute("openai"));
    const auto data = loadRunData(store, run.runId);
    QVERIFY(data.joined);

    const auto provider = summaryOf(data, "provider");
    QCOMPARE(provider.n, std::size_t(100));
    QVERIFY(provider.quantile(0.95));
    QVERIFY(std::abs(provider.quantile(0.5)->value.value() - 902.5) < 0.01);
    QVERIFY(std::abs(provider.quantile(0.95)->value.value() - 905) < 0.01);
    // The provider's time is attributed: nothing of it is left in unattributed.
    const auto unattributed = summaryOf(data, "unattributed");
    QCOMPARE(unattributed.n, std::size_t(100));
    QVERIFY(*unattributed.max < 0.01);
    // Nor is any of it a queue or a generation of the server's own.
    QCOMPARE(summaryOf(data, "gpu_queue").n, std::size_t(0));
    QCOMPARE(summaryOf(data, "generation_server").n, std::size_t(0));

    // The run summary (`run`, `demo`, reports) lists the phase for such a run.
    const auto request = analysis::runSummaryRequest(data);
    QVERIFY(std::any_of(request.metrics.begin(), request.metrics.end(),
                        [](const stats::Metric* m) { return m->name == "provider"; }));
    // Its owner is the external provider.
    QCOMPARE(ownerOfMetric("provider"), std::optional(Owner::ExternalProvider));
    QCOMPARE(ownerName(Owner::ExternalProvider), std::string_view("external_provider"));

    // A run without a provider span has no such row in its summary.
    Builder local(store, "local");
    local.stage("steady", 20, 5, 0, Req{});
    const auto localData = loadRunData(store, local.runId);
    const auto localRequest = analysis::runSummaryRequest(localData);
    QVERIFY(std::none_of(localRequest.metrics.begin(), localRequest.metrics.end(),
                         [](const stats::Metric* m) { return m->name == "provider"; }));
    QVERIFY(!localData.table.categoryColumn(join::kRouteProviderColumn));
}

void TestProviderRoutes::hiddenPhaseBudgetIsNotMeasurable()
{
    QTemporaryDir dir;
    RunStore store(test::tempPath(dir, "provider.phasebench"));
    Builder run(store, "provider");
    run.stage("steady", 100, 5, 0, providerRoute("openai"));
    const auto data = loadRunData(store, run.runId);
    auto set = budget::parseBudgets(kRouteBudgets);
    set.gates.minGoodput = 0.9;
    const auto r = evaluateBudgets(data, set);

    for (const char* id : {"gpu_queue", "generation_server"}) {
        const auto* i = itemOf(r, id);
        QVERIFY2(i, id);
        QCOMPARE(i->verdict, Verdict::NotMeasurable);
        QVERIFY2(i->reason.starts_with("not measurable on this route"), i->reason.c_str());
        QVERIFY2(i->reason.find("cannot be reconstructed by subtraction") != std::string::npos,
                 i->reason.c_str());
        QVERIFY2(i->reason.find("100 of 100 requests") != std::string::npos, i->reason.c_str());
        QVERIFY(!i->observed);
    }
    // What the route can measure is decided: the gateway and the provider call.
    QCOMPARE(itemOf(r, "gateway")->verdict, Verdict::Pass);
    const auto* provider = itemOf(r, "provider");
    QCOMPARE(provider->verdict, Verdict::Pass);
    QCOMPARE(provider->owner, std::optional(Owner::ExternalProvider));
    QVERIFY(std::abs(*provider->observed - 905) < 0.01);
    // Goodput counts the budgets that apply: every request met them.
    const auto* goodput = itemOf(r, "goodput");
    QVERIFY(goodput);
    QCOMPARE(goodput->verdict, Verdict::Pass);
    QCOMPARE(*goodput->observed, 1.0);
    // Not a decision about the run: it passes, and says which items are not measurable.
    QCOMPARE(r.verdict, Verdict::Pass);
    QCOMPARE(r.stages.front().verdict, Verdict::Pass);

    const auto json = toJson(r);
    int notMeasurable = 0;
    for (const auto& item : json["items"]) {
        if (item["verdict"] == "not_measurable") {
            ++notMeasurable;
            QVERIFY(item["reason"].get<std::string>().starts_with("not measurable on this route"));
        }
    }
    QCOMPARE(notMeasurable, 2);
    QCOMPARE(json["verdict"].get<std::string>(), std::string("pass"));
    const auto junit = toJUnit(r, "route");
    QVERIFY(junit.find("skipped=\"2\"") != std::string::npos);
    QVERIFY(junit.find("<skipped message=\"not measurable on this route") != std::string::npos);
}

void TestProviderRoutes::localRouteStillDecidesTheQueue()
{
    // The same budgets on a route served by the gateway's own pool: the queue
    // is measured and decided, never "not measurable".
    QTemporaryDir dir;
    RunStore store(test::tempPath(dir, "local.phasebench"));
    Builder run(store, "local");
    run.stage("steady", 100, 5, 0, Req{});
    const auto r = evaluateBudgets(loadRunData(store, run.runId), budget::parseBudgets(kRouteBudgets));
    QCOMPARE(itemOf(r, "gpu_queue")->verdict, Verdict::Pass);
    QCOMPARE(itemOf(r, "generation_server")->verdict, Verdict::Pass);
    // No provider span: a provider budget has no value and cannot be decided (no data, not "not measurable").
    QCOMPARE(itemOf(r, "provider")->verdict, Verdict::CannotDecide);
}

void TestProviderRoutes::routerRoutesAreGroups()
{
    // A model router behind one endpoint (client model "auto"): in turn an
    // external provider (openai, 900 ms; anthropic, 2000 ms) and the
    // gateway's own pool. The routes are never merged into one tail.
    QTemporaryDir dir;
    RunStore store(test::tempPath(dir, "router.phasebench"));
    Builder run(store, "router");
    for (int i = 0; i < 100; ++i) {
        auto a = providerRoute("openai", 900);
        a.model = "auto";
        run.stage("steady", 1, 1, i * 600.0, a);
        auto b = providerRoute("anthropic", 2000);
        b.model = "auto";
        run.stage("steady", 1, 1, i * 600.0 + 200, b);
        Req c;
        c.model = "auto";
        run.stage("steady", 1, 1, i * 600.0 + 400, c);
    }
    const auto data = loadRunData(store, run.runId);
    const auto groups = runGroups(data.table);
    QCOMPARE(groups.size(), std::size_t(3));
    std::vector<std::string> labels;
    for (const auto& g : groups) {
        labels.push_back(g.label);
    }
    std::sort(labels.begin(), labels.end());
    QCOMPARE(labels, (std::vector<std::string>{"route_provider=anthropic", "route_provider=local",
                                               "route_provider=openai"}));

    // Each route its own percentiles.
    const auto grouped = analysis::summarizeGroups(data, analysis::runSummaryRequest(data));
    QCOMPARE(grouped.groups.size(), std::size_t(3));
    std::map<std::string, const stats::MetricSummary*> provider;
    for (const auto& g : grouped.groups) {
        for (const auto& m : g.summary.windows.front().report.metrics) {
            if (m.name == "provider") {
                provider[g.group] = &m;
            }
        }
    }
    QCOMPARE(provider.size(), std::size_t(3));
    QCOMPARE(provider["route_provider=openai"]->n, std::size_t(100));
    QVERIFY(std::abs(provider["route_provider=openai"]->quantile(0.95)->value.value() - 900) < 0.01);
    QCOMPARE(provider["route_provider=anthropic"]->n, std::size_t(100));
    QVERIFY(std::abs(provider["route_provider=anthropic"]->quantile(0.95)->value.value() - 2000) < 0.01);
    QCOMPARE(provider["route_provider=local"]->n, std::size_t(0));

    // Each route its own verdicts.
    const auto r = evaluateBudgets(data, budget::parseBudgets(kRouteBudgets));
    const auto providerItems = itemsByGroup(r, "provider");
    QCOMPARE(providerItems.size(), std::size_t(3));
    QCOMPARE(providerItems.at("route_provider=openai")->verdict, Verdict::Pass);
    QCOMPARE(providerItems.at("route_provider=openai")->n, std::size_t(100));
    QCOMPARE(providerItems.at("route_provider=anthropic")->verdict, Verdict::Fail);
    QCOMPARE(providerItems.at("route_provider=local")->verdict, Verdict::CannotDecide);
    const auto queue = itemsByGroup(r, "gpu_queue");
    QCOMPARE(queue.at("route_provider=local")->verdict, Verdict::Pass);
    QCOMPARE(queue.at("route_provider=openai")->verdict, Verdict::NotMeasurable);
    QCOMPARE(queue.at("route_provider=anthropic")->verdict, Verdict::NotMeasurable);
    QCOMPARE(r.verdict, Verdict::Fail);
    QCOMPARE(r.firstFailedPhase()->group, std::string("route_provider=anthropic"));

    // A budget whose condition names a provider decides that route only.
    const auto named = evaluateBudgets(data, budget::parseBudgets(R"({"defaults": {"window": "all"},
        "phases": [{"metric": "provider", "threshold": 1000, "condition": {"provider": "openai"}}]})"));
    QCOMPARE(std::count_if(named.items.begin(), named.items.end(),
                           [](const CheckItem& i) { return i.id == "provider"; }),
             std::ptrdiff_t(1));
    QCOMPARE(named.verdict, Verdict::Pass);
    // ... and the condition is stored as it was written.
    const auto roundTrip = budget::budgetsToJson(budget::parseBudgets(
        R"({"phases": [{"metric": "provider", "threshold": 1000, "condition": {"provider": "openai"}}]})"));
    QVERIFY2(roundTrip.find("\"provider\": [") != std::string::npos ||
                 roundTrip.find("\"provider\":[") != std::string::npos,
             roundTrip.c_str());
}

void TestProviderRoutes::twoModelsBehindOneProvider()
{
    // One provider, two models the router picked (the response's model): two
    // routes, two groups, each with its own tail.
    QTemporaryDir dir;
    RunStore store(test::tempPath(dir, "models.phasebench"));
    Builder run(store, "models");
    for (int i = 0; i < 100; ++i) {
        auto small = providerRoute("openai", 300);
        small.model = "auto";
        small.resolvedModel = "small";
        run.stage("steady", 1, 1, i * 400.0, small);
        auto large = providerRoute("openai", 1500);
        large.model = "auto";
        large.resolvedModel = "large";
        run.stage("steady", 1, 1, i * 400.0 + 200, large);
    }
    const auto data = loadRunData(store, run.runId);
    const auto r = evaluateBudgets(data, budget::parseBudgets(R"({"defaults": {"window": "all"},
        "phases": [{"metric": "provider", "threshold": 1000}, {"metric": "gpu_queue", "threshold": 500}]})"));
    const auto provider = itemsByGroup(r, "provider");
    QCOMPARE(provider.size(), std::size_t(2));
    QCOMPARE(provider.at("resolved_model=small")->verdict, Verdict::Pass);
    QVERIFY(std::abs(*provider.at("resolved_model=small")->observed - 300) < 0.01);
    QCOMPARE(provider.at("resolved_model=large")->verdict, Verdict::Fail);
    QVERIFY(std::abs(*provider.at("resolved_model=large")->observed - 1500) < 0.01);
    const auto queue = itemsByGroup(r, "gpu_queue");
    QCOMPARE(queue.size(), std::size_t(2));
    for (const auto& [group, item] : queue) {
        QCOMPARE(item->verdict, Verdict::NotMeasurable);
    }
}

void TestProviderRoutes::configuredRuleNamesTheProvider()
{
    // The rule is data: a gateway whose upstream call is `upstream.call`,
    // naming its vendor in `upstream.vendor`, configured in the run's rules.
    std::string error;
    const auto rules = telemetry::spanRulesFromJson(R"({"phase_attribute": "llm.phase",
        "span_names": [{"name": "auth.check", "phase": "gateway_auth"},
                       {"name": "upstream.", "phase": "provider", "prefix": true}],
        "provider_attributes": ["upstream.vendor"]})",
                                                    &error);
    QVERIFY2(rules, error.c_str());
    QCOMPARE(rules->providerAttributes, std::vector<std::string>{"upstream.vendor"});
    // Stored and read back unchanged; the defaults know the seed's span and the GenAI attribute.
    QCOMPARE(telemetry::spanRulesFromJson(telemetry::toJson(*rules)), rules);
    const auto defaults = telemetry::SpanRules::defaults();
    QCOMPARE(telemetry::PhaseMapper(defaults).phaseOf("provider.request", "{}"),
             std::string_view("provider"));
    QCOMPARE(telemetry::PhaseMapper(defaults).providerOf(R"({"gen_ai.provider.name":"openai"})"),
             std::string("openai"));
    QCOMPARE(telemetry::PhaseMapper(defaults).providerOf(R"({"gen_ai.system":"anthropic"})"),
             std::string("anthropic"));
    QVERIFY(!telemetry::spanRulesFromJson(R"({"provider_attributes": "upstream.vendor"})"));

    QTemporaryDir dir;
    RunStore store(test::tempPath(dir, "rule.phasebench"));
    Builder run(store, "rule");
    auto a = providerRoute("acme", 700);
    a.providerSpanName = "upstream.call";
    a.providerAttribute = "upstream.vendor";
    auto b = a;
    b.provider = "globex";
    b.providerMs = 1200;
    for (int i = 0; i < 40; ++i) {
        run.stage("steady", 1, 1, i * 400.0, a);
        run.stage("steady", 1, 1, i * 400.0 + 200, b);
    }
    // Under the default rules the span is nobody's: its time is unattributed.
    const auto before = loadRunData(store, run.runId);
    QCOMPARE(summaryOf(before, "provider").n, std::size_t(0));
    QVERIFY(summaryOf(before, "unattributed").quantile(0.5)->value.value() > 690);
    QVERIFY(runGroups(before.table).empty());
    // Under the run's configured rules it is the provider phase, per vendor.
    telemetry::storeSpanRules(store, run.runId, *rules);
    const auto after = loadRunData(store, run.runId);
    QCOMPARE(summaryOf(after, "provider").n, std::size_t(80));
    QVERIFY(*summaryOf(after, "unattributed").max < 0.01);
    const auto groups = runGroups(after.table);
    QCOMPARE(groups.size(), std::size_t(2));
    QCOMPARE(groups[0].label + " | " + groups[1].label,
             std::string("route_provider=acme | route_provider=globex"));
}

void TestProviderRoutes::storedPhaseKeepsTheProvider()
{
    // Spans as the receiver stores them: each with its phase under the run's
    // stored rules. The join then reads a span's attributes only where it
    // needs them, which for a provider span is its provider's name.
    QTemporaryDir dir;
    RunStore store(test::tempPath(dir, "stored.phasebench"));
    const auto rules = telemetry::SpanRules::defaults();
    Builder run(store, "stored");
    run.storedPhaseRules = &rules;
    telemetry::storeSpanRules(store, run.runId, rules);
    for (int i = 0; i < 30; ++i) {
        run.stage("steady", 1, 1, i * 400.0, providerRoute("openai", 500));
        run.stage("steady", 1, 1, i * 400.0 + 200, providerRoute("mistral", 800));
    }
    const auto data = loadRunData(store, run.runId);
    QCOMPARE(summaryOf(data, "provider").n, std::size_t(60));
    const auto groups = runGroups(data.table);
    QCOMPARE(groups.size(), std::size_t(2));
    QCOMPARE(groups[0].label + " | " + groups[1].label,
             std::string("route_provider=openai | route_provider=mistral")); // in the order first seen
}

void TestProviderRoutes::checkAndStatsShowIt()
{
    // End to end through the real CLI: `stats --json` lists the provider
    // phase's percentiles and `check --json` the verdict with its reason.
    QTemporaryDir dir;
    const auto db = dir.filePath(QStringLiteral("cli.phasebench"));
    std::int64_t runId = 0;
    {
        RunStore store(db.toStdString());
        Builder run(store, "provider");
        run.stage("steady", 100, 5, 0, providerRoute("openai"));
        runId = run.runId;
    }
    const auto budgets = writeText(dir, "route.json", kRouteBudgets);
    const auto k = [](const char* s) {
        return QString::fromLatin1(s);
    };

    const auto stats =
        test::runCli({k("stats"), k("--db"), db, k("--run"), QString::number(runId), k("--json")});
    QVERIFY2(stats.code == 0, stats.err.constData());
    const auto sj = nlohmann::json::parse(stats.out.toStdString());
    bool found = false;
    for (const auto& m : sj["metrics"]) { // one stage, one group: its figures at the top
        if (m["name"] == "provider") {
            found = true;
            QCOMPARE(m["n"].get<int>(), 100);
            QVERIFY(std::abs(m["p95"].get<double>() - 905) < 0.01);
        }
    }
    QVERIFY2(found, stats.out.left(2000).constData());

    const auto check = test::runCli({k("check"), k("--db"), db, k("--run"), QString::number(runId),
                                     k("--budgets"), budgets, k("--json")});
    QVERIFY2(check.code == 0, check.err.constData()); // not measurable is no failure
    const auto cj = nlohmann::json::parse(check.out.toStdString());
    std::map<std::string, std::string> verdicts;
    for (const auto& item : cj["items"]) {
        verdicts[item["id"].get<std::string>()] = item["verdict"].get<std::string>();
        if (item["id"] == "gpu_queue") {
            QVERIFY(item["reason"].get<std::string>().starts_with("not measurable on this route"));
        }
        if (item["id"] == "provider") {
            QCOMPARE(item["owner"].get<std::string>(), std::string("external_provider"));
        }
    }
    QCOMPARE(verdicts["gpu_queue"], std::string("not_measurable"));
    QCOMPARE(verdicts["generation_server"], std::string("not_measurable"));
    QCOMPARE(verdicts["provider"], std::string("pass"));
    QCOMPARE(verdicts["gateway"], std::string("pass"));
    // The text output names the verdict.
    const auto text = test::runCli(
        {k("check"), k("--db"), db, k("--run"), QString::number(runId), k("--budgets"), budgets});
    QCOMPARE(text.code, 0);
    QVERIFY2(text.out.contains("NOT MEASURABLE ON THIS ROUTE"), text.out.constData());

    // The report: the item's verdict, and a run verdict that counts it apart.
    const auto md = dir.filePath(QStringLiteral("r.md"));
    const auto report = test::runCli({k("report"), k("-o"), md, k("--db"), db, k("--run"),
                                      QString::number(runId), k("--budgets"), budgets});
    QVERIFY2(report.code == 0, report.err.constData());
    QFile f(md);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const auto markdown = QString::fromUtf8(f.readAll());
    QVERIFY2(markdown.contains(k("NOT MEASURABLE ON THIS ROUTE")), qPrintable(markdown.left(4000)));
    QVERIFY2(markdown.contains(
                 k("Verdict: PASS: 2 of 4 budget checks were met, 2 not measurable on their route.")),
             qPrintable(markdown.left(4000)));
    // The matrix says it by symbol too (issue 34).
    QVERIFY2(markdown.contains(QStringLiteral("| \u2013 ")), qPrintable(markdown.left(4000)));
}

QTEST_GUILESS_MAIN(TestProviderRoutes)
#include "tst_provider_routes.moc"
