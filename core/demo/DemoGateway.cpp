#include "demo/DemoGateway.h"

#include "demo/DemoImpl.h"

#include <nlohmann/json.hpp>

#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>

namespace pb::demo {

SpanClock::SpanClock()
    : m_epoch(std::chrono::duration_cast<std::chrono::nanoseconds>(
                  std::chrono::system_clock::now().time_since_epoch())
                  .count())
    , m_steady(std::chrono::steady_clock::now())
{}

Nanos SpanClock::now() const
{
    return m_epoch +
           std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - m_steady)
               .count();
}

std::string_view nameOf(ServerTimings s)
{
    switch (s) {
    case ServerTimings::None:
        return "none";
    case ServerTimings::Vllm:
        return "vllm";
    case ServerTimings::Tgi:
        return "tgi";
    }
    return "none";
}

std::optional<ServerTimings> parseServerTimings(std::string_view name)
{
    for (auto s : {ServerTimings::None, ServerTimings::Vllm, ServerTimings::Tgi}) {
        if (name == nameOf(s)) {
            return s;
        }
    }
    return std::nullopt;
}

DemoGateway::Impl::Impl(GatewayConfig c)
    : config(std::move(c))
    , pool(config.timing.slots)
{
    for (auto f : config.faults) {
        faults.set(f, true);
    }
    applySlots();
    if (config.timing.prefixCache) {
        prefixCache = std::make_unique<PrefixCache>(
            config.timing.prefixBlockTokens, static_cast<std::size_t>(config.timing.prefixCacheBlocks));
    }
    if (!config.otlpEndpoint.empty()) {
        exporter = std::make_unique<OtlpExporter>(ExporterConfig{.endpoint = config.otlpEndpoint});
    }
}

void DemoGateway::Impl::applySlots()
{
    pool.setSlots(faults.has(Fault::PoolSaturation) ? config.timing.saturatedSlots : config.timing.slots);
}

bool DemoGateway::Impl::authorized(const httplib::Request& req) const
{
    const auto header = req.get_header_value("Authorization");
    const std::string prefix = "Bearer ";
    if (header.size() <= prefix.size() || header.compare(0, prefix.size(), prefix) != 0) {
        return false;
    }
    if (config.apiKey.empty()) {
        return true;
    }
    // Constant time in the token's length.
    const std::string_view token(header.data() + prefix.size(), header.size() - prefix.size());
    if (token.size() != config.apiKey.size()) {
        return false;
    }
    unsigned diff = 0;
    for (std::size_t i = 0; i < token.size(); ++i) {
        diff |= static_cast<unsigned>(token[i] ^ config.apiKey[i]);
    }
    return diff == 0;
}

void DemoGateway::Impl::exportSpans(std::vector<SpanRecord>&& spans)
{
    // The conventions the demo's attribute names follow (gen_ai.provider.name: 1.37).
    static constexpr const char* kSchemaUrl = "https://opentelemetry.io/schemas/1.37.0";
    for (auto& s : spans) {
        s.schemaUrl = kSchemaUrl;
    }
    if (exporter) {
        exporter->submit(std::move(spans));
    }
}

std::string DemoGateway::Impl::traceId()
{
    std::lock_guard lock(idMutex);
    return ids.traceId();
}

std::string DemoGateway::Impl::spanId()
{
    std::lock_guard lock(idMutex);
    return ids.spanId();
}

bool DemoGateway::Impl::sleepMs(double ms)
{
    if (ms <= 0) {
        return !pool.stopping();
    }
    return pool.sleepFor(std::chrono::nanoseconds(static_cast<std::int64_t>(ms * 1e6)));
}

void DemoGateway::Impl::handleModels(const httplib::Request& req, httplib::Response& res)
{
    requests.fetch_add(1);
    if (!authorized(req)) {
        unauthorized.fetch_add(1);
        res.status = 401;
        res.set_content(
            R"({"error":{"message":"missing or invalid API key","type":"invalid_request_error"}})",
            "application/json");
        return;
    }
    const nlohmann::json body = {
        {"object", "list"},
        {"data",
         nlohmann::json::array({{{"id", config.model}, {"object", "model"}, {"owned_by", "phasebench"}}})}};
    res.set_content(body.dump(), "application/json");
    completed.fetch_add(1);
}

DemoGateway::DemoGateway(GatewayConfig config)
    : m_impl(std::make_unique<Impl>(std::move(config)))
{}

DemoGateway::~DemoGateway()
{
    stop();
}

bool DemoGateway::start(std::string* error)
{
    auto* impl = m_impl.get();
    auto& srv = impl->server;
    const auto threads = static_cast<std::size_t>(std::max(4, impl->config.threads));
    srv.new_task_queue = [threads] {
        return new httplib::ThreadPool(threads);
    };
    srv.set_keep_alive_max_count(100000);
    srv.set_keep_alive_timeout(10);
    srv.set_read_timeout(30);
    srv.set_write_timeout(30);
    srv.set_payload_max_length(4u << 20);
    // SSE chunks are small: no Nagle delay. No SO_REUSEPORT (httplib's
    // default), so a second gateway cannot share the port by accident.
    srv.set_tcp_nodelay(true);
    socket_t listening = INVALID_SOCKET;
    srv.set_socket_options([&listening](socket_t sock) {
        int yes = 1;
        setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof(yes));
        setsockopt(sock, IPPROTO_TCP, TCP_NODELAY, &yes, sizeof(yes));
        listening = sock;
    });
    srv.set_exception_handler([](const httplib::Request&, httplib::Response& res, std::exception_ptr ep) {
        std::string message = "internal error";
        try {
            std::rethrow_exception(ep);
        } catch (const std::exception& e) {
            message = e.what();
        } catch (...) {
        }
        res.status = 500;
        res.set_content(nlohmann::json{{"error", {{"message", message}, {"type", "server_error"}}}}.dump(),
                        "application/json");
    });
    srv.Post("/v1/chat/completions",
             [impl](const httplib::Request& req, httplib::Response& res) { impl->handleChat(req, res); });
    // Unauthenticated, as vLLM's: a scraper sends no key.
    srv.Get("/metrics", [impl](const httplib::Request&, httplib::Response& res) {
        res.set_content(impl->metricsText(), "text/plain; version=0.0.4; charset=utf-8");
    });
    srv.Get("/v1/models",
            [impl](const httplib::Request& req, httplib::Response& res) { impl->handleModels(req, res); });

    auto& cfg = impl->config;
    if (cfg.port == 0) {
        impl->port = srv.bind_to_any_port(cfg.bindAddress);
    } else {
        impl->port = srv.bind_to_port(cfg.bindAddress, cfg.port) ? cfg.port : -1;
    }
    if (impl->port <= 0) {
        if (error) {
            *error = "cannot bind " + cfg.bindAddress + ":" + std::to_string(cfg.port);
        }
        return false;
    }
    // httplib 0.11 listens with a backlog of 5: a burst of new connections
    // (a load test's ramp, the close-connections fault) would overflow it
    // and fail. Listening again on the bound socket raises the backlog.
    if (listening != INVALID_SOCKET) {
        ::listen(listening, SOMAXCONN);
    }
    srv.set_socket_options([](socket_t) {});
    impl->thread = std::thread([impl] { impl->server.listen_after_bind(); });
    for (int i = 0; i < 5000 && !srv.is_running(); ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    return true;
}

void DemoGateway::stop()
{
    if (!m_impl) {
        return;
    }
    // Wake every waiting and sleeping request first, so that the HTTP
    // workers finish and the server can join them.
    m_impl->pool.stop();
    if (m_impl->thread.joinable()) {
        m_impl->server.stop();
        m_impl->thread.join();
    }
    if (m_impl->exporter) {
        m_impl->exporter->stop();
    }
}

int DemoGateway::port() const
{
    return m_impl->port;
}

std::string DemoGateway::baseUrl() const
{
    const auto& a = m_impl->config.bindAddress;
    const bool v6 = a.find(':') != std::string::npos;
    return "http://" + (v6 ? "[" + a + "]" : a) + ":" + std::to_string(m_impl->port) + "/v1";
}

void DemoGateway::setFault(Fault f, bool on)
{
    m_impl->faults.set(f, on);
    if (f == Fault::PoolSaturation) {
        m_impl->applySlots();
    }
}

bool DemoGateway::hasFault(Fault f) const
{
    return m_impl->faults.has(f);
}

GatewayStats DemoGateway::stats() const
{
    GatewayStats s;
    s.requests = m_impl->requests.load();
    s.completed = m_impl->completed.load();
    s.unauthorized = m_impl->unauthorized.load();
    s.badRequests = m_impl->badRequests.load();
    s.cancelled = m_impl->cancelled.load();
    s.active = m_impl->pool.active();
    s.queued = m_impl->pool.queued();
    return s;
}

bool DemoGateway::flushSpans(std::chrono::milliseconds timeout)
{
    return !m_impl->exporter || m_impl->exporter->flush(timeout);
}

ExporterStats DemoGateway::exporterStats() const
{
    return m_impl->exporter ? m_impl->exporter->stats() : ExporterStats{};
}

} // namespace pb::demo
