#include "TestServers.h"

#include <nlohmann/json.hpp>

#include "HttpFraming.h"

#include <chrono>
#include <thread>

#include <httplib.h>

#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <queue>
#include <stdexcept>
#include <unordered_map>

namespace pb::test {

using detail::chatChunk;
using detail::chunk;
using detail::parseRequest;

Nanos steadyNs()
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

namespace {

void sleepUntil(Nanos t)
{
    std::this_thread::sleep_until(std::chrono::steady_clock::time_point(std::chrono::nanoseconds(t)));
}

} // namespace

std::string HttpRequest::header(const std::string& lowerName) const
{
    const auto it = headers.find(lowerName);
    return it == headers.end() ? std::string() : it->second;
}

// ---------------------------------------------------------------- ScriptedSseServer

ScriptedSseServer::ScriptedSseServer(SseScript script, int keepAliveMaxCount)
    : m_script(std::move(script))
    , m_server(std::make_unique<httplib::Server>())
{
    m_server->new_task_queue = [] {
        return new httplib::ThreadPool(32);
    };
    m_server->set_tcp_nodelay(true);
    m_server->set_keep_alive_max_count(static_cast<std::size_t>(keepAliveMaxCount));
    m_server->Post(".*", [this](const httplib::Request& req, httplib::Response& res) {
        const Nanos t0 = steadyNs();
        ++m_requests;
        auto truth = std::make_shared<SseTruth>();
        truth->received = t0;
        truth->traceparent = req.get_header_value("traceparent");
        truth->authorization = req.get_header_value("Authorization");
        truth->apiKey = req.get_header_value("api-key");
        const auto at = [t0](int ms) {
            sleepUntil(t0 + Nanos(ms) * 1'000'000);
        };
        at(m_script.headersMs);
        if (m_script.status != 200) {
            res.status = m_script.status;
            res.set_content(m_script.errorBody.empty() ? std::string(R"({"error":{"code":"overloaded"}})")
                                                       : m_script.errorBody,
                            "application/json");
            truth->headers = steadyNs();
            std::lock_guard lk(m_mx);
            m_truths.push_back(*truth);
            return;
        }
        truth->headers = steadyNs();
        int promptTokens = m_script.promptTokens;
        int completionTokens = m_script.completionTokens;
        if (m_script.usageFromRequest) {
            const auto body = nlohmann::json::parse(req.body, nullptr, false);
            std::size_t bytes = 0;
            if (body.is_object() && body.contains("messages")) {
                for (const auto& m : body["messages"]) {
                    bytes += m.value("content", std::string()).size();
                }
            }
            promptTokens = static_cast<int>(bytes / 3);
            completionTokens = body.is_object() ? body.value("max_tokens", 0) : 0;
        }
        res.set_chunked_content_provider("text/event-stream", [this, truth, at, promptTokens,
                                                               completionTokens](std::size_t,
                                                                                 httplib::DataSink& sink) {
            const auto& s = m_script;
            bool ok = true;
            const auto write = [&](const std::string& data, Nanos* stamp) {
                if (ok) {
                    if (stamp) {
                        *stamp = steadyNs();
                    }
                    ok = sink.write(data.data(), data.size());
                }
            };
            if (s.heartbeat) {
                write(": ping\n\n", nullptr);
            }
            if (s.roleMs >= 0) {
                at(s.roleMs);
                write(chatChunk(R"({"role":"assistant","content":""})"), &truth->role);
            }
            if (s.reasoningMs >= 0) {
                at(s.reasoningMs);
                write(chatChunk(R"({"reasoning_content":"Let me think."})"), &truth->reasoning);
            }
            if (s.textMs >= 0) {
                for (int i = 0; i < s.textChunks; ++i) {
                    at(s.textMs + i * s.chunkEveryMs);
                    write(chatChunk(R"({"content":"word )" + std::to_string(i) + R"("})"),
                          i == 0 ? &truth->firstText : &truth->lastChunk);
                }
            }
            write(
                R"(data: {"id":"chatcmpl-t","object":"chat.completion.chunk","created":1,"model":"test-model-1","choices":[{"index":0,"delta":{},"finish_reason":"stop"}]})"
                "\n\n",
                nullptr);
            if (s.usage) {
                write(
                    R"(data: {"id":"chatcmpl-t","object":"chat.completion.chunk","created":1,"model":"test-model-1","choices":[],"usage":{"prompt_tokens":)" +
                        std::to_string(promptTokens) + R"(,"completion_tokens":)" +
                        std::to_string(completionTokens) + R"(,"total_tokens":)" +
                        std::to_string(promptTokens + completionTokens) +
                        R"(,"completion_tokens_details":{"reasoning_tokens":3}}})" + "\n\n",
                    nullptr);
            }
            if (s.done) {
                write("data: [DONE]\n\n", nullptr);
            }
            sink.done();
            std::lock_guard lk(m_mx);
            m_truths.push_back(*truth);
            return true;
        });
    });
    m_port = m_server->bind_to_any_port("127.0.0.1");
    if (m_port <= 0) {
        throw std::runtime_error("cannot bind a loopback port");
    }
    m_thread = std::thread([this] { m_server->listen_after_bind(); });
    while (!m_server->is_running()) {
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
}

ScriptedSseServer::~ScriptedSseServer()
{
    m_server->stop();
    if (m_thread.joinable()) {
        m_thread.join();
    }
}

CannedServer::CannedServer(Handler handler)
    : m_handler(std::move(handler))
    , m_server(std::make_unique<httplib::Server>())
{
    m_server->Post(".*", [this](const httplib::Request& req, httplib::Response& res) {
        HttpRequest r;
        r.method = req.method;
        r.target = req.path;
        for (const auto& [k, v] : req.headers) {
            std::string name = k;
            std::transform(name.begin(), name.end(), name.begin(),
                           [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
            r.headers[name] = v;
        }
        r.body = req.body;
        {
            std::lock_guard lk(m_mx);
            m_requests.push_back(r);
        }
        const auto reply = m_handler(r);
        res.status = reply.status;
        for (const auto& [k, v] : reply.headers) {
            res.set_header(k, v);
        }
        res.set_content(reply.body, reply.contentType);
    });
    m_port = m_server->bind_to_any_port("127.0.0.1");
    if (m_port <= 0) {
        throw std::runtime_error("cannot bind a loopback port");
    }
    m_thread = std::thread([this] { m_server->listen_after_bind(); });
    while (!m_server->is_running()) {
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
}

CannedServer::~CannedServer()
{
    m_server->stop();
    if (m_thread.joinable()) {
        m_thread.join();
    }
}

std::string CannedServer::baseUrl() const
{
    return "http://127.0.0.1:" + std::to_string(m_port);
}

std::vector<HttpRequest> CannedServer::requests() const
{
    std::lock_guard lk(m_mx);
    return m_requests;
}

std::string ScriptedSseServer::baseUrl() const
{
    return "http://127.0.0.1:" + std::to_string(m_port);
}

std::vector<SseTruth> ScriptedSseServer::truths() const
{
    std::lock_guard lk(m_mx);
    return m_truths;
}

SseTruth ScriptedSseServer::truthFor(const std::string& traceparent) const
{
    // The server thread records the truth after its last write, which can be
    // after the client has already finished reading: wait for it a little.
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (true) {
        {
            std::lock_guard lk(m_mx);
            for (const auto& t : m_truths) {
                if (t.traceparent == traceparent) {
                    return t;
                }
            }
        }
        if (std::chrono::steady_clock::now() > deadline) {
            return {};
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
}

// ---------------------------------------------------------------- RawServer

RawConn::RawConn(int fd, const std::atomic<bool>& stopping)
    : m_fd(fd)
    , m_stopping(stopping)
{}

RawConn::~RawConn()
{
    close();
}

std::optional<HttpRequest> RawConn::readRequest(int timeoutMs)
{
    const Nanos deadline = steadyNs() + Nanos(timeoutMs) * 1'000'000;
    while (m_fd >= 0 && !m_stopping.load()) {
        if (auto r = parseRequest(m_buf)) {
            return r;
        }
        if (steadyNs() > deadline) {
            return std::nullopt;
        }
        pollfd p{m_fd, POLLIN, 0};
        if (::poll(&p, 1, 20) <= 0) {
            continue;
        }
        char tmp[8192];
        const auto n = ::recv(m_fd, tmp, sizeof tmp, 0);
        if (n <= 0) {
            return std::nullopt;
        }
        m_buf.append(tmp, static_cast<std::size_t>(n));
    }
    return std::nullopt;
}

bool RawConn::send(const std::string& bytes)
{
    std::size_t off = 0;
    while (m_fd >= 0 && off < bytes.size()) {
        const auto n = ::send(m_fd, bytes.data() + off, bytes.size() - off, MSG_NOSIGNAL);
        if (n <= 0) {
            return false;
        }
        off += static_cast<std::size_t>(n);
    }
    return m_fd >= 0;
}

bool RawConn::sendChunk(const std::string& data)
{
    return send(chunk(data));
}

bool RawConn::endChunks()
{
    return send("0\r\n\r\n");
}

void RawConn::sleepMs(int ms)
{
    const Nanos until = steadyNs() + Nanos(ms) * 1'000'000;
    while (!m_stopping.load() && steadyNs() < until) {
        std::this_thread::sleep_for(
            std::chrono::milliseconds(std::min<Nanos>(10, (until - steadyNs()) / 1'000'000 + 1)));
    }
}

void RawConn::reset()
{
    if (m_fd >= 0) {
        linger l{1, 0};
        ::setsockopt(m_fd, SOL_SOCKET, SO_LINGER, &l, sizeof l);
        ::close(m_fd);
        m_fd = -1;
    }
}

void RawConn::close()
{
    if (m_fd >= 0) {
        ::shutdown(m_fd, SHUT_RDWR);
        ::close(m_fd);
        m_fd = -1;
    }
}

RawServer::RawServer(Script script)
    : m_script(std::move(script))
{
    m_listen = EventServer::listenLoopback(m_port);
    m_accept = std::thread([this] {
        while (!m_stopping.load()) {
            pollfd p{m_listen, POLLIN, 0};
            if (::poll(&p, 1, 20) <= 0) {
                continue;
            }
            const int fd = ::accept4(m_listen, nullptr, nullptr, SOCK_CLOEXEC);
            if (fd < 0) {
                continue;
            }
            const int one = 1;
            ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
            ++m_connections;
            std::lock_guard lk(m_mx);
            m_workers.emplace_back([this, fd] {
                RawConn conn(fd, m_stopping);
                m_script(conn);
            });
        }
    });
}

RawServer::~RawServer()
{
    m_stopping = true;
    if (m_accept.joinable()) {
        m_accept.join();
    }
    std::lock_guard lk(m_mx);
    for (auto& w : m_workers) {
        w.join();
    }
    ::close(m_listen);
}

std::string RawServer::baseUrl() const
{
    return "http://127.0.0.1:" + std::to_string(m_port);
}

} // namespace pb::test
