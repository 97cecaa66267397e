#include "TestServers.h"

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

std::string lower(std::string s)
{
    std::transform(s.begin(), s.end(), s.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

std::string chunk(const std::string& data)
{
    char head[32];
    std::snprintf(head, sizeof head, "%zx\r\n", data.size());
    return head + data + "\r\n";
}

// Parses one request from the front of `buf`; nullopt when incomplete.
std::optional<HttpRequest> parseRequest(std::string& buf)
{
    const auto end = buf.find("\r\n\r\n");
    if (end == std::string::npos) {
        return std::nullopt;
    }
    HttpRequest r;
    std::size_t pos = buf.find("\r\n");
    const std::string first = buf.substr(0, pos);
    const auto sp1 = first.find(' ');
    const auto sp2 = first.find(' ', sp1 + 1);
    r.method = first.substr(0, sp1);
    r.target = sp1 == std::string::npos ? std::string() : first.substr(sp1 + 1, sp2 - sp1 - 1);
    while (pos < end) {
        const auto next = buf.find("\r\n", pos + 2);
        const std::string line = buf.substr(pos + 2, next - pos - 2);
        if (const auto colon = line.find(':'); colon != std::string::npos) {
            std::string v = line.substr(colon + 1);
            v.erase(0, v.find_first_not_of(' '));
            r.headers[lower(line.substr(0, colon))] = v;
        }
        pos = next;
    }
    const std::size_t len = r.headers.count("content-length") ? std::stoul(r.headers["content-length"]) : 0;
    if (buf.size() < end + 4 + len) {
        return std::nullopt;
    }
    r.body = buf.substr(end + 4, len);
    buf.erase(0, end + 4 + len);
    return r;
}

std::string chatChunk(const std::string& delta)
{
    return R"(data: {"id":"chatcmpl-t","object":"chat.completion.chunk","created":1,"model":"test-model-1","choices":[{"index":0,"delta":)" +
           delta + R"(,"logprobs":null,"finish_reason":null}]})" + "\n\n";
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
        res.set_chunked_content_provider("text/event-stream", [this, truth, at](std::size_t,
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
                        std::to_string(s.promptTokens) + R"(,"completion_tokens":)" +
                        std::to_string(s.completionTokens) + R"(,"total_tokens":)" +
                        std::to_string(s.promptTokens + s.completionTokens) +
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

// ---------------------------------------------------------------- EventServer

int EventServer::listenLoopback(int& port)
{
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    const int one = 1;
    ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    addr.sin_port = 0;
    if (::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0 || ::listen(fd, 4096) != 0) {
        ::close(fd);
        throw std::runtime_error("cannot listen on 127.0.0.1");
    }
    socklen_t len = sizeof addr;
    ::getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len);
    port = ntohs(addr.sin_port);
    return fd;
}

EventServer::EventServer(EventServerConfig config, int listenFd)
    : m_config(config)
    , m_listen(listenFd)
{
    m_wake = ::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
    if (m_listen < 0) {
        m_listen = listenLoopback(m_port);
        m_thread = std::thread([this] { serve(); });
    } else {
        sockaddr_in addr{};
        socklen_t len = sizeof addr;
        ::getsockname(m_listen, reinterpret_cast<sockaddr*>(&addr), &len);
        m_port = ntohs(addr.sin_port);
    }
}

EventServer::~EventServer()
{
    stop();
    if (m_thread.joinable()) {
        m_thread.join();
    }
    ::close(m_listen);
    ::close(m_wake);
}

void EventServer::stop()
{
    m_stop = true;
    const std::uint64_t one = 1;
    [[maybe_unused]] const auto n = ::write(m_wake, &one, sizeof one);
}

std::string EventServer::baseUrl() const
{
    return "http://127.0.0.1:" + std::to_string(m_port);
}

void EventServer::serve()
{
    struct Conn
    {
        std::string in;
        std::string out;
        bool busy = false;
        bool closeAfterFlush = false;
        bool wantOut = false;
        int step = 0;
        std::uint64_t gen = 0;
    };
    struct Timer
    {
        Nanos at;
        int fd;
        std::uint64_t gen;
        bool operator>(const Timer& o) const { return at > o.at; }
    };
    const auto& cfg = m_config;
    const std::string jsonBody =
        R"({"id":"chatcmpl-e","object":"chat.completion","created":1,"model":"event-model","choices":[{"index":0,"message":{"role":"assistant","content":"ok"},"finish_reason":"stop"}],"usage":{"prompt_tokens":5,"completion_tokens":)" +
        std::to_string(cfg.completionTokens) + R"(,"total_tokens":)" +
        std::to_string(cfg.completionTokens + 5) + "}}";
    const std::string jsonResponse = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " +
                                     std::to_string(jsonBody.size()) + "\r\n" +
                                     (cfg.closeAfterResponse ? "Connection: close\r\n" : "") + "\r\n" +
                                     jsonBody;
    const std::string sseHead = std::string("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n"
                                            "Transfer-Encoding: chunked\r\nCache-Control: no-cache\r\n") +
                                (cfg.closeAfterResponse ? "Connection: close\r\n" : "") + "\r\n";
    const std::string roleChunk = chunk(chatChunk(R"({"role":"assistant","content":""})"));
    const std::string textChunk = chunk(chatChunk(R"({"content":"tok"})"));
    const std::string tail =
        chunk(std::string(R"(data: {"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]})") + "\n\n" +
              R"(data: {"choices":[],"usage":{"prompt_tokens":5,"completion_tokens":)" +
              std::to_string(cfg.completionTokens) + "}}\n\ndata: [DONE]\n\n") +
        "0\r\n\r\n";

    const int ep = ::epoll_create1(EPOLL_CLOEXEC);
    epoll_event ev{};
    ev.events = EPOLLIN;
    ev.data.fd = m_listen;
    ::epoll_ctl(ep, EPOLL_CTL_ADD, m_listen, &ev);
    ev.data.fd = m_wake;
    ::epoll_ctl(ep, EPOLL_CTL_ADD, m_wake, &ev);
    std::unordered_map<int, Conn> conns;
    std::priority_queue<Timer, std::vector<Timer>, std::greater<>> timers;
    std::uint64_t genSeq = 0;

    const auto closeConn = [&](int fd) {
        ::epoll_ctl(ep, EPOLL_CTL_DEL, fd, nullptr);
        ::close(fd);
        conns.erase(fd);
        --m_open;
    };
    // Writes what it can; returns false when the connection was closed.
    const auto flush = [&](int fd, Conn& c) {
        while (!c.out.empty()) {
            const auto n = ::send(fd, c.out.data(), c.out.size(), MSG_NOSIGNAL);
            if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
                break;
            }
            if (n <= 0) {
                closeConn(fd);
                return false;
            }
            c.out.erase(0, static_cast<std::size_t>(n));
        }
        const bool want = !c.out.empty();
        if (want != c.wantOut) {
            epoll_event e{};
            e.events = EPOLLIN | EPOLLRDHUP | (want ? EPOLLOUT : 0u);
            e.data.fd = fd;
            ::epoll_ctl(ep, EPOLL_CTL_MOD, fd, &e);
            c.wantOut = want;
        }
        if (c.out.empty() && c.closeAfterFlush) {
            closeConn(fd);
            return false;
        }
        return true;
    };
    const auto nextRequest = [&](int fd, Conn& c) {
        if (c.busy || c.closeAfterFlush) {
            return;
        }
        if (parseRequest(c.in)) {
            ++m_requests;
            c.busy = true;
            c.step = 0;
            c.gen = ++genSeq;
            timers.push({steadyNs() + cfg.delay, fd, c.gen});
        }
    };
    // One step of a response; returns false when the connection was closed.
    const auto respond = [&](int fd, Conn& c) {
        if (!cfg.sse) {
            c.out += jsonResponse;
            c.busy = false;
        } else if (c.step == 0) {
            c.out += sseHead + roleChunk;
            c.step = 1;
        } else if (c.step <= cfg.sseChunks) {
            c.out += textChunk;
            ++c.step;
        }
        if (cfg.sse && c.step > cfg.sseChunks) {
            c.out += tail;
            c.busy = false;
        }
        if (!c.busy) {
            c.closeAfterFlush = cfg.closeAfterResponse;
        } else if (cfg.chunkInterval > 0) {
            timers.push({steadyNs() + cfg.chunkInterval, fd, c.gen});
        } else {
            timers.push({0, fd, c.gen});
        }
        if (!flush(fd, c)) {
            return false;
        }
        nextRequest(fd, c);
        return true;
    };

    std::vector<epoll_event> events(1024);
    while (!m_stop.load()) {
        int timeout = 200;
        if (!timers.empty()) {
            const Nanos wait = timers.top().at - steadyNs();
            timeout = wait <= 0 ? 0 : static_cast<int>(std::min<Nanos>(200, (wait + 999'999) / 1'000'000));
        }
        const int n = ::epoll_wait(ep, events.data(), static_cast<int>(events.size()), timeout);
        for (int i = 0; i < n; ++i) {
            const int fd = events[i].data.fd;
            if (fd == m_wake) {
                std::uint64_t v = 0;
                [[maybe_unused]] const auto r = ::read(m_wake, &v, sizeof v);
                continue;
            }
            if (fd == m_listen) {
                while (true) {
                    const int cfd = ::accept4(m_listen, nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC);
                    if (cfd < 0) {
                        break;
                    }
                    const int one = 1;
                    ::setsockopt(cfd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
                    epoll_event e{};
                    e.events = EPOLLIN | EPOLLRDHUP;
                    e.data.fd = cfd;
                    ::epoll_ctl(ep, EPOLL_CTL_ADD, cfd, &e);
                    conns[cfd] = Conn{};
                    ++m_connections;
                    ++m_open;
                }
                continue;
            }
            const auto it = conns.find(fd);
            if (it == conns.end()) {
                continue;
            }
            Conn& c = it->second;
            if (events[i].events & EPOLLOUT) {
                if (!flush(fd, c)) {
                    continue;
                }
            }
            if (events[i].events & (EPOLLIN | EPOLLRDHUP | EPOLLHUP | EPOLLERR)) {
                char buf[16384];
                bool closed = false;
                while (true) {
                    const auto r = ::recv(fd, buf, sizeof buf, 0);
                    if (r > 0) {
                        c.in.append(buf, static_cast<std::size_t>(r));
                        continue;
                    }
                    if (r == 0 || (errno != EAGAIN && errno != EWOULDBLOCK)) {
                        closed = true;
                    }
                    break;
                }
                if (closed) {
                    closeConn(fd);
                    continue;
                }
                nextRequest(fd, c);
            }
        }
        const Nanos now = steadyNs();
        while (!timers.empty() && timers.top().at <= now) {
            const Timer t = timers.top();
            timers.pop();
            const auto it = conns.find(t.fd);
            if (it == conns.end() || it->second.gen != t.gen || !it->second.busy) {
                continue;
            }
            respond(t.fd, it->second);
        }
    }
    for (auto& [fd, c] : conns) {
        ::close(fd);
    }
    m_open = 0;
    ::close(ep);
}

} // namespace pb::test
