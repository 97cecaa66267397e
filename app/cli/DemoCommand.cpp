// phasebench-cli demo [--db FILE] [--fault NAME]… [--profile stepped|steady]
//                    [--steps R,R,…] [--rate R] [--duration S]
//                    [--server-timings none|vllm|tgi] [--prefix-cache] [--json]
// The main job without a display: the OTLP receiver and the demo gateway on
// free loopback ports, a short open-model run against the gateway (by default
// stepped past the demo pool's knee, with the demo's budgets stored first),
// the join, and the run's summary with join coverage and per-phase p50/p95/p99.
// Ctrl-C stops the load gracefully; the join and the summary still run.
#include "cli/Cli.h"
#include "cli/Interrupt.h"
#include "cli/Output.h"
#include "cli/RunOutput.h"
#include "session/MeasuredRun.h"

#include <QDir>
#include <QFileInfo>

#include <nlohmann/json.hpp>

#include <cmath>
#include <iomanip>
#include <mutex>
#include <ostream>
#include <sstream>

namespace pb::cli {
namespace {

// "3,5,7,9": rates above 0 and at most 1000, in any order the user gives.
std::optional<std::vector<double>> stepsOption(const QString& text, Io& io)
{
    std::vector<double> steps;
    for (const QString& part : text.split(QLatin1Char(','))) {
        bool ok = false;
        const double v = part.trimmed().toDouble(&ok);
        if (!ok || !(v > 0) || v > 1000) {
            print(io.err, tr("--steps expects rates above 0 and at most 1000, separated by commas (got '%1')")
                              .arg(part.trimmed()));
            return std::nullopt;
        }
        steps.push_back(v);
    }
    return steps;
}

} // namespace

int demoCommand(const QStringList& args, Io& io)
{
    QCommandLineParser parser;
    setupParser(parser,
                tr("Start the OTLP receiver and the demo gateway on free loopback ports, run a short "
                   "open-model load against the gateway, join client and server views and print the "
                   "summary with join coverage and per-phase percentiles."),
                true);
    parser.addOption({QStringLiteral("fault"),
                      tr("Switch a demo gateway fault on (repeatable; see --list-faults)."), tr("NAME")});
    parser.addOption({QStringLiteral("server-timings"),
                      tr("Server timings the gateway returns with each response: none (default), vllm "
                         "(a metrics object in the body and the final usage chunk) or tgi (x-*-time "
                         "headers on non-streamed responses)."),
                      tr("KIND")});
    parser.addOption({QStringLiteral("prefix-cache"),
                      tr("Give the demo inference pool a prefix cache: prompt blocks seen before are "
                         "reported as cached_tokens and not prefilled again.")});
    parser.addOption({QStringLiteral("list-faults"), tr("List the faults and the symptom each produces.")});
    parser.addOption({QStringLiteral("profile"),
                      tr("stepped (default: one stage per rate of --steps, past the demo pool's knee) or "
                         "steady (one rate, --rate)."),
                      tr("NAME")});
    parser.addOption({QStringLiteral("steps"),
                      tr("Arrival rates of the stepped profile, one stage each (default 3,5,7,9)."),
                      tr("R,R,…")});
    parser.addOption(
        {QStringLiteral("duration"),
         tr("Seconds of load after the warm-up (default: steady 32; stepped as long as 45 steady "
            "requests per stage take after a 5 s settle, 55 at 3,5,7,9). The stepped profile "
            "shares them so that each stage holds the same number of steady requests."),
         tr("S")});
    parser.addOption({QStringLiteral("rate"),
                      tr("Requests per second of the steady profile (default 6); implies --profile steady."),
                      tr("R")});
    parser.addOption({QStringLiteral("no-budgets"), tr("Do not store the demo's budgets with the run.")});
    parser.addOption(
        {QStringLiteral("slots"), tr("Compute slots of the demo inference pool (default 4)."), tr("N")});
    parser.addOption({QStringLiteral("name"), tr("Name of the run (default demo)."), tr("NAME")});
    parser.addOption({QStringLiteral("quiet"), tr("No live progress lines.")});
    parser.addOption({QStringLiteral("http-port"),
                      tr("OTLP/HTTP receiver port (default: any free port; the gateway sends its spans "
                         "there; 0 = off)."),
                      tr("P")});
    parser.addOption({QStringLiteral("grpc-port"),
                      tr("Also receive spans over OTLP/gRPC on this port (default 0 = off)."), tr("P")});
    if (const auto code = parseOrExit(parser, args, io, false)) {
        return *code;
    }
    if (parser.isSet(QStringLiteral("list-faults"))) {
        for (const auto& f : demo::faults()) {
            io.out << "  " << std::left << std::setw(20) << f.name << f.symptom << '\n';
        }
        return Ok;
    }
    auto options =
        session::demoOptions(parser.isSet(QStringLiteral("db")) ? toStd(parser.value(QStringLiteral("db")))
                                                                : std::string("demo.phasebench"));
    for (const auto& name : parser.values(QStringLiteral("fault"))) {
        const auto f = demo::parseFault(toStd(name));
        if (!f) {
            print(io.err, tr("unknown fault '%1' (see --list-faults)").arg(name));
            return Usage;
        }
        options.gateway->faults.push_back(*f);
    }
    if (parser.isSet(QStringLiteral("server-timings"))) {
        const auto timings = demo::parseServerTimings(toStd(parser.value(QStringLiteral("server-timings"))));
        if (!timings) {
            print(io.err, tr("--server-timings expects none, vllm or tgi (got '%1')")
                              .arg(parser.value(QStringLiteral("server-timings"))));
            return Usage;
        }
        options.gateway->serverTimings = *timings;
    }
    options.gateway->prefixCache = parser.isSet(QStringLiteral("prefix-cache"));
    for (const auto& [name, port] : {std::pair{QStringLiteral("http-port"), &options.receiver->port},
                                     std::pair{QStringLiteral("grpc-port"), &options.receiver->grpcPort}}) {
        if (!parser.isSet(name)) {
            continue;
        }
        bool ok = false;
        const int value = parser.value(name).toInt(&ok);
        if (!ok || value < 0 || value > 65535) {
            print(io.err, tr("--%1 expects a number from 0 to 65535").arg(name));
            return Usage;
        }
        *port = value == 0 ? session::kReceiverOff : value;
    }
    const auto duration = positiveOption(parser, QStringLiteral("duration"), 3600, io);
    const auto rate = positiveOption(parser, QStringLiteral("rate"), 1000, io);
    const auto slots = positiveOption(parser, QStringLiteral("slots"), 1024, io);
    if ((duration && *duration < 0) || (rate && *rate < 0) || (slots && *slots < 0)) {
        return Usage;
    }
    auto& load = options.demoLoad;
    if (parser.isSet(QStringLiteral("profile"))) {
        const auto profile = demo::parseDemoProfile(toStd(parser.value(QStringLiteral("profile"))));
        if (!profile) {
            print(io.err, tr("--profile expects stepped or steady (got '%1')")
                              .arg(parser.value(QStringLiteral("profile"))));
            return Usage;
        }
        load.profile = *profile;
    } else if (rate) {
        load.profile = demo::DemoProfile::Steady;
    }
    if (load.profile == demo::DemoProfile::Stepped && rate) {
        print(io.err, tr("--rate sets the steady profile's rate; the stepped profile takes --steps"));
        return Usage;
    }
    if (parser.isSet(QStringLiteral("steps"))) {
        if (load.profile != demo::DemoProfile::Stepped) {
            print(io.err, tr("--steps sets the stepped profile's rates; the steady profile takes --rate"));
            return Usage;
        }
        const auto steps = stepsOption(parser.value(QStringLiteral("steps")), io);
        if (!steps) {
            return Usage;
        }
        load.steps = *steps;
    }
    load.storeBudgets = !parser.isSet(QStringLiteral("no-budgets"));
    if (duration) {
        load.duration = Nanos(*duration * 1e9);
        load.warmup = std::min<Nanos>(load.warmup, *load.duration / 5);
    }
    load.rate = rate.value_or(load.rate);
    options.gateway->slots = slots ? int(*slots) : options.gateway->slots;
    if (parser.isSet(QStringLiteral("name"))) {
        options.runName = toStd(parser.value(QStringLiteral("name")));
    }
    const bool json = parser.isSet(QStringLiteral("json"));
    const bool quiet = parser.isSet(QStringLiteral("quiet"));
    // Progress goes to stderr so that --json output stays one document.
    std::mutex progressMutex;
    std::ostream& progress = io.err;
    if (!quiet) {
        options.onStarted = [&](const session::RunEndpoints& e) {
            std::lock_guard lock(progressMutex);
            print(progress,
                  tr("demo gateway %1, OTLP receiver %2, run %3 in %4")
                      .arg(QString::fromStdString(e.gatewayUrl), QString::fromStdString(e.otlpEndpoint))
                      .arg(e.runId)
                      .arg(QDir::toNativeSeparators(
                          QFileInfo(QString::fromStdString(options.dbPath)).absoluteFilePath())));
            if (!e.otlpGrpcEndpoint.empty()) {
                print(progress, tr("OTLP/gRPC receiver %1").arg(QString::fromStdString(e.otlpGrpcEndpoint)));
            }
        };
        options.onSample = [&](const load::LiveSample& s) {
            std::lock_guard lock(progressMutex);
            print(progress, tr("%1 s  %2  achieved %3/s  in flight %4  completed %5  failed %6  dropped %7")
                                .arg(double(s.sample.offset + s.sample.interval) / 1e9, 5, 'f', 0)
                                .arg(QString::fromStdString(s.stage))
                                .arg(s.sample.achievedRate, 0, 'f', 1)
                                .arg(s.sample.inFlight)
                                .arg(s.totalCompleted)
                                .arg(s.totalFailed)
                                .arg(s.totalDropped));
        };
    }
    session::MeasuredRun demo(options);
    session::MeasuredRunResult result;
    try {
        InterruptWatch watch([&demo](int) { demo.stop(); });
        result = demo.run();
    } catch (const std::exception& e) {
        print(io.err, QString::fromStdString(e.what()));
        return Failure;
    }
    if (json) {
        nlohmann::json out = {{"db", options.dbPath},
                              {"id", result.load.runId},
                              {"gateway", result.endpoints.gatewayUrl},
                              {"otlp", result.endpoints.otlpEndpoint},
                              {"otlp_grpc", result.endpoints.otlpGrpcEndpoint},
                              {"spans_stored", result.spans.stored},
                              {"load", toJson(result.load)},
                              {"join", joinJson(result.join)},
                              {"figures", toJson(result.figures)}};
        io.out << jsonText(out) << '\n';
    } else {
        printText(io.out, result.load);
        io.out << '\n';
        printJoin(io.out, result.join);
        print(io.out, tr("Spans: %1 exported by the gateway, %2 stored (%3 dropped)")
                          .arg(result.exporter.exported)
                          .arg(result.spans.stored)
                          .arg(result.exporter.dropped + result.spans.refused + result.spans.failed));
        printFigures(io.out, result.figures);
        io.out << '\n';
        print(io.out, tr("Stored in %1 (run %2). Open it with: phasebench %1")
                          .arg(QString::fromStdString(options.dbPath))
                          .arg(result.load.runId));
    }
    return result.load.status == RunStatus::Aborted ? 130 : Ok;
}

} // namespace pb::cli
