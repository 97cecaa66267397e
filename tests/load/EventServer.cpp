#include "TestServers.h"

#include "HttpFraming.h"

#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <queue>
#include <stdexcept>
#include <unordered_map>

namespace pb::test {

using detail::chatChunk;
using detail::chunk;
using detail::parseRequest;

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
        std::size_t stamp = 0; // index into m_stamps + 1; 0: not recorded
    };
    struct Timer
    {
        Nanos at;
        int fd;
        std::uint64_t gen;
        bool closeIdle = false;
        bool operator>(const Timer& o) const { return at > o.at; }
    };
    const auto& cfg = m_config;
    const std::string jsonBody =
        R"({"id":"chatcmpl-e","object":"chat.completion","created":1,"model":"event-model","choices":[{"index":0,"message":{"role":"assistant","content":"ok"},"finish_reason":"stop"}],"usage":{"prompt_tokens":5,"completion_tokens":)" +
        std::to_string(cfg.completionTokens) + R"(,"total_tokens":)" +
        std::to_string(cfg.completionTokens + 5) + "}" +
        (cfg.metricsJson.empty() ? std::string() : ",\"metrics\":" + cfg.metricsJson) + "}";
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
              std::to_string(cfg.completionTokens) + "}" +
              (cfg.metricsJson.empty() ? std::string() : ",\"metrics\":" + cfg.metricsJson) +
              "}\n\ndata: [DONE]\n\n") +
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
        if (const auto request = parseRequest(c.in)) {
            ++m_requests;
            c.stamp = 0;
            if (cfg.recordStamps && cfg.sse) {
                const auto tp = request->headers.find("traceparent");
                m_stamps.push_back({tp == request->headers.end() ? std::string() : tp->second, 0, 0});
                c.stamp = m_stamps.size();
            }
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
            if (cfg.closeIdleAfter > 0) {
                timers.push({steadyNs() + cfg.closeIdleAfter, fd, c.gen, true});
            }
        } else if (cfg.chunkInterval > 0) {
            timers.push({steadyNs() + cfg.chunkInterval, fd, c.gen});
        } else {
            timers.push({0, fd, c.gen});
        }
        const int sent = c.step; // 1: headers and role chunk, 2: the first text chunk
        const std::size_t stamp = c.stamp;
        const bool whole = !c.busy;
        if (!flush(fd, c)) {
            return false;
        }
        if (whole) {
            ++m_responses;
        }
        if (stamp > 0 && (sent == 1 || sent == 2)) {
            auto& st = m_stamps[stamp - 1];
            (sent == 1 ? st.firstEvent : st.firstText) = steadyNs(); // handed to the kernel
        }
        nextRequest(fd, c);
        return true;
    };

    std::vector<epoll_event> events(1024);
    while (!m_stop.load()) {
        // Nanosecond timeouts (epoll_pwait2): a millisecond epoll_wait made
        // every injected delay up to a millisecond late.
        Nanos wait = 200'000'000;
        if (!timers.empty()) {
            wait = std::clamp<Nanos>(timers.top().at - steadyNs(), 0, wait);
        }
        const timespec timeout{static_cast<time_t>(wait / 1'000'000'000),
                               static_cast<long>(wait % 1'000'000'000)};
        const int n = ::epoll_pwait2(ep, events.data(), static_cast<int>(events.size()), &timeout, nullptr);
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
            if (t.closeIdle) {
                // Still idle since that response: no request came after it.
                if (it != conns.end() && it->second.gen == t.gen && !it->second.busy) {
                    closeConn(t.fd);
                }
                continue;
            }
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
