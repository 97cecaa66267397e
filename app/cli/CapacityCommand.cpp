// phasebench-cli capacity [SCENARIO] --budgets FILE --db FILE [--demo]
// The adaptive capacity search (capacity/CapacitySearch.h): stages at growing
// rates until one does not meet the budgets, then bisection to a precision,
// within a time and a request budget; one stepped run keeps every stage.
// Exit codes: 0 a highest rate met the budgets, 3 no rate tried met them,
// 130 cancelled (Ctrl-C; what was measured is kept); 1 error, 2 usage.
#include "analysis/Capacity.h"
#include "capacity/CapacitySearch.h"
#include "cli/Cli.h"
#include "cli/Interrupt.h"
#include "cli/Output.h"
#include "demo/DemoScenario.h"
#include "load/Scenario.h"

#include <QCoreApplication>

#include <nlohmann/json.hpp>

#include <ostream>

namespace pb::cli {
namespace {

constexpr int kNoneMet = 3;
constexpr int kCapacityInterrupted = 130;

QString stageVerdictText(diagnose::Verdict v)
{
    switch (v) {
    case diagnose::Verdict::Pass:
        return tr("met");
    case diagnose::Verdict::Fail:
        return tr("failed");
    case diagnose::Verdict::CannotDecide:
        return tr("cannot decide");
    case diagnose::Verdict::NotMeasurable:
        return tr("not measurable");
    }
    return {};
}

QString rateText(double r)
{
    return QString::number(r, 'g', 4);
}

QString breakingText(const diagnose::CheckItem& i)
{
    const auto number = [](const std::optional<double>& v) {
        return v ? QString::number(*v, 'f', 1) : QStringLiteral("-");
    };
    QString text =
        QStringLiteral("%1 %2 %3 %4 %5")
            .arg(QString::fromStdString(i.metric), QString::fromStdString(i.statistic), number(i.observed),
                 QLatin1String(i.direction == budget::Direction::AtMost ? ">" : "<"), number(i.threshold));
    if (!i.unit.empty()) {
        text += QLatin1Char(' ') + QString::fromStdString(i.unit);
    }
    if (i.lower || i.upper) {
        text += QLatin1Char(' ') + tr("(interval %1-%2)").arg(number(i.lower), number(i.upper));
    }
    return text;
}

nlohmann::json breakingJson(const diagnose::CheckItem& i)
{
    nlohmann::json j{{"id", i.id},
                     {"kind", i.kind},
                     {"metric", i.metric},
                     {"statistic", i.statistic},
                     {"verdict", diagnose::verdictName(i.verdict)},
                     {"threshold", i.threshold},
                     {"unit", i.unit},
                     {"reason", i.reason}};
    j["observed"] = i.observed ? nlohmann::json(*i.observed) : nlohmann::json();
    j["lower"] = i.lower ? nlohmann::json(*i.lower) : nlohmann::json();
    j["upper"] = i.upper ? nlohmann::json(*i.upper) : nlohmann::json();
    j["owner"] = i.owner ? nlohmann::json(std::string(diagnose::ownerLabel(*i.owner))) : nlohmann::json();
    return j;
}

nlohmann::json capacityJson(const capacity::CapacityResult& r, const std::string& db)
{
    auto probes = nlohmann::json::array();
    for (const auto& p : r.probes) {
        probes.push_back({{"stage", p.stage},
                          {"rate", p.rate},
                          {"verdict", diagnose::verdictName(p.verdict)},
                          {"planned_s", double(p.planned) / 1e9},
                          {"requests_planned", p.requests},
                          {"stopped_early", p.stoppedEarly},
                          {"seconds", p.seconds}});
    }
    const auto& a = r.answer;
    nlohmann::json out{{"db", db},
                       {"run", r.runId},
                       {"stages", probes},
                       {"stop_reason", r.stopReason},
                       {"cancelled", r.cancelled},
                       {"seconds", r.seconds},
                       {"requests_planned", r.requests},
                       {"warnings", a.warnings}};
    out["highest_met"] = a.highestMet
                             ? nlohmann::json{{"stage", a.highestMet->stage}, {"rate", a.highestMet->rate}}
                             : nlohmann::json();
    out["lowest_not_met"] = a.lowestNotMet
                                ? nlohmann::json{{"stage", a.lowestNotMet->stage},
                                                 {"rate", a.lowestNotMet->rate},
                                                 {"verdict", diagnose::verdictName(a.lowestNotMet->verdict)}}
                                : nlohmann::json();
    out["breaking"] = a.breaking ? breakingJson(*a.breaking) : nlohmann::json();
    return out;
}

void printCapacity(std::ostream& os, const capacity::CapacityResult& r, const QString& db)
{
    print(os, tr("Capacity search: stepped run %1 in %2").arg(r.runId).arg(db));
    os << "  " << cell(tr("stage"), 10) << cell(tr("rate/s"), 9) << cell(tr("verdict"), 15)
       << toStd(tr("note")) << '\n';
    for (const auto& p : r.probes) {
        os << "  " << cell(p.stage, 10) << cell(toStd(rateText(p.rate)), 9)
           << cell(stageVerdictText(p.verdict), 15)
           << (p.stoppedEarly.empty()
                   ? std::string()
                   : toStd(tr("stopped early: %1").arg(QString::fromStdString(p.stoppedEarly))))
           << '\n';
    }
    const auto& a = r.answer;
    if (a.highestMet) {
        print(os, tr("Highest rate that met every budget: %1 req/s (stage %2)")
                      .arg(rateText(a.highestMet->rate), QString::fromStdString(a.highestMet->stage)));
    } else {
        print(os, tr("No rate tried met every budget."));
    }
    if (a.lowestNotMet) {
        print(os, tr("Next step: %1 req/s (stage %2) %3")
                      .arg(rateText(a.lowestNotMet->rate), QString::fromStdString(a.lowestNotMet->stage),
                           stageVerdictText(a.lowestNotMet->verdict)));
        if (a.highestMet) {
            print(os, tr("The capacity lies between %1 and %2 req/s.")
                          .arg(rateText(a.highestMet->rate), rateText(a.lowestNotMet->rate)));
        }
    }
    if (a.breaking) {
        const auto owner =
            a.breaking->owner
                ? QCoreApplication::translate("pb::diagnose",
                                              std::string(diagnose::ownerLabel(*a.breaking->owner)).c_str())
                : tr("several");
        print(os, tr("What broke there: %1; owner: %2").arg(breakingText(*a.breaking), owner));
        if (a.breaking->verdict == diagnose::Verdict::CannotDecide && !a.breaking->reason.empty()) {
            print(os, QStringLiteral("  ") + QString::fromStdString(a.breaking->reason));
        }
    }
    for (const auto& w : a.warnings) {
        print(os, tr("warning: %1").arg(QString::fromStdString(w)));
    }
    print(os, tr("Search ended: %1 (%2 stages, %3 s, %4 requests planned).")
                  .arg(QString::fromStdString(r.stopReason))
                  .arg(r.probes.size())
                  .arg(r.seconds, 0, 'f', 0)
                  .arg(r.requests));
}

} // namespace

int capacityCommand(const QStringList& args, Io& io)
{
    QCommandLineParser p;
    setupParser(
        p,
        tr("Find the highest arrival rate that meets the budgets: short stages at growing rates until "
           "one does not, then bisection to a precision, within a time and a request budget. Every "
           "stage is kept in one stepped run, decided as `check` decides it."),
        true);
    p.addPositionalArgument(QStringLiteral("scenario"),
                            tr("Scenario file (JSON, an open executor; its stages are replaced). Optional "
                               "with --demo."));
    p.addOption({QStringLiteral("budgets"),
                 tr("Budget file (JSON, docs/budgets.md); with --demo the "
                    "demo's budgets by default."),
                 tr("FILE")});
    p.addOption({QStringLiteral("demo"),
                 tr("Run against the built-in demo gateway (its spans received on loopback).")});
    p.addOption(
        {QStringLiteral("slots"), tr("Compute slots of the demo inference pool (default 4)."), tr("N")});
    p.addOption({QStringLiteral("start"), tr("First rate, req/s (default: the scenario's first stage rate)."),
                 tr("R")});
    p.addOption({QStringLiteral("growth"), tr("Factor between rates until one fails (default 2)."), tr("G")});
    p.addOption({QStringLiteral("precision"),
                 tr("Bisect until the bracket is this narrow: req/s, or a share of the rate as \"10%\" "
                    "(default 10%)."),
                 tr("P")});
    p.addOption({QStringLiteral("max-rate"), tr("Highest rate to try, req/s (default 10000)."), tr("R")});
    p.addOption(
        {QStringLiteral("max-time"), tr("Time budget of the whole search, seconds (default 600)."), tr("S")});
    p.addOption(
        {QStringLiteral("max-requests"), tr("Request budget of the whole search (default 20000)."), tr("N")});
    p.addOption(
        {QStringLiteral("stage-requests"),
         tr("Steady requests per stage (default: what the budgets' percentiles need, plus a quarter)."),
         tr("N")});
    p.addOption({QStringLiteral("http-port"),
                 tr("Receive the server's spans over OTLP/HTTP on this port during each stage (default 0 = "
                    "off; any free port with --demo)."),
                 tr("P")});
    p.addOption({QStringLiteral("name"), tr("Run name (default: the scenario's name + \" (capacity)\")."),
                 tr("NAME")});
    p.addOption({QStringLiteral("quiet"), tr("No progress lines.")});
    if (auto rc = parseOrExit(p, args, io)) {
        return *rc;
    }
    const bool demo = p.isSet(QStringLiteral("demo"));
    const auto positional = p.positionalArguments();
    if (positional.size() > 1 || (positional.isEmpty() && !demo)) {
        print(io.err, tr("expected one scenario file (or --demo)"));
        return Usage;
    }
    if (!p.isSet(QStringLiteral("budgets")) && !demo) {
        print(io.err, tr("--budgets is required: the search decides each stage by them"));
        return Usage;
    }
    capacity::CapacityOptions options;
    options.dbPath = toStd(p.value(QStringLiteral("db")));
    options.runName = toStd(p.value(QStringLiteral("name")));
    try {
        if (!positional.isEmpty()) {
            options.scenario = load::loadScenario(toStd(positional.front()));
        } else {
            demo::DemoLoad load;
            load.profile = demo::DemoProfile::Steady;
            options.scenario = demo::demoScenario(load, "http://127.0.0.1:1/v1");
            options.scenario.budgetsJson.clear();
            options.scenario.executor.stages.front().startRate = demo::DemoLoad{}.steps.front();
            options.scenario.executor.stages.front().endRate = demo::DemoLoad{}.steps.front();
            options.scenario.name = "demo";
        }
        if (p.isSet(QStringLiteral("budgets"))) {
            const auto file = toStd(p.value(QStringLiteral("budgets")));
            options.budgets = budget::loadBudgets(file);
            options.budgetsSource = "file " + file;
        } else {
            options.budgets = budget::parseBudgets(demo::demoBudgetsJson(), "demo budgets");
            options.budgetsSource = "the demo's budgets";
        }
    } catch (const std::exception& e) {
        print(io.err, QString::fromStdString(e.what()));
        return Failure;
    }
    if (demo) {
        options.gateway = session::GatewayOptions{};
        options.receiver = session::ReceiverOptions{};
    }
    auto& plan = options.plan;
    const auto start = positiveOption(p, QStringLiteral("start"), load::kMaxRatePerSecond, io);
    const auto growth = positiveOption(p, QStringLiteral("growth"), 100, io);
    const auto maxRate = positiveOption(p, QStringLiteral("max-rate"), load::kMaxRatePerSecond, io);
    const auto maxTime = positiveOption(p, QStringLiteral("max-time"), 7 * 24 * 3600, io);
    const auto maxRequests = positiveOption(p, QStringLiteral("max-requests"), 1e9, io);
    const auto stageRequests = positiveOption(p, QStringLiteral("stage-requests"), 1e7, io);
    const auto slots = positiveOption(p, QStringLiteral("slots"), 1024, io);
    for (const auto& v : {start, growth, maxRate, maxTime, maxRequests, stageRequests, slots}) {
        if (v && *v < 0) {
            return Usage;
        }
    }
    if (growth && *growth <= 1) {
        print(io.err, tr("--growth expects a factor above 1"));
        return Usage;
    }
    if (p.isSet(QStringLiteral("precision"))) {
        QString text = p.value(QStringLiteral("precision")).trimmed();
        const bool share = text.endsWith(QLatin1Char('%'));
        if (share) {
            text.chop(1);
        }
        bool ok = false;
        const double v = text.toDouble(&ok);
        if (!ok || !(v > 0) || (share && v >= 100)) {
            print(io.err, tr("--precision expects req/s above 0, or a share such as 10%"));
            return Usage;
        }
        plan.precision = share ? v / 100 : v;
        plan.precisionAbsolute = !share;
    }
    if (slots) {
        if (!demo) {
            print(io.err, tr("--slots sets the demo gateway's pool; it needs --demo"));
            return Usage;
        }
        options.gateway->slots = int(*slots);
    }
    int httpPort = session::kReceiverOff;
    if (!receiverPort(p, QStringLiteral("http-port"), httpPort, io)) {
        return Usage;
    }
    if (httpPort != session::kReceiverOff) {
        options.receiver = session::ReceiverOptions{.port = httpPort};
    }
    plan.startRate = start.value_or(0);
    plan.growth = growth.value_or(plan.growth);
    plan.maxRate = maxRate.value_or(plan.maxRate);
    plan.maxTime = maxTime ? Nanos(*maxTime * 1e9) : plan.maxTime;
    plan.maxRequests = maxRequests ? std::int64_t(*maxRequests) : plan.maxRequests;
    plan.stageRequests = stageRequests.value_or(0);

    const bool quiet = p.isSet(QStringLiteral("quiet"));
    std::mutex progressMutex;
    if (!quiet) {
        options.onProbe = [&](const capacity::CapacityProbe& probe, bool decided) {
            std::lock_guard lock(progressMutex);
            if (!decided) {
                print(io.err, tr("stage %1: %2 req/s for %3 s")
                                  .arg(QString::fromStdString(probe.stage), rateText(probe.rate))
                                  .arg(double(probe.planned) / 1e9, 0, 'f', 0));
            } else {
                print(io.err, tr("stage %1: %2%3")
                                  .arg(QString::fromStdString(probe.stage), stageVerdictText(probe.verdict),
                                       probe.stoppedEarly.empty()
                                           ? QString()
                                           : tr(" (stopped early: %1)")
                                                 .arg(QString::fromStdString(probe.stoppedEarly))));
            }
        };
    }
    capacity::CapacitySearch search(std::move(options));
    if (const auto problem = search.checkOptions(); !problem.empty()) {
        print(io.err, QString::fromStdString(problem));
        return Failure;
    }
    capacity::CapacityResult result;
    try {
        InterruptWatch watch([&search](int) { search.cancel(); });
        result = search.run();
    } catch (const std::exception& e) {
        print(io.err, QString::fromStdString(e.what()));
        return Failure;
    }
    const QString db = p.value(QStringLiteral("db"));
    if (p.isSet(QStringLiteral("json"))) {
        io.out << jsonText(capacityJson(result, toStd(db))) << '\n';
    } else {
        printCapacity(io.out, result, db);
    }
    if (result.cancelled) {
        return kCapacityInterrupted;
    }
    return result.answer.highestMet ? Ok : kNoneMet;
}

} // namespace pb::cli
