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
    parser.addOption({QStringLiteral("http-port"),
                      tr("Receive the server's spans over OTLP/HTTP on this port during the run (%1 is "
                         "usual; default 0 = off).")
                          .arg(session::kOtlpHttpPort),
                      tr("P")});
    parser.addOption({QStringLiteral("grpc-port"),
                      tr("Receive the server's spans over OTLP/gRPC on this port during the run (%1 is "
                         "usual; default 0 = off).")
                          .arg(session::kOtlpGrpcPort),
                      tr("P")});
    if (auto rc = parseOrExit(parser, args, io)) {
        return *rc;
    }
    int httpPort = session::kReceiverOff;
    int grpcPort = session::kReceiverOff;
    if (!receiverPort(parser, QStringLiteral("http-port"), httpPort, io) ||
        !receiverPort(parser, QStringLiteral("grpc-port"), grpcPort, io)) {
        return Usage;
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
    // A measured run without the demo gateway: the scenario's own endpoint;
    // with receivers when asked (else client-side timings only, or spans
    // from a `receive` of another process, which follows this run).
    session::MeasuredRunOptions options;
    options.scenario = std::move(*scenario);
    if (httpPort != session::kReceiverOff || grpcPort != session::kReceiverOff) {
        options.receiver = session::ReceiverOptions{.port = httpPort, .grpcPort = grpcPort};
        options.onStarted = [&io](const session::RunEndpoints& e) {
            if (!e.otlpGrpcEndpoint.empty()) {
                print(io.err, tr("OTLP/gRPC receiver on %1").arg(QString::fromStdString(e.otlpGrpcEndpoint)));
            }
            if (!e.otlpEndpoint.empty()) {
                print(io.err, tr("OTLP/HTTP receiver on %1").arg(QString::fromStdString(e.otlpEndpoint)));
            }
        };
    }
    // The session joins the stored run once and summarizes it
    // (analysis::runSummaryRequest): the same table as `demo`.
    options.summarize = true;
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
    // This process ends after the run: the transfers a stop leaves open are
    // closed by the OS at exit, not ended one by one by libcurl (seconds for
    // 10,000 VUs) before the run's figures and the exit.
    options.leaveStoppedTransfersToExit = true;
    session::MeasuredRun run(std::move(options));
    load::LoadSummary summary;
    // The run's latency figures come from the stored run, per stage, like every other view's.
    analysis::RunSummary figures;
    try {
        InterruptWatch watch([&run](int n) { n == 1 ? run.stop() : run.stopNow(); });
        auto result = run.run();
        summary = result.load;
        figures = std::move(result.figures);
    } catch (const std::exception& e) {
        print(io.err, QString::fromStdString(e.what()));
        if (run.runId() != 0) {
            print(io.err, tr("what was measured before the failure is stored in run %1").arg(run.runId()));
        }
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
