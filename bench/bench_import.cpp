// bench_import [--size MB] [--format k6|otlp|both] [--dir DIR] [--keep] [--no-jq] [--input FILE] [--nlohmann]
//
// --input FILE imports an existing file instead of generating one.
// --nlohmann also times nlohmann::json::parse of every line of the file (DOM,
// parse only): the floor of an importer built on nlohmann/json.
// Import throughput, end to end into SQLite (importFile: detection, parse,
// one transaction, commit), on generated files of at least --size MB
// (default 512):
//   k6    `k6 run --out json` NDJSON: per request the 9 http_req_* points plus
//         a custom llm_ttft_ms Trend point, tags as k6 writes them (vu, iter,
//         url, status, trace_id, …), ns times with an offset.
//   otlp  the Collector's file-exporter layout: one ExportTraceServiceRequest
//         per line, 40 spans per line (a gateway root and 7 children for each
//         of 5 traces), typed attributes.
// Prints MB/s and rows/s (requests or spans), the peak resident memory, and
// the time `jq -c . FILE > /dev/null` takes over the same file, with the ratio.
#include "BenchUtil.h"
#include "import/ImportFile.h"
#include "store/RunStore.h"

#include <nlohmann/json.hpp>

#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>

using namespace pb;
namespace fs = std::filesystem;

namespace {

using Clock = std::chrono::steady_clock;

double seconds(Clock::time_point a, Clock::time_point b)
{
    return std::chrono::duration<double>(b - a).count();
}

// CPU seconds (user + system) of this process, or of its waited-for children.
double cpuSeconds(int who)
{
    rusage u{};
    getrusage(who, &u);
    return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
           static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

double loadAverage()
{
    std::ifstream in("/proc/loadavg");
    double l = -1;
    in >> l;
    return l;
}

long peakRssMiB()
{
    const long kib = pb::bench::procStatusKiB("VmHWM");
    return kib < 0 ? -1 : kib / 1024;
}

std::string hex(std::mt19937_64& rng, int digits)
{
    static const char* const kDigits = "0123456789abcdef";
    std::string s(static_cast<std::size_t>(digits), '0');
    std::uint64_t bits = 0;
    for (int i = 0; i < digits; ++i) {
        if (i % 16 == 0) {
            bits = rng() | 1;
        }
        s[static_cast<std::size_t>(i)] = kDigits[bits & 0xf];
        bits >>= 4;
    }
    return s;
}

// RFC 3339 with ns and +02:00, from ns since 2024-05-01T10:00:00+02:00.
void k6Time(char* out, std::size_t n, std::int64_t ns)
{
    const std::int64_t s = ns / 1'000'000'000;
    std::snprintf(out, n, "2024-05-%02lldT%02lld:%02lld:%02lld.%09lld+02:00",
                  static_cast<long long>(1 + s / 86400), static_cast<long long>(10 + s / 3600 % 24) % 24,
                  static_cast<long long>(s / 60 % 60), static_cast<long long>(s % 60),
                  static_cast<long long>(ns % 1'000'000'000));
}

std::uint64_t generateK6(const std::string& path, std::uint64_t bytes)
{
    std::ofstream out(path, std::ios::binary);
    std::mt19937_64 rng(42);
    std::uniform_real_distribution<double> u(0, 1);
    out << R"({"type":"Metric","data":{"name":"http_req_duration","type":"trend","contains":"time","thresholds":["p(95)<2000"],"submetrics":null},"metric":"http_req_duration"})"
        << '\n'
        << R"({"type":"Metric","data":{"name":"llm_ttft_ms","type":"trend","contains":"time","thresholds":[],"submetrics":null},"metric":"llm_ttft_ms"})"
        << '\n';
    std::uint64_t written = 0, requests = 0;
    char time[64];
    std::string buf;
    buf.reserve(1 << 20);
    std::int64_t clock = 0;
    while (written < bytes) {
        clock += static_cast<std::int64_t>(2e6 * u(rng)); // ~500 requests/s
        k6Time(time, sizeof time, clock);
        const int vu = static_cast<int>(rng() % 64) + 1;
        const auto iter = requests / 64;
        const std::string trace = hex(rng, 32);
        const bool ok = u(rng) > 0.02;
        char tags[512];
        std::snprintf(
            tags, sizeof tags,
            R"({"expected_response":"%s","group":"","iter":"%llu","method":"POST","name":"http://gw.internal:8080/v1/chat/completions","proto":"HTTP/1.1","scenario":"chat","status":"%s","trace_id":"%s","url":"http://gw.internal:8080/v1/chat/completions","vu":"%d"})",
            ok ? "true" : "false", static_cast<unsigned long long>(iter), ok ? "200" : "503", trace.c_str(),
            vu);
        const double send = 0.02 + 0.05 * u(rng), wait = 150 + 900 * u(rng), recv = 200 + 3000 * u(rng);
        const double values[] = {1,    send + wait + recv, 0.002 + u(rng), 0, 0, send, wait,
                                 recv, ok ? 0.0 : 1.0};
        static const char* const names[] = {
            "http_reqs",           "http_req_duration",        "http_req_blocked",
            "http_req_connecting", "http_req_tls_handshaking", "http_req_sending",
            "http_req_waiting",    "http_req_receiving",       "http_req_failed"};
        char line[1024];
        for (int i = 0; i < 9; ++i) {
            const int n =
                std::snprintf(line, sizeof line,
                              R"({"metric":"%s","type":"Point","data":{"time":"%s","value":%.6f,"tags":%s}})"
                              "\n",
                              names[i], time, values[i], tags);
            buf.append(line, static_cast<std::size_t>(n));
        }
        const int n = std::snprintf(
            line, sizeof line,
            R"({"metric":"llm_ttft_ms","type":"Point","data":{"time":"%s","value":%.6f,"tags":{"group":"","scenario":"chat","trace_id":"%s"}}})"
            "\n",
            time, wait + 5 * u(rng), trace.c_str());
        buf.append(line, static_cast<std::size_t>(n));
        ++requests;
        if (buf.size() > (1u << 20) - 8192) {
            out.write(buf.data(), static_cast<std::streamsize>(buf.size()));
            written += buf.size();
            buf.clear();
        }
    }
    out.write(buf.data(), static_cast<std::streamsize>(buf.size()));
    return requests;
}

std::uint64_t generateOtlp(const std::string& path, std::uint64_t bytes)
{
    std::ofstream out(path, std::ios::binary);
    std::mt19937_64 rng(7);
    std::uniform_real_distribution<double> u(0, 1);
    std::uint64_t written = 0, spans = 0;
    std::int64_t t = 1714550400000000000LL;
    static const char* const children[] = {"auth",    "route",  "prepare",       "gpu_queue",
                                           "prefill", "decode", "response_write"};
    std::string line;
    while (written < bytes) {
        line =
            R"({"resourceSpans":[{"resource":{"attributes":[{"key":"service.name","value":{"stringValue":"llm-gateway"}},{"key":"host.name","value":{"stringValue":"gw-3"}}]},"scopeSpans":[{"scope":{"name":"phasebench.gateway","version":"1.0.0"},"spans":[)";
        bool first = true;
        for (int trace = 0; trace < 5; ++trace) {
            const std::string traceId = hex(rng, 32), root = hex(rng, 16);
            t += static_cast<std::int64_t>(4e6 * u(rng));
            const std::int64_t total = static_cast<std::int64_t>(5e8 + 3e9 * u(rng));
            char span[1024];
            std::snprintf(
                span, sizeof span,
                R"(%s{"traceId":"%s","spanId":"%s","parentSpanId":"","name":"POST /v1/chat/completions","kind":2,"startTimeUnixNano":"%lld","endTimeUnixNano":"%lld","attributes":[{"key":"http.response.status_code","value":{"intValue":"200"}},{"key":"gen_ai.request.model","value":{"stringValue":"demo-model"}},{"key":"gen_ai.usage.output_tokens","value":{"intValue":"%d"}},{"key":"gen_ai.latency.time_in_queue","value":{"doubleValue":%.9g}}],"status":{"code":1}})",
                first ? "" : ",", traceId.c_str(), root.c_str(), static_cast<long long>(t),
                static_cast<long long>(t + total), static_cast<int>(rng() % 900) + 10, 0.05 * u(rng));
            line += span;
            first = false;
            ++spans;
            std::int64_t at = t;
            for (const char* name : children) {
                const std::int64_t d = total / 8;
                std::snprintf(
                    span, sizeof span,
                    R"(,{"traceId":"%s","spanId":"%s","parentSpanId":"%s","name":"%s","kind":1,"startTimeUnixNano":"%lld","endTimeUnixNano":"%lld","attributes":[{"key":"phase","value":{"stringValue":"%s"}}],"status":{}})",
                    traceId.c_str(), hex(rng, 16).c_str(), root.c_str(), name, static_cast<long long>(at),
                    static_cast<long long>(at + d), name);
                line += span;
                at += d;
                ++spans;
            }
        }
        line += "]}]}]}\n";
        out.write(line.data(), static_cast<std::streamsize>(line.size()));
        written += line.size();
    }
    return spans;
}

// Wall and CPU seconds of `jq -c . FILE > /dev/null`.
std::pair<double, double> timeJq(const std::string& path)
{
    const double c0 = cpuSeconds(RUSAGE_CHILDREN);
    const auto t0 = Clock::now();
    const std::string cmd = "jq -c . '" + path + "' > /dev/null";
    const int rc = std::system(cmd.c_str());
    const auto t1 = Clock::now();
    if (rc != 0) {
        std::fprintf(stderr, "jq failed (exit %d); is it installed?\n", rc);
        return {-1, -1};
    }
    return {seconds(t0, t1), cpuSeconds(RUSAGE_CHILDREN) - c0};
}

void nlohmannBaseline(const char* label, const std::string& path)
{
    const double mb = static_cast<double>(fs::file_size(path)) / 1e6;
    std::ifstream in(path, std::ios::binary);
    std::string line;
    std::size_t n = 0;
    const double c0 = cpuSeconds(RUSAGE_SELF);
    while (std::getline(in, line)) {
        n += nlohmann::json::parse(line).size();
    }
    const double cpu = cpuSeconds(RUSAGE_SELF) - c0;
    std::printf("%-5s nlohmann::json::parse per line (parse only): CPU %7.2f s = %7.1f MB/s (%zu members)\n",
                label, cpu, mb / cpu, n);
}

void run(const char* label, const std::string& path, std::uint64_t expectedRows, const std::string& dir,
         bool jq)
{
    const double mb = static_cast<double>(fs::file_size(path)) / 1e6;
    const std::string db = dir + "/bench-import-" + label + ".phasebench";
    fs::remove(db);
    fs::remove(db + "-wal");
    fs::remove(db + "-shm");
    RunStore store(db);
    const double load = loadAverage();
    const double c0 = cpuSeconds(RUSAGE_SELF);
    const auto t0 = Clock::now();
    const auto result =
        pb::import::importFile(store, {.path = path}, pb::import::ImporterRegistry::withBuiltins());
    const auto t1 = Clock::now();
    const double s = seconds(t0, t1);
    const double cpu = cpuSeconds(RUSAGE_SELF) - c0;
    const auto rows = result.summary.requests + result.summary.spans;
    std::printf("%-5s %8.1f MB, %lld rows (expected %llu), format %s, peak RSS %ld MiB, load average %.1f\n",
                label, mb, static_cast<long long>(rows), static_cast<unsigned long long>(expectedRows),
                result.summary.format.c_str(), peakRssMiB(), load);
    std::printf("%-5s phasebench import: wall %7.2f s = %7.1f MB/s %9.0f rows/s | CPU %7.2f s = %7.1f MB/s "
                "%9.0f rows/s\n",
                label, s, mb / s, static_cast<double>(rows) / s, cpu, mb / cpu,
                static_cast<double>(rows) / cpu);
    if (jq) {
        const auto [jw, jc] = timeJq(path);
        if (jw > 0) {
            std::printf("%-5s jq -c . > /dev/null: wall %7.2f s = %7.1f MB/s               | CPU %7.2f s = "
                        "%7.1f MB/s\n",
                        label, jw, mb / jw, jc, mb / jc);
            std::printf("%-5s phasebench / jq: %.1fx (wall), %.1fx (CPU)\n", label, jw / s, jc / cpu);
        }
    }
    std::fflush(stdout);
}

} // namespace

int main(int argc, char** argv)
{
    std::uint64_t sizeMb = 512;
    std::string format = "both", dir;
    bool keep = false, jq = true, baseline = false;
    std::string input;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--size" && i + 1 < argc) {
            sizeMb = std::strtoull(argv[++i], nullptr, 10);
        } else if (a == "--format" && i + 1 < argc) {
            format = argv[++i];
        } else if (a == "--dir" && i + 1 < argc) {
            dir = argv[++i];
        } else if (a == "--keep") {
            keep = true;
        } else if (a == "--no-jq") {
            jq = false;
        } else if (a == "--nlohmann") {
            baseline = true;
        } else if (a == "--input" && i + 1 < argc) {
            input = argv[++i];
        } else {
            std::fprintf(stderr, "usage: bench_import [--size MB] [--format k6|otlp|both] [--dir DIR] "
                                 "[--keep] [--no-jq] [--input FILE] [--nlohmann]\n");
            return 2;
        }
    }
    if (dir.empty()) {
        dir = (fs::temp_directory_path() / "phasebench-bench-import").string();
    }
    fs::create_directories(dir);
    const std::uint64_t bytes = sizeMb * 1'000'000;
    if (!input.empty()) {
        run("file", input, 0, dir, jq);
        if (baseline) {
            nlohmannBaseline("file", input);
        }
        return 0;
    }
    for (const std::string f : {"k6", "otlp"}) {
        if (format != "both" && format != f) {
            continue;
        }
        const std::string path = dir + "/generated-" + f + (f == "k6" ? ".ndjson" : ".jsonl");
        const auto g0 = Clock::now();
        const auto rows = f == "k6" ? generateK6(path, bytes) : generateOtlp(path, bytes);
        std::printf("%-5s generated %s (%.1f MB) in %.1f s\n", f.c_str(), path.c_str(),
                    static_cast<double>(fs::file_size(path)) / 1e6, seconds(g0, Clock::now()));
        run(f.c_str(), path, rows, dir, jq);
        if (baseline) {
            nlohmannBaseline(f.c_str(), path);
        }
        if (!keep) {
            fs::remove(path);
            for (const char* ext : {"", "-wal", "-shm"}) {
                fs::remove(dir + "/bench-import-" + f + ".phasebench" + ext);
            }
        }
    }
    return 0;
}
