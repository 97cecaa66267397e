// A Jaeger query service stand-in on 127.0.0.1 (httplib, a free port):
// GET /api/traces/{id} answers with real Jaeger API JSON built for the run's
// own trace IDs, 404 for the IDs it does not hold, and whatever a test
// scripts per ID (503 a number of times, a garbage body). It counts requests.
#pragma once

#include "model/RequestRecord.h"

#include <httplib.h>
#include <nlohmann/json.hpp>

#include <map>
#include <mutex>
#include <set>
#include <string>
#include <thread>

namespace pb::test {

// The response of Jaeger's query API for the attempt's trace: a SERVER root
// span (child of the attempt's client span) with the seed's gateway, queue
// and generation children, in the shape of the Jaeger JSON samples
// (`{"data":[trace],"total":0,"limit":0,"offset":0,"errors":null}`). `extraService`
// adds a span of another service below the root.
inline std::string jaegerResponse(const RequestRecord& r, const std::string& service = "llm-gateway",
                                  const std::string& extraService = {})
{
    using nlohmann::json;
    const std::int64_t totalUs = r.total ? std::max<std::int64_t>(*r.total / 1000, 100) : 1000;
    const std::int64_t rootUs = totalUs * 8 / 10; // inside the client's total: a positive envelope
    const std::int64_t start = 1'767'225'600'000'000 + r.scheduledOffset.value_or(0) / 1000;
    const std::string root = "a0" + r.traceId.substr(18);
    json spans = json::array();
    const auto span = [&](const std::string& id, const std::string& name, const std::string& parent,
                          std::int64_t offset, std::int64_t duration, const std::string& kind,
                          const std::string& process) {
        json s = {
            {"traceID", r.traceId},
            {"spanID", id},
            {"flags", 1},
            {"operationName", name},
            {"references", json::array()},
            {"startTime", start + offset},
            {"duration", duration},
            {"tags", json::array({{{"key", "span.kind"}, {"type", "string"}, {"value", kind}},
                                  {{"key", "otel.scope.name"}, {"type", "string"}, {"value", "gateway"}}})},
            {"logs", json::array()},
            {"processID", process},
            {"warnings", nullptr}};
        if (!parent.empty()) {
            s["references"].push_back({{"refType", "CHILD_OF"}, {"traceID", r.traceId}, {"spanID", parent}});
        }
        spans.push_back(s);
    };
    span(root, "POST /v1/chat/completions", r.spanId, 0, rootUs, "server", "p1");
    span("b1" + r.traceId.substr(18), "auth.check", root, 10, rootUs / 10, "internal", "p1");
    span("b2" + r.traceId.substr(18), "inference.acquire_slot", root, rootUs / 10 + 20, rootUs / 5,
         "internal", "p1");
    span("b3" + r.traceId.substr(18), "inference.generate", root, rootUs * 3 / 10 + 30, rootUs / 2,
         "internal", "p1");
    json processes = {
        {"p1",
         {{"serviceName", service},
          {"tags",
           json::array({{{"key", "telemetry.sdk.language"}, {"type", "string"}, {"value", "python"}}})}}}};
    if (!extraService.empty()) {
        span("c1" + r.traceId.substr(18), "SELECT cache", root, 15, rootUs / 20, "client", "p2");
        processes["p2"] = {{"serviceName", extraService}, {"tags", json::array()}};
    }
    json trace = {{"traceID", r.traceId}, {"spans", spans}, {"processes", processes}, {"warnings", nullptr}};
    return json{
        {"data", json::array({trace})}, {"total", 0}, {"limit", 0}, {"offset", 0}, {"errors", nullptr}}
        .dump();
}

class JaegerTestServer
{
public:
    JaegerTestServer()
    {
        m_server.Get(R"(/api/traces/([0-9A-Za-z]+))", [this](const httplib::Request& req,
                                                             httplib::Response& res) {
            const std::string id = req.matches[1];
            std::lock_guard lock(m_mutex);
            ++m_requests[id];
            m_lastAuthorization = req.get_header_value("Authorization");
            if (auto it = m_failTimes.find(id); it != m_failTimes.end() && it->second > 0) {
                --it->second;
                res.status = m_failStatus;
                res.set_header("Retry-After", "0");
                res.set_content("{\"data\":null,\"errors\":[{\"code\":503,\"msg\":\"busy\"}]}",
                                "application/json");
                return;
            }
            if (auto it = m_bodies.find(id); it != m_bodies.end()) {
                res.status = 200;
                res.set_content(it->second, "application/json");
                return;
            }
            res.status = 404;
            res.set_content(
                R"({"data":null,"total":0,"limit":0,"offset":0,"errors":[{"code":404,"msg":"trace not found"}]})",
                "application/json");
        });
        m_port = m_server.bind_to_any_port("127.0.0.1");
        m_thread = std::thread([this] { m_server.listen_after_bind(); });
        while (!m_server.is_running()) {
            std::this_thread::yield();
        }
    }
    ~JaegerTestServer()
    {
        m_server.stop();
        m_thread.join();
    }

    std::string url() const { return "http://127.0.0.1:" + std::to_string(m_port); }
    // Serves `body` (with status 200) for the trace.
    void serve(const std::string& traceId, std::string body)
    {
        std::lock_guard lock(m_mutex);
        m_bodies[traceId] = std::move(body);
    }
    // Answers `status` (503 by default) the next `times` requests for the trace.
    void failNext(const std::string& traceId, int times, int status = 503)
    {
        std::lock_guard lock(m_mutex);
        m_failTimes[traceId] = times;
        m_failStatus = status;
    }
    int requests(const std::string& traceId) const
    {
        std::lock_guard lock(m_mutex);
        const auto it = m_requests.find(traceId);
        return it == m_requests.end() ? 0 : it->second;
    }
    int totalRequests() const
    {
        std::lock_guard lock(m_mutex);
        int n = 0;
        for (const auto& [id, c] : m_requests) {
            n += c;
        }
        return n;
    }
    std::string lastAuthorization() const
    {
        std::lock_guard lock(m_mutex);
        return m_lastAuthorization;
    }

private:
    httplib::Server m_server;
    int m_port = 0;
    std::thread m_thread;
    mutable std::mutex m_mutex;
    std::map<std::string, std::string> m_bodies;
    std::map<std::string, int> m_failTimes;
    int m_failStatus = 503;
    std::map<std::string, int> m_requests;
    std::string m_lastAuthorization;
};

} // namespace pb::test
