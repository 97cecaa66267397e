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
#include "session/MeasuredRun.h"
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

} // namespace

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
    // A measured run without the demo gateway and without a receiver: the
    // scenario's own endpoint, client-side timings only.
    session::MeasuredRunOptions options;
    options.scenario = std::move(*scenario);
    options.summarize = false; // the summary below has its own metrics
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
    if (const auto problem = session::MeasuredRun(options).checkEnvironment(); !problem.empty()) {
        print(io.err, QString::fromStdString(problem)); // before the workbench file is touched
        return Failure;
    }
    auto store = openStore(parser, io, true);
    if (!store) {
        return Failure;
    }
    options.store = store.get();
    session::MeasuredRun run(std::move(options));
    load::LoadSummary summary;
    try {
        InterruptWatch watch([&run](int n) { n == 1 ? run.stop() : run.stopNow(); });
        summary = run.run().load;
    } catch (const std::exception& e) {
        print(io.err, QString::fromStdString(e.what()));
        if (run.runId() != 0) {
            print(io.err, tr("what was measured before the failure is stored in run %1").arg(run.runId()));
        }
        return Failure;
    }
    // The run's latency figures come from the stored run, per stage, like every other view's.
    analysis::RunSummary figures;
    try {
        figures = runFigures(*store, summary.runId);
    } catch (const std::exception& e) {
        print(io.err, QString::fromStdString(e.what()));
        return Failure;
    }
    if (parser.isSet(QStringLiteral("json"))) {
        auto out = toJson(summary);
        out["figures"] = toJson(figures);
        io.out << jsonText(out) << '\n';
    } else {
        printText(io.out, summary);
        printFigures(io.out, figures);
    }
    if (summary.status == RunStatus::Aborted) {
        print(io.err, tr("run %1 was stopped; everything measured until then is stored").arg(summary.runId));
        return kInterrupted;
    }
    return Ok;
}

} // namespace pb::cli
