// phasebench-cli run SCENARIO.json --db FILE [--json] [--name NAME] [--quiet]
// Runs a load scenario, stores every attempt and the samples, prints a
// summary. Ctrl-C (or SIGTERM) stops gracefully: requests in flight get the
// scenario's graceful_stop time, everything measured is kept and the run is
// marked aborted (exit code 130); a second Ctrl-C cancels what is in flight.
#include "cli/Cli.h"
#include "cli/Interrupt.h"
#include "cli/Output.h"
#include "cli/RunOutput.h"
#include "load/LoadRun.h"
#include "store/RunStore.h"

#include <nlohmann/json.hpp>

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <iomanip>
#include <ostream>
#include <sstream>
#include <thread>

namespace pb::cli {
namespace {

constexpr int kInterrupted = 130;

std::string msText(const OptNanos& v)
{
    return v ? fixed(double(*v) / 1e6, 2) : std::string("-");
}

nlohmann::json msJson(const OptNanos& v)
{
    return v ? nlohmann::json(double(*v) / 1e6) : nlohmann::json();
}

const std::pair<const char*, const load::Quantiles load::LoadSummary::*> kLatencies[] = {
    {"headers", &load::LoadSummary::headers},
    {"first_event", &load::LoadSummary::firstEvent},
    {"first_content", &load::LoadSummary::firstContent},
    {"first_text", &load::LoadSummary::firstText},
    {"total", &load::LoadSummary::total},
};

} // namespace

nlohmann::json toJson(const load::LoadSummary& s)
{
    nlohmann::json outcomes = nlohmann::json::object();
    for (int i = 0; i < kOutcomeCount; ++i) {
        outcomes[std::string(nameOf(static_cast<Outcome>(i)))] = s.outcomes[static_cast<std::size_t>(i)];
    }
    nlohmann::json latency{{"scope", "completed attempts, steady window (warm-up excluded)"},
                           {"percentile", "nearest-rank"}};
    for (const auto& [name, member] : kLatencies) {
        const auto& q = s.*member;
        latency[name] = {{"n", q.n}, {"p50", msJson(q.p50)}, {"p95", msJson(q.p95)}, {"p99", msJson(q.p99)}};
    }
    auto stages = nlohmann::json::array();
    for (const auto& st : s.stages) {
        stages.push_back(
            {{"name", st.name},
             {"duration_s", double(st.duration) / 1e9},
             {"requested_rate", s.openModel ? nlohmann::json(st.requestedRate) : nlohmann::json()},
             {"achieved_rate", st.achievedRate},
             {"scheduled", st.scheduled},
             {"started", st.started},
             {"dropped", st.dropped}});
    }
    return {{"run_id", s.runId},
            {"status", nameOf(s.status)},
            {"scenario", s.scenario},
            {"generator_instance_id", s.instanceId},
            {"workload_model", s.openModel ? "open" : "closed"},
            {"elapsed_s", s.elapsedSeconds},
            {"requested_rate", s.openModel ? nlohmann::json(s.requestedRate) : nlohmann::json()},
            {"achieved_rate", s.achievedRate},
            {"iterations", {{"scheduled", s.scheduled}, {"started", s.started}, {"dropped", s.dropped}}},
            {"dropped_iterations", s.dropped},
            {"attempts", s.attempts},
            {"retries", s.retries},
            {"generator_lag_ms", {{"p50", msJson(s.lagP50)}, {"p99", msJson(s.lagP99)}}},
            {"outcomes", outcomes},
            {"trace_id_collisions", s.traceIdCollisions},
            {"latency_ms", latency},
            {"stages", stages}};
}

void printText(std::ostream& os, const load::LoadSummary& s)
{
    os << toStd(tr("run %1 '%2': %3 (generator %4, %5 s)")
                    .arg(s.runId)
                    .arg(QString::fromStdString(s.scenario))
                    .arg(QString::fromUtf8(nameOf(s.status).data(), qsizetype(nameOf(s.status).size())))
                    .arg(QString::fromStdString(s.instanceId))
                    .arg(QString::fromStdString(fixed(s.elapsedSeconds, 1))))
       << '\n';
    os << cell(tr("rate"), 14);
    if (s.openModel) {
        os << toStd(tr("requested %1/s, achieved %2/s (steady window)")
                        .arg(QString::fromStdString(fixed(s.requestedRate, 2)))
                        .arg(QString::fromStdString(fixed(s.achievedRate, 2))));
    } else {
        os << toStd(tr("achieved %1/s (closed model: no requested rate)")
                        .arg(QString::fromStdString(fixed(s.achievedRate, 2))));
    }
    os << '\n'
       << cell(tr("dropped"), 14) << toStd(tr("%1 iterations").arg(s.dropped)) << '\n'
       << cell(tr("generator lag"), 14)
       << toStd(tr("p50 %1 ms, p99 %2 ms (start - scheduled)")
                    .arg(QString::fromStdString(msText(s.lagP50)))
                    .arg(QString::fromStdString(msText(s.lagP99))))
       << '\n'
       << cell(tr("attempts"), 14)
       << toStd(tr("%1 (%2 retries), trace-ID collisions: %3")
                    .arg(s.attempts)
                    .arg(s.retries)
                    .arg(s.traceIdCollisions))
       << '\n'
       << cell(tr("outcomes"), 14);
    for (int i = 0; i < kOutcomeCount; ++i) {
        if (const auto n = s.outcomes[static_cast<std::size_t>(i)]) {
            os << nameOf(static_cast<Outcome>(i)) << ' ' << n << "  ";
        }
    }
    os << '\n';
    for (const auto& st : s.stages) {
        os << cell("  " + st.name.substr(0, 11), 14);
        if (s.openModel) {
            os << toStd(tr("requested %1/s, ").arg(QString::fromStdString(fixed(st.requestedRate, 2))));
        }
        os << toStd(tr("achieved %1/s, dropped %2")
                        .arg(QString::fromStdString(fixed(st.achievedRate, 2)))
                        .arg(st.dropped))
           << '\n';
    }
    os << toStd(tr("latency in ms: completed attempts, steady window, nearest-rank")) << '\n'
       << cell(QString(), 14) << std::right << std::setw(8) << "n" << std::setw(10) << "p50" << std::setw(10)
       << "p95" << std::setw(10) << "p99" << '\n';
    for (const auto& [name, member] : kLatencies) {
        const auto& q = s.*member;
        os << cell(QLatin1String(name), 14) << std::right << std::setw(8) << q.n << std::setw(10)
           << msText(q.p50) << std::setw(10) << msText(q.p95) << std::setw(10) << msText(q.p99) << '\n';
    }
    os << std::left;
}

int runCommand(const QStringList& args, Io& io)
{
    QCommandLineParser parser;
    setupParser(parser, tr("Run a load scenario against an endpoint."), true);
    parser.addPositionalArgument(QStringLiteral("scenario"),
                                 tr("Scenario file (JSON, see docs/scenario.md)."));
    parser.addOption({QStringLiteral("name"), tr("Run name (default: the scenario's name)."), tr("NAME")});
    parser.addOption({QStringLiteral("quiet"), tr("No live progress on stderr.")});
    if (auto rc = parseOrExit(parser, args, io)) {
        return *rc;
    }
    if (parser.positionalArguments().size() != 1) {
        print(io.err, tr("expected exactly one scenario file"));
        return Usage;
    }
    std::optional<load::Scenario> scenario;
    try {
        scenario = load::loadScenario(toStd(parser.positionalArguments().at(0)));
    } catch (const load::ScenarioError& e) {
        print(io.err, QString::fromStdString(e.what()));
        return Failure;
    }
    load::LoadRunOptions options;
    options.runName = toStd(parser.value(QStringLiteral("name")));
    if (!parser.isSet(QStringLiteral("quiet"))) {
        options.onSample = [&io](const load::LiveSample& s) {
            const auto& x = s.sample;
            if (s.final && x.interval < 100'000'000) {
                return; // the stub after the last full interval: stored, not worth a line
            }
            io.err << "t=" << fixed(double(x.offset + x.interval) / 1e9, 1) << "s " << s.stage << "  target "
                   << fixed(x.targetRate, 1) << "/s  achieved " << fixed(x.achievedRate, 1)
                   << "/s  in-flight " << x.inFlight << "  dropped " << s.totalDropped << "  completed "
                   << s.totalCompleted << "  failed " << s.totalFailed << "  out "
                   << fixed(x.outputTokensPerSecond, 0) << " tok/s\n";
            io.err.flush();
        };
    }
    load::LoadRun run(std::move(*scenario), std::move(options));
    if (const auto problem = run.checkEnvironment(); !problem.empty()) {
        print(io.err, QString::fromStdString(problem)); // before the workbench file is touched
        return Failure;
    }
    auto store = openStore(parser, io, true);
    if (!store) {
        return Failure;
    }
    load::LoadSummary summary;
    try {
        InterruptWatch watch([&run](int n) { n == 1 ? run.stop() : run.stopNow(); });
        summary = run.run(*store);
    } catch (const std::exception& e) {
        print(io.err, QString::fromStdString(e.what()));
        if (run.runId() != 0) {
            print(io.err, tr("what was measured before the failure is stored in run %1").arg(run.runId()));
        }
        return Failure;
    }
    if (parser.isSet(QStringLiteral("json"))) {
        io.out << toJson(summary).dump(2) << '\n';
    } else {
        printText(io.out, summary);
    }
    if (summary.status == RunStatus::Aborted) {
        print(io.err, tr("run %1 was stopped; everything measured until then is stored").arg(summary.runId));
        return kInterrupted;
    }
    return Ok;
}

} // namespace pb::cli
