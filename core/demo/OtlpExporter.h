// Exports spans over OTLP/HTTP (protobuf, gzip) from a background thread, in
// batches, off the request path: submit() only queues. A full queue drops
// spans and counts them, as an SDK's batch processor does.
#pragma once

#include "model/Span.h"

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace pb::demo {

struct ExporterConfig
{
    std::string endpoint; // http://HOST:PORT[/v1/traces]
    std::size_t maxBatch = 512;
    std::chrono::milliseconds interval{100}; // longest a span waits for a batch
    std::size_t maxQueue = 200000;
    bool gzip = true;
};

struct ExporterStats
{
    std::int64_t exported = 0; // accepted by the receiver
    std::int64_t rejected = 0; // the receiver's partial_success count
    std::int64_t dropped = 0;  // queue full, or the export failed
    std::int64_t failedBatches = 0;
    std::int64_t batches = 0;
    std::string lastError;
};

class OtlpExporter
{
public:
    explicit OtlpExporter(ExporterConfig config);
    ~OtlpExporter();
    OtlpExporter(const OtlpExporter&) = delete;
    OtlpExporter& operator=(const OtlpExporter&) = delete;

    void submit(std::vector<SpanRecord>&& spans);
    // Waits (at most `timeout`) until everything submitted so far was sent.
    bool flush(std::chrono::milliseconds timeout = std::chrono::seconds(10));
    void stop(); // sends what is queued, then ends the thread
    ExporterStats stats() const;

private:
    void loop();
    void send(std::vector<SpanRecord>& batch);

    ExporterConfig m_config;
    std::string m_host;
    int m_port = 0;
    std::string m_path;
    mutable std::mutex m_mutex;
    std::condition_variable m_wake;
    std::condition_variable m_idle;
    std::vector<SpanRecord> m_queue;
    bool m_busy = false;
    bool m_stop = false;
    ExporterStats m_stats;
    struct Client; // a kept-alive HTTP connection, used by the exporter thread only
    std::unique_ptr<Client> m_client;
    std::thread m_thread;
};

// Splits http://host:port/path; false when it is not a plain http URL.
bool parseHttpUrl(const std::string& url, std::string& host, int& port, std::string& path);

} // namespace pb::demo
