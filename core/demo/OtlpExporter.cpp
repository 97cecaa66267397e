#include "demo/OtlpExporter.h"

#include "telemetry/OtlpEncode.h"
#include "util/Redact.h"

#include <httplib.h>

namespace pb::demo {

bool parseHttpUrl(const std::string& url, std::string& host, int& port, std::string& path)
{
    const std::string scheme = "http://";
    if (url.rfind(scheme, 0) != 0) {
        return false;
    }
    auto rest = url.substr(scheme.size());
    const auto slash = rest.find('/');
    path = slash == std::string::npos ? std::string() : rest.substr(slash);
    auto hostPort = rest.substr(0, slash);
    if (hostPort.find('@') != std::string::npos) {
        return false; // user-info: the exporter sends no credentials, and would take them for the host
    }
    port = 80;
    if (!hostPort.empty() && hostPort.front() == '[') {
        const auto close = hostPort.find(']');
        if (close == std::string::npos) {
            return false;
        }
        host = hostPort.substr(1, close - 1);
        hostPort = hostPort.substr(close + 1);
        if (!hostPort.empty() && hostPort.front() == ':') {
            port = std::atoi(hostPort.c_str() + 1);
        }
    } else {
        const auto colon = hostPort.rfind(':');
        host = hostPort.substr(0, colon);
        if (colon != std::string::npos) {
            port = std::atoi(hostPort.c_str() + colon + 1);
        }
    }
    return !host.empty() && port > 0 && port < 65536;
}

struct OtlpExporter::Client
{
    Client(const std::string& host, int port, bool gzip)
        : http(host, port)
    {
        http.set_connection_timeout(2, 0);
        http.set_read_timeout(10, 0);
        http.set_keep_alive(true);
        http.set_compress(gzip);
    }
    httplib::Client http;
};

OtlpExporter::OtlpExporter(ExporterConfig config)
    : m_config(std::move(config))
{
    if (!parseHttpUrl(m_config.endpoint, m_host, m_port, m_path)) {
        m_stats.lastError = "not an http:// endpoint: " + redact::url(m_config.endpoint);
    }
    if (m_path.empty() || m_path == "/") {
        m_path = "/v1/traces";
    }
    m_thread = std::thread([this] { loop(); });
}

OtlpExporter::~OtlpExporter()
{
    stop();
}

void OtlpExporter::submit(std::vector<SpanRecord>&& spans)
{
    {
        std::lock_guard lock(m_mutex);
        if (m_stop || m_queue.size() + spans.size() > m_config.maxQueue) {
            m_stats.dropped += static_cast<std::int64_t>(spans.size());
            return;
        }
        std::move(spans.begin(), spans.end(), std::back_inserter(m_queue));
    }
    m_wake.notify_one();
}

bool OtlpExporter::flush(std::chrono::milliseconds timeout)
{
    std::unique_lock lock(m_mutex);
    m_wake.notify_one();
    return m_idle.wait_for(lock, timeout, [&] { return m_queue.empty() && !m_busy; });
}

void OtlpExporter::stop()
{
    {
        std::lock_guard lock(m_mutex);
        if (m_stop) {
            return;
        }
        m_stop = true;
    }
    m_wake.notify_one();
    if (m_thread.joinable()) {
        m_thread.join();
    }
    // Close the kept-alive connection now: a receiver stopping after us would
    // otherwise wait out its keep-alive timeout for this idle connection.
    m_client.reset();
}

ExporterStats OtlpExporter::stats() const
{
    std::lock_guard lock(m_mutex);
    return m_stats;
}

void OtlpExporter::loop()
{
    std::vector<SpanRecord> batch;
    std::unique_lock lock(m_mutex);
    while (true) {
        // Wait for a full batch, the interval, or stop.
        m_wake.wait_for(lock, m_config.interval,
                        [&] { return m_stop || m_queue.size() >= m_config.maxBatch; });
        if (m_queue.empty()) {
            m_idle.notify_all();
            if (m_stop) {
                return;
            }
            continue;
        }
        const auto n = std::min(m_queue.size(), m_config.maxBatch);
        batch.assign(std::make_move_iterator(m_queue.begin()),
                     std::make_move_iterator(m_queue.begin() + static_cast<std::ptrdiff_t>(n)));
        m_queue.erase(m_queue.begin(), m_queue.begin() + static_cast<std::ptrdiff_t>(n));
        m_busy = true;
        lock.unlock();
        send(batch);
        lock.lock();
        m_busy = false;
        if (m_queue.empty()) {
            m_idle.notify_all();
        }
    }
}

void OtlpExporter::send(std::vector<SpanRecord>& batch)
{
    const auto count = static_cast<std::int64_t>(batch.size());
    const auto body = pb::telemetry::encodeProtobuf(batch, "phasebench.demo");
    batch.clear();
    std::string error;
    std::int64_t rejected = 0;
    if (m_port <= 0) {
        error = m_stats.lastError;
    } else {
        if (!m_client) {
            m_client = std::make_unique<Client>(m_host, m_port, m_config.gzip);
        }
        const auto res = m_client->http.Post(m_path, body, "application/x-protobuf");
        if (!res) {
            error =
                "export to " + redact::url(m_config.endpoint) + " failed: " + httplib::to_string(res.error());
            m_client.reset(); // reconnect next time
        } else if (res->status != 200) {
            error =
                "export to " + redact::url(m_config.endpoint) + " answered " + std::to_string(res->status);
        } else if (const auto r = pb::telemetry::decodeResponseProtobuf(res->body)) {
            rejected = r->rejectedSpans;
        }
    }
    std::lock_guard lock(m_mutex);
    ++m_stats.batches;
    if (error.empty()) {
        m_stats.exported += count - rejected;
        m_stats.rejected += rejected;
    } else {
        ++m_stats.failedBatches;
        m_stats.dropped += count;
        m_stats.lastError = error;
    }
}

} // namespace pb::demo
