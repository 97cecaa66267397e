// phasebench-cli receive: standalone OTLP trace receivers (OTLP/HTTP and
// OTLP/gRPC, one span writer) writing into a workbench file until Ctrl+C.
#include "cli/Cli.h"
#include "cli/Interrupt.h"
#include "cli/Output.h"
#include "store/RunStore.h"
#include "telemetry/ExporterSettings.h"
#include "telemetry/OtlpGrpcReceiver.h"
#include "telemetry/OtlpReceiver.h"
#include "telemetry/SpanWriter.h"

#include <sys/resource.h>

#include <algorithm>
#include <ostream>

namespace pb::cli {
namespace {

bool isLoopback(const std::string& address)
{
    return address.starts_with("127.") || address == "::1" || address == "localhost";
}

// A port option: 0 to 65535; false (and a message) otherwise.
bool portOption(const QCommandLineParser& parser, const QString& name, int& port, Io& io)
{
    if (!parser.isSet(name)) {
        return true;
    }
    bool ok = false;
    port = parser.value(name).toInt(&ok);
    if (!ok || port < 0 || port > 65535) {
        print(io.err, tr("--%1 expects a number from 0 to 65535").arg(name));
        return false;
    }
    return true;
}

pb::telemetry::ReceiverStats sum(const pb::telemetry::ReceiverStats& a, const pb::telemetry::ReceiverStats& b)
{
    auto s = a;
    s.requests += b.requests;
    s.spansAccepted += b.spansAccepted;
    s.spansRejected += b.spansRejected;
    s.badRequests += b.badRequests;
    s.tooLarge += b.tooLarge;
    s.unsupportedType += b.unsupportedType;
    s.unavailable += b.unavailable;
    s.bytesDecoded += b.bytesDecoded;
    s.droppedContentAttributes += b.droppedContentAttributes;
    if (!b.lastRefusal.empty()) {
        s.lastRefusal = b.lastRefusal;
    }
    return s;
}

} // namespace

int receiveCommand(const QStringList& args, Io& io)
{
    QCommandLineParser parser;
    setupParser(parser,
                tr("Receive OTLP traces over HTTP (POST /v1/traces) and gRPC (TraceService/Export) into a "
                   "workbench file until Ctrl+C."),
                false);
    parser.addOption({QStringLiteral("http-port"), tr("OTLP/HTTP port (default 4318; 0 = off)."), tr("P")});
    parser.addOption({QStringLiteral("grpc-port"),
                      tr("OTLP/gRPC port (default 4317, skipped with a warning when taken; 0 = off)."),
                      tr("P")});
    parser.addOption(
        {QStringLiteral("port"), tr("OTLP/HTTP port, as before --http-port (0 = any free port)."), tr("P")});
    parser.addOption({QStringLiteral("bind"), tr("Address to listen on (default 127.0.0.1)."), tr("ADDR")});
    parser.addOption({QStringLiteral("max-body-mib"),
                      tr("Largest request body after decompression (default 64)."), tr("N")});
    parser.addOption({QStringLiteral("run"),
                      tr("Store the spans into this run (default: a running load run, else a new 'received' "
                         "run)."),
                      tr("RUN_ID")});
    parser.addOption({QStringLiteral("capture-content"),
                      tr("Keep prompt/completion attributes (gen_ai.prompt*, …); dropped by default.")});
    if (auto rc = parseOrExit(parser, args, io)) {
        return *rc;
    }
    pb::telemetry::ReceiverConfig config;
    pb::telemetry::GrpcReceiverConfig grpcConfig;
    bool ok = true;
    int httpPort = config.port;
    if (!portOption(parser, QStringLiteral("http-port"), httpPort, io) ||
        !portOption(parser, QStringLiteral("port"), config.port, io) ||
        !portOption(parser, QStringLiteral("grpc-port"), grpcConfig.port, io)) {
        return Usage;
    }
    // --port 0 keeps its old meaning (any free port); --http-port 0 is off.
    const bool httpOn = parser.isSet(QStringLiteral("port")) || httpPort != 0;
    if (parser.isSet(QStringLiteral("http-port"))) {
        config.port = httpPort;
    }
    const bool grpcOn = grpcConfig.port != 0;
    if (!httpOn && !grpcOn) {
        print(io.err, tr("both receivers are off: give --http-port or --grpc-port a port"));
        return Usage;
    }
    if (parser.isSet(QStringLiteral("bind"))) {
        config.bindAddress = toStd(parser.value(QStringLiteral("bind")));
    }
    grpcConfig.bindAddress = config.bindAddress;
    if (parser.isSet(QStringLiteral("max-body-mib"))) {
        const auto mib = parser.value(QStringLiteral("max-body-mib")).toInt(&ok);
        if (!ok || mib < 1 || mib > 4096) {
            print(io.err, tr("--max-body-mib expects a number from 1 to 4096"));
            return Usage;
        }
        config.maxBodyBytes = static_cast<std::size_t>(mib) << 20;
    }
    grpcConfig.maxMessageBytes = config.maxBodyBytes;
    config.captureContent = parser.isSet(QStringLiteral("capture-content"));
    grpcConfig.captureContent = config.captureContent;
    std::optional<std::int64_t> run;
    {
        auto store = openStore(parser, io, true);
        if (!store) {
            return Failure;
        }
        if (parser.isSet(QStringLiteral("run"))) {
            run = parser.value(QStringLiteral("run")).toLongLong(&ok);
            if (!ok || !store->catalogue().run(*run)) {
                print(io.err, tr("no run '%1' in this file").arg(parser.value(QStringLiteral("run"))));
                return Usage;
            }
        }
    }

    // Many exporters keep a connection each: allow as many descriptors as
    // the hard limit does (the soft default of 1,024 would cap them).
    {
        rlimit files{};
        if (getrlimit(RLIMIT_NOFILE, &files) == 0 && files.rlim_cur < files.rlim_max) {
            files.rlim_cur = std::min<rlim_t>(files.rlim_max, 65536);
            setrlimit(RLIMIT_NOFILE, &files);
        }
    }
    std::unique_ptr<pb::telemetry::SpanWriter> writer;
    try {
        pb::telemetry::SpanWriterConfig wc;
        wc.dbPath = toStd(parser.value(QStringLiteral("db")));
        wc.receivedRunSource = "OTLP " + config.bindAddress + ":" + std::to_string(config.port);
        writer = std::make_unique<pb::telemetry::SpanWriter>(wc);
    } catch (const StoreError& e) {
        print(io.err, QString::fromStdString(e.what()));
        return Failure;
    }
    writer->setActiveRun(run);
    std::optional<pb::telemetry::OtlpReceiver> receiver;
    std::optional<pb::telemetry::OtlpGrpcReceiver> grpcReceiver;
    std::string error;
    if (httpOn) {
        receiver.emplace(config, writer->sink());
        if (!receiver->start(&error)) {
            print(io.err, tr("cannot start the OTLP/HTTP receiver: %1").arg(QString::fromStdString(error)));
            return Failure;
        }
    }
    if (grpcOn) {
        grpcReceiver.emplace(grpcConfig, writer->sink());
        if (!grpcReceiver->start(&error)) {
            grpcReceiver.reset();
            // The default port taken (often by a collector) is no reason to
            // refuse HTTP; a port asked for is.
            if (parser.isSet(QStringLiteral("grpc-port")) || !receiver) {
                print(io.err,
                      tr("cannot start the OTLP/gRPC receiver: %1").arg(QString::fromStdString(error)));
                return Failure;
            }
            print(io.err, tr("warning: no OTLP/gRPC receiver: %1 (choose another with --grpc-port)")
                              .arg(QString::fromStdString(error)));
        }
    }
    if (!isLoopback(config.bindAddress)) {
        print(io.err, tr("warning: listening on %1, which other machines may reach")
                          .arg(QString::fromStdString(config.bindAddress)));
    }
    if (receiver) {
        io.out << toStd(tr("OTLP/HTTP receiver on %1 (protobuf and JSON)")
                            .arg(QString::fromStdString(receiver->endpoint())))
               << '\n';
    }
    if (grpcReceiver) {
        io.out << toStd(tr("OTLP/gRPC receiver on %1 (TraceService/Export)")
                            .arg(QString::fromStdString(grpcReceiver->endpoint())))
               << '\n';
    }
    {
        const auto grpcEndpoint = grpcReceiver ? grpcReceiver->endpoint() : std::string();
        const auto httpEndpoint = receiver ? receiver->endpoint() : std::string();
        io.out << toStd(tr("For vLLM (and any OpenTelemetry SDK) set:")) << '\n'
               << pb::telemetry::exporterEnvironment(grpcEndpoint, httpEndpoint) << '\n'
               << toStd(tr("or start vLLM with %1")
                            .arg(QString::fromStdString(
                                pb::telemetry::vllmTracesArgument(grpcEndpoint, httpEndpoint))))
               << '\n';
    }
    io.out << toStd(tr("writing to %1; Ctrl+C stops").arg(parser.value(QStringLiteral("db")))) << std::endl;

    const auto receiverStats = [&] {
        pb::telemetry::ReceiverStats s;
        if (receiver) {
            s = receiver->stats();
        }
        return grpcReceiver ? sum(s, grpcReceiver->stats()) : s;
    };
    // Refused batches are said as they happen: each is a 503 the exporter
    // retries, and a store that keeps refusing needs someone's attention.
    std::int64_t refusedSoFar = 0;
    waitForInterrupt([&] {
        const auto rs = receiverStats();
        if (rs.unavailable > refusedSoFar) {
            print(io.err, tr("refused %1 batches (HTTP 503 or gRPC UNAVAILABLE, exporters retry them): %2")
                              .arg(rs.unavailable - refusedSoFar)
                              .arg(QString::fromStdString(rs.lastRefusal)));
            refusedSoFar = rs.unavailable;
        }
    });

    if (receiver) {
        receiver->stop();
    }
    if (grpcReceiver) {
        grpcReceiver->stop();
    }
    writer->flush();
    writer->stop();
    const auto rs = receiverStats();
    const auto ws = writer->stats();
    io.out << toStd(tr("received %1 spans (%2 rejected) in %3 requests; stored %4 spans")
                        .arg(rs.spansAccepted)
                        .arg(rs.spansRejected)
                        .arg(rs.requests)
                        .arg(ws.stored));
    if (ws.lastRun) {
        io.out << toStd(tr(" into run %1").arg(*ws.lastRun));
    }
    io.out << '\n';
    if (rs.badRequests + rs.tooLarge + rs.unsupportedType + rs.unavailable > 0) {
        io.out << toStd(tr("refused requests: %1 undecodable, %2 too large, %3 wrong content type, %4 store "
                           "behind")
                            .arg(rs.badRequests)
                            .arg(rs.tooLarge)
                            .arg(rs.unsupportedType)
                            .arg(rs.unavailable))
               << '\n';
    }
    if (rs.droppedContentAttributes > 0) {
        io.out << toStd(tr("dropped %1 prompt/completion attributes (use --capture-content to keep them)")
                            .arg(rs.droppedContentAttributes))
               << '\n';
    }
    if (ws.refusedBatches > 0) {
        // Nothing is lost: each refused batch was answered 503 and is the
        // exporter's to send again.
        print(io.err, tr("%1 batches (%2 spans) were refused (HTTP 503, gRPC UNAVAILABLE) and left to the "
                         "exporters to retry; last reason: %3")
                          .arg(ws.refusedBatches)
                          .arg(ws.refused)
                          .arg(QString::fromStdString(ws.lastError.empty() ? rs.lastRefusal : ws.lastError)));
    }
    return Ok;
}

} // namespace pb::cli
