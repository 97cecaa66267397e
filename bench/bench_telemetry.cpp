// bench_telemetry: figures for bench/RESULTS.md ("OTLP receiver and join").
//   receiver [--spans N] [--clients C] [--batch B] [--transport http|grpc|both]
//       a replay client (C threads, keep-alive, protobuf bodies of B spans)
//       sends N spans to the OTLP receiver, which stores them through the
//       SpanWriter into a fresh workbench file: spans/s stored, peak memory.
//       Both transports by default, one after the other in the same run
//       (OTLP/HTTP POSTs, then OTLP/gRPC Export calls), each into its own file.
//   exporter [--requests R] [--node-modules DIR] [--protocol proto|grpc]
//       the real OpenTelemetry JS SDK (BatchSpanProcessor + OTLP/HTTP
//       protobuf or OTLP/gRPC exporter) sends R requests x 6 spans: spans/s stored.
//   join [--attempts N]
//       N attempts with 6 server spans each in a workbench file; times
//       joinRun() (reading the store and joining) and appendJoinedColumns().
#include "BenchUtil.h"
#include "join/Join.h"
#include "store/RunStore.h"
#include "telemetry/OtlpDecode.h"
#include "telemetry/OtlpEncode.h"
#include "telemetry/OtlpGrpcReceiver.h"
#include "telemetry/OtlpReceiver.h"
#include "telemetry/SpanRules.h"
#include "telemetry/SpanWriter.h"

#include <QCoreApplication>
#include <QProcess>
#include <QProcessEnvironment>
#include <QTemporaryDir>

#include <grpcpp/create_channel.h>
#include <grpcpp/generic/generic_stub.h>
#include <grpcpp/security/credentials.h>
#include <grpcpp/support/byte_buffer.h>
#include <httplib.h>
#include <nlohmann/json.hpp>

#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <future>
#include <string>
#include <sys/resource.h>
#include <thread>
#include <vector>

using namespace pb;
using Clock = std::chrono::steady_clock;

namespace {

// CPU seconds of this process (all threads): a figure that a loaded
// machine does not inflate the way it inflates wall time.
double cpuSeconds()
{
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
           static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

double loadAverage()
{
    double l = 0;
    std::ifstream in("/proc/loadavg");
    in >> l;
    return l;
}

double seconds(Clock::time_point t0)
{
    return std::chrono::duration<double>(Clock::now() - t0).count();
}

std::string hexOf(std::uint64_t hi, std::uint64_t lo, int digits)
{
    char buf[40];
    if (digits == 32) {
        std::snprintf(buf, sizeof buf, "%016llx%016llx", static_cast<unsigned long long>(hi),
                      static_cast<unsigned long long>(lo));
    } else {
        std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(lo));
    }
    return buf;
}

// The demo gateway's tree for request `i`: root + 5 children (6 spans),
// attributes as a real gateway sends them. Client total and first text are
// derived so that the join has something to compute.
void appendTrace(std::vector<SpanRecord>& out, std::uint64_t i, std::uint64_t salt = 0)
{
    const auto trace = hexOf(0x5eed000000000000ULL | salt, i + 1, 32);
    const auto id = [&](int n) {
        return hexOf(0, ((i + 1) << 4 | static_cast<std::uint64_t>(n)) ^ (salt << 48), 16);
    };
    const Nanos t0 = 1'760'000'000'000'000'000LL + static_cast<Nanos>(i) * 1'000'000;
    const Nanos q = 100'000'000 + static_cast<Nanos>(i % 97) * 3'000'000;
    const Nanos g = 900'000'000 + static_cast<Nanos>(i % 89) * 5'000'000;
    const auto span = [&](int n, const char* name, int kind, Nanos s, Nanos e, std::string attrs) {
        SpanRecord r;
        r.traceId = trace;
        r.spanId = id(n);
        r.parentSpanId = n == 1 ? hexOf(0, 0xc11e000000000000ULL | i, 16) : id(1);
        r.name = name;
        r.kind = kind;
        r.startNs = t0 + s;
        r.endNs = t0 + e;
        r.serviceName = "phasebench-demo-gateway";
        r.attributesJson = std::move(attrs);
        out.push_back(std::move(r));
    };
    const Nanos ms = 1'000'000;
    span(
        1, "POST /v1/chat/completions", 2, 0, 20 * ms + q + g,
        R"({"http.request.method":"POST","http.route":"/v1/chat/completions","http.response.status_code":200,)"
        R"("gen_ai.operation.name":"chat","gen_ai.provider.name":"phasebench-demo","gen_ai.request.model":"demo",)"
        R"("gen_ai.response.model":"demo-2026-01","gen_ai.usage.input_tokens":412,"gen_ai.usage.output_tokens":180,)"
        R"("gen_ai.response.finish_reasons":["stop"],"llm.stream":true})");
    span(2, "auth.check", 1, 1 * ms, 3 * ms, R"({"llm.auth.outcome":"ok"})");
    span(3, "request.prepare", 1, 3 * ms, 6 * ms, "{}");
    span(4, "route.select", 1, 6 * ms, 8 * ms, R"({"llm.route":"pool-demo"})");
    span(5, "inference.acquire_slot", 1, 9 * ms, 9 * ms + q,
         R"({"llm.phase":"queue","llm.pool":"demo","llm.queue.outcome":"granted"})");
    span(6, "inference.generate", 3, 10 * ms + q, 10 * ms + q + g,
         R"({"llm.phase":"generation","gen_ai.request.model":"demo","gen_ai.response.model":"demo-2026-01",)"
         R"("gen_ai.usage.output_tokens":180,"gen_ai.latency.time_in_model_prefill":0.031,)"
         R"("gen_ai.latency.time_in_model_decode":0.9,"gen_ai.latency.time_to_first_token":0.045})");
}

int argInt(int argc, char** argv, const char* name, int fallback)
{
    for (int i = 2; i + 1 < argc; ++i) {
        if (std::strcmp(argv[i], name) == 0) {
            return std::atoi(argv[i + 1]);
        }
    }
    return fallback;
}

std::string argString(int argc, char** argv, const char* name, const std::string& fallback)
{
    for (int i = 2; i + 1 < argc; ++i) {
        if (std::strcmp(argv[i], name) == 0) {
            return argv[i + 1];
        }
    }
    return fallback;
}

struct Stack
{
    explicit Stack(const std::string& db)
        : writer({.dbPath = db, .receivedRunSource = "bench"})
        , receiver(
              [] {
                  pb::telemetry::ReceiverConfig c;
                  c.port = 0;
                  return c;
              }(),
              writer.sink())
        , grpcReceiver(
              [] {
                  pb::telemetry::GrpcReceiverConfig c;
                  c.port = 0;
                  return c;
              }(),
              writer.sink())
    {
        receiver.start();
        grpcReceiver.start();
    }
    pb::telemetry::SpanWriter writer;
    pb::telemetry::OtlpReceiver receiver;
    pb::telemetry::OtlpGrpcReceiver grpcReceiver;
};

// One replay client connection: sends a body, true when it was stored;
// `retry` when the receiver said so (HTTP 503, gRPC UNAVAILABLE).
class Sender
{
public:
    virtual ~Sender() = default;
    virtual bool send(const std::string& body, bool& retry) = 0;
};

class HttpSender final : public Sender
{
public:
    explicit HttpSender(int port)
        : m_cli("127.0.0.1", port)
    {
        m_cli.set_keep_alive(true);
    }
    bool send(const std::string& body, bool& retry) override
    {
        const auto res = m_cli.Post("/v1/traces", body, "application/x-protobuf");
        retry = res && res->status == 503;
        return res && res->status == 200;
    }

private:
    httplib::Client m_cli;
};

class GrpcSender final : public Sender
{
public:
    explicit GrpcSender(int port)
        : m_stub(grpc::CreateChannel("127.0.0.1:" + std::to_string(port), grpc::InsecureChannelCredentials()))
    {}
    bool send(const std::string& body, bool& retry) override
    {
        grpc::ClientContext context;
        grpc::Slice slice(body);
        grpc::ByteBuffer request(&slice, 1);
        grpc::ByteBuffer response;
        std::promise<grpc::Status> done;
        m_stub.UnaryCall(&context, "/opentelemetry.proto.collector.trace.v1.TraceService/Export",
                         grpc::StubOptions(), &request, &response,
                         [&done](grpc::Status s) { done.set_value(std::move(s)); });
        const auto status = done.get_future().get();
        retry = status.error_code() == grpc::StatusCode::UNAVAILABLE;
        return status.ok();
    }

private:
    grpc::GenericStub m_stub;
};

// The replay client against one transport of a fresh stack.
int replay(bool grpc, const std::string& db, const std::vector<std::string>& bodies, long total, int clients,
           int batch)
{
    const long rssBefore = pb::bench::procStatusKiB("VmRSS");
    Stack stack(db);
    std::atomic<long> sentSpans{0};
    std::atomic<int> failures{0};
    std::atomic<int> retries{0};
    const auto t0 = Clock::now();
    const double c0 = cpuSeconds();
    std::vector<std::thread> threads;
    for (int c = 0; c < clients; ++c) {
        threads.emplace_back([&, c] {
            std::unique_ptr<Sender> sender;
            if (grpc) {
                sender = std::make_unique<GrpcSender>(stack.grpcReceiver.port());
            } else {
                sender = std::make_unique<HttpSender>(stack.receiver.port());
            }
            std::size_t k = static_cast<std::size_t>(c);
            while (sentSpans.fetch_add(batch) < total) {
                const auto& body = bodies[k++ % bodies.size()];
                // Like an exporter: "not stored" (the writer is behind) means retry later.
                for (int attempt = 0; attempt < 1000; ++attempt) {
                    bool retry = false;
                    const bool ok = sender->send(body, retry);
                    if (retry) {
                        retries.fetch_add(1);
                        std::this_thread::sleep_for(std::chrono::milliseconds(20));
                        continue;
                    }
                    if (!ok) {
                        failures.fetch_add(1);
                    }
                    break;
                }
            }
        });
    }
    for (auto& t : threads) {
        t.join();
    }
    const double postSeconds = seconds(t0);
    stack.writer.flush();
    const double storedSeconds = seconds(t0);
    const double cpu = cpuSeconds() - c0;
    const auto ws = stack.writer.stats();
    const auto rs = grpc ? stack.grpcReceiver.stats() : stack.receiver.stats();
    const char* name = grpc ? "OTLP/gRPC" : "OTLP/HTTP";
    std::printf("receiver over %s: %lld spans in %lld requests (%d clients, %d spans/request), %d failed, "
                "%d retried after %s\n",
                name, static_cast<long long>(ws.stored), static_cast<long long>(rs.requests), clients, batch,
                failures.load(), retries.load(), grpc ? "UNAVAILABLE" : "503");
    std::printf("  accepted over %s: %.0f spans/s (%.2f s)\n", name,
                static_cast<double>(rs.spansAccepted) / postSeconds, postSeconds);
    std::printf("  stored (committed): %.0f spans/s (%.2f s), %lld write batches (%.0f spans each)\n",
                static_cast<double>(ws.stored) / storedSeconds, storedSeconds,
                static_cast<long long>(ws.batches),
                static_cast<double>(ws.stored) / static_cast<double>(std::max<std::int64_t>(1, ws.batches)));
    std::printf("  CPU: %.2f s for the whole process (replay client included): %.0f spans per CPU-second; "
                "load average %.1f on %u cores\n",
                cpu, static_cast<double>(ws.stored) / cpu, loadAverage(),
                std::thread::hardware_concurrency());
    std::printf("  memory: peak RSS of the process so far %.0f MiB (RSS before this receiver %.0f MiB); file "
                "%.0f MiB\n",
                static_cast<double>(pb::bench::procStatusKiB("VmHWM")) / 1024,
                static_cast<double>(rssBefore) / 1024,
                static_cast<double>(std::filesystem::file_size(db)) / (1 << 20));
    return failures.load() == 0 && ws.failed == 0 ? 0 : 1;
}

int benchReceiver(int argc, char** argv)
{
    const long total = argInt(argc, argv, "--spans", 1'000'000);
    const int clients = argInt(argc, argv, "--clients", 2);
    const int batch = argInt(argc, argv, "--batch", 512);
    QTemporaryDir dir;

    // 64 distinct request bodies of `batch` spans (whole traces), cycled.
    std::vector<std::string> bodies;
    std::uint64_t next = 0;
    for (int b = 0; b < 64; ++b) {
        std::vector<SpanRecord> spans;
        while (static_cast<int>(spans.size()) < batch) {
            appendTrace(spans, next++);
        }
        spans.resize(static_cast<std::size_t>(batch));
        bodies.push_back(pb::telemetry::encodeProtobuf(spans));
    }
    // Decode alone (one thread), for scale.
    {
        const auto t0 = Clock::now();
        const double c0 = cpuSeconds();
        std::size_t decoded = 0;
        for (int k = 0; k < 4; ++k) {
            for (const auto& body : bodies) {
                decoded += pb::telemetry::decodeProtobuf(body).spans.size();
            }
        }
        std::printf("decode only (1 thread): %.0f spans/s wall, %.0f spans per CPU-second\n",
                    static_cast<double>(decoded) / seconds(t0),
                    static_cast<double>(decoded) / (cpuSeconds() - c0));
    }
    const std::string transport = argString(argc, argv, "--transport", "both");
    int rc = 0;
    for (const std::string t : {"http", "grpc"}) {
        if (transport != "both" && transport != t) {
            continue;
        }
        const auto db = dir.filePath(QString::fromStdString("receiver-" + t + ".phasebench")).toStdString();
        rc |= replay(t == "grpc", db, bodies, total, clients, batch);
    }
    return rc;
}

int benchExporter(int argc, char** argv)
{
    const int requests = argInt(argc, argv, "--requests", 50'000);
    const auto modules = argString(argc, argv, "--node-modules", PHASEBENCH_OTEL_EXPORTER_MODULES);
    const auto protocol = argString(argc, argv, "--protocol", "proto");
    const bool grpc = protocol == "grpc";
    if (!std::filesystem::exists(modules)) {
        std::fprintf(stderr, "no %s: run tests/telemetry/otel-exporter/install.sh %s first\n",
                     modules.c_str(), std::filesystem::path(modules).parent_path().c_str());
        return 2;
    }
    QTemporaryDir dir;
    Stack stack(dir.filePath(QStringLiteral("exporter.phasebench")).toStdString());
    QProcess node;
    auto env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("NODE_PATH"), QString::fromStdString(modules));
    node.setProcessEnvironment(env);
    const auto t0 = Clock::now();
    const double c0 = cpuSeconds();
    node.start(QStringLiteral("node"),
               {QStringLiteral(PHASEBENCH_OTEL_EXPORTER_SCRIPT),
                QString::fromStdString(grpc ? stack.grpcReceiver.endpoint() : stack.receiver.endpoint()),
                QString::fromStdString(protocol), QString::number(requests), QStringLiteral("--bulk")});
    if (!node.waitForFinished(30 * 60 * 1000) || node.exitCode() != 0) {
        std::fprintf(stderr, "node failed: %s\n", node.readAllStandardError().constData());
        return 1;
    }
    const double nodeSeconds = seconds(t0);
    stack.writer.flush();
    const double storedSeconds = seconds(t0);
    const auto ws = stack.writer.stats();
    std::printf("real exporter (@opentelemetry/exporter-trace-otlp-%s, BatchSpanProcessor 512): %s",
                grpc ? "grpc" : "proto", node.readAllStandardOutput().constData());
    std::printf("  %lld spans stored of %d sent in %.2f s: %.0f spans/s end to end (node ran %.2f s)\n",
                static_cast<long long>(ws.stored), requests * 6, storedSeconds,
                static_cast<double>(ws.stored) / storedSeconds, nodeSeconds);
    std::printf("  receiver + writer CPU %.2f s: %.0f spans per CPU-second; load average %.1f\n",
                cpuSeconds() - c0, static_cast<double>(ws.stored) / (cpuSeconds() - c0), loadAverage());
    std::printf("  receiver requests %lld, peak RSS of this process %.0f MiB\n",
                static_cast<long long>((grpc ? stack.grpcReceiver.stats() : stack.receiver.stats()).requests),
                static_cast<double>(pb::bench::procStatusKiB("VmHWM")) / 1024);
    return ws.stored == requests * 6 ? 0 : 1;
}

int benchJoin(int argc, char** argv)
{
    const int attempts = argInt(argc, argv, "--attempts", 1'000'000);
    QTemporaryDir dir;
    // --db FILE keeps the generated file (and reuses it when it exists).
    const auto db =
        argString(argc, argv, "--db", dir.filePath(QStringLiteral("join.phasebench")).toStdString());
    std::int64_t run = 1;
    if (!std::filesystem::exists(db)) {
        const auto t0 = Clock::now();
        RunStore store(db);
        run = store.catalogue().createRun(
            {.name = "join-bench", .kind = RunKind::Load, .status = RunStatus::Complete});
        // As the span writer does: the run's rules are stored, each span gets its phase.
        pb::telemetry::storeSpanRules(store, run, pb::telemetry::SpanRules::defaults());
        const pb::telemetry::PhaseMapper mapper(pb::telemetry::SpanRules::defaults());
        constexpr int kChunk = 10'000;
        std::vector<RequestRecord> requests;
        std::vector<SpanRecord> spans;
        store.begin();
        for (int first = 0; first < attempts; first += kChunk) {
            requests.clear();
            spans.clear();
            for (int i = first; i < std::min(attempts, first + kChunk); ++i) {
                const auto before = spans.size();
                appendTrace(spans, static_cast<std::uint64_t>(i));
                const auto& root = spans[before];
                RequestRecord r;
                r.traceId = root.traceId;
                r.spanId = root.parentSpanId;
                r.outcome = Outcome::Completed;
                r.total = (root.endNs - root.startNs) + 40'000'000 + (i % 13) * 1'000'000;
                r.firstText = 120'000'000 + (i % 7) * 1'000'000;
                requests.push_back(std::move(r));
            }
            mapper.apply(spans);
            store.insertRequests(run, requests);
            store.spanStore().insertSpans(run, spans);
        }
        store.commit();
        std::printf("join: generated %d attempts and %d spans in %.1f s (not part of the figure)\n", attempts,
                    attempts * 6, seconds(t0));
    }
    RunStore store(db);
    const long rssBefore = pb::bench::procStatusKiB("VmRSS");
    auto t0 = Clock::now();
    const double c0 = cpuSeconds();
    const auto result = pb::join::joinRun(store, run);
    const double joinSeconds = seconds(t0);
    const double joinCpu = cpuSeconds() - c0;
    const long rssAfter = pb::bench::procStatusKiB("VmHWM");
    t0 = Clock::now();
    auto table = store.requestReader().loadRequestTable(run, {"total", "first_text", "outcome"});
    const double loadSeconds = seconds(t0);
    t0 = Clock::now();
    pb::join::appendJoinedColumns(table, result);
    const double appendSeconds = seconds(t0);
    const auto& r = result.report;
    std::printf("join: joinRun of %lld attempts x 6 spans: %.2f s (%.0f attempts/s), coverage %.4f, "
                "%lld negative envelopes\n",
                static_cast<long long>(r.attempts), joinSeconds,
                static_cast<double>(r.attempts) / joinSeconds, r.coverage,
                static_cast<long long>(r.negativeEnvelopes));
    std::printf("  CPU %.2f s (load average %.1f on %u cores)\n", joinCpu, loadAverage(),
                std::thread::hardware_concurrency());
    std::printf("  peak RSS %.0f MiB (%.0f MiB before the join)\n", static_cast<double>(rssAfter) / 1024,
                static_cast<double>(rssBefore) / 1024);
    std::printf("  loadRequestTable(3 columns) %.2f s, appendJoinedColumns %.3f s\n", loadSeconds,
                appendSeconds);
    // A sanity check that the figures are real: envelope = total - root.
    const auto& row = result.rows[12345 % result.rows.size()];
    std::printf(
        "  row sample: total %.1f ms = root %.1f + envelope %.1f; gateway %.1f, queue %.1f, generation %.1f, "
        "unattributed %.1f\n",
        row.clientTotal, row.serverRoot, row.networkEnvelope, row.gateway, row.gpuQueue, row.generation,
        row.unattributed);
    return r.matched == r.attempts ? 0 : 1;
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    const std::string what = argc > 1 ? argv[1] : "";
    if (what == "receiver") {
        return benchReceiver(argc, argv);
    }
    if (what == "exporter") {
        return benchExporter(argc, argv);
    }
    if (what == "join") {
        return benchJoin(argc, argv);
    }
    std::fprintf(stderr, "usage: bench_telemetry receiver|exporter|join [options] (see the source header)\n");
    return 2;
}
