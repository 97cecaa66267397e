#include "load/Transport.h"

#include "stream/ChatText.h"

#include "util/Curl.h"

#include <curl/curl.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <limits>
#include <mutex>
#include <stdexcept>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/timerfd.h>
#include <unistd.h>

namespace pb::load {
namespace {

constexpr Nanos kNoDeadline = std::numeric_limits<Nanos>::max();
constexpr std::string_view kTraceparentName = "traceparent: ";

bool containsNoCase(std::string_view s, std::string_view needle)
{
    for (std::size_t i = 0; i + needle.size() <= s.size(); ++i) {
        if (startsWithNoCase(s.substr(i), needle)) {
            return true;
        }
    }
    return false;
}

// "HTTP/1.1 200 OK" / "HTTP/2 200" -> 200; 0 when not a status line.
long statusOf(std::string_view line)
{
    if (!line.starts_with("HTTP/")) {
        return 0;
    }
    const auto sp = line.find(' ');
    if (sp == std::string_view::npos || sp + 4 > line.size()) {
        return 0;
    }
    long code = 0;
    for (std::size_t i = sp + 1; i < sp + 4; ++i) {
        if (line[i] < '0' || line[i] > '9') {
            return 0;
        }
        code = code * 10 + (line[i] - '0');
    }
    return code;
}

Nanos curlTimer(CURL* easy, CURLINFO info)
{
    curl_off_t us = -1;
    if (curl_easy_getinfo(easy, info, &us) != CURLE_OK) {
        return -1;
    }
    return us < 0 ? -1 : Nanos(us) * 1000;
}

std::string envOr(std::initializer_list<const char*> names)
{
    for (const char* n : names) {
        if (const char* v = std::getenv(n)) {
            return v;
        }
    }
    return {};
}

// The proxy libcurl 7.88 would take from the environment (url.c,
// detect_proxy and no_proxy): it reads five variables on every request when
// CURLOPT_PROXY and CURLOPT_NOPROXY are unset, ~2k of the engine thread's
// ~105k instructions a request. Set once, same rules: <scheme>_proxy (HTTPS_PROXY
// too, never HTTP_PROXY), then all_proxy/ALL_PROXY; no_proxy/NO_PROXY still
// exempts hosts. "" means none.
void proxyFromEnvironment(bool https, std::string& proxy, std::string& noProxy)
{
    noProxy = envOr({"no_proxy", "NO_PROXY"});
    proxy = https ? envOr({"https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"})
                  : envOr({"http_proxy", "all_proxy", "ALL_PROXY"});
}

// What parked transports keep until the process exits: reachable, never freed.
struct Parked
{
    void* multi;
    std::vector<std::unique_ptr<Attempt>> slots;
};
std::mutex g_parkedMutex;
std::vector<Parked>* g_parked = nullptr;

} // namespace

Nanos steadyNowNs()
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

Nanos threadCpuNs()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return Nanos(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

// libcurl's C callbacks. They never throw: a failure aborts the transfer.
struct TransportCallbacks
{
    static int socket(CURL*, curl_socket_t fd, int what, void* userp, void*)
    {
        auto* t = static_cast<Transport*>(userp);
        if (fd < 0) {
            return 0;
        }
        auto& st = t->socketState(fd);
        if (what == CURL_POLL_REMOVE) {
            // Left in the epoll set: a kept-alive connection's next transfer
            // usually wants the same events, and the DEL + ADD were two of
            // the few syscalls a request costs. poll() drops it if it wakes.
            st.watched = false;
            return 0;
        }
        st.watched = true;
        const std::uint32_t want =
            ((what & CURL_POLL_IN) ? EPOLLIN : 0u) | ((what & CURL_POLL_OUT) ? EPOLLOUT : 0u);
        if (st.registered == want) {
            return 0;
        }
        epoll_event ev{};
        ev.events = want;
        ev.data.fd = fd;
        if (st.registered != 0) {
            if (::epoll_ctl(t->m_epoll, EPOLL_CTL_MOD, fd, &ev) != 0 && errno == ENOENT) {
                ::epoll_ctl(t->m_epoll, EPOLL_CTL_ADD, fd, &ev);
            }
        } else if (::epoll_ctl(t->m_epoll, EPOLL_CTL_ADD, fd, &ev) != 0 && errno == EEXIST) {
            ::epoll_ctl(t->m_epoll, EPOLL_CTL_MOD, fd, &ev);
        }
        st.registered = want;
        return 0;
    }

    // Every socket libcurl opens, in order: that of its connection list.
    static int sockopt(void* userp, curl_socket_t fd, curlsocktype)
    {
        auto* t = static_cast<Transport*>(userp);
        if (fd >= 0) {
            ++t->m_socketsOpen;
            // A new socket: in no epoll set yet, whatever the number held before.
            t->socketState(fd) = {0, false, ++t->m_socketsOpened};
        }
        return CURL_SOCKOPT_OK;
    }

    static int closeSocket(void* userp, curl_socket_t fd)
    {
        auto* t = static_cast<Transport*>(userp);
        if (t->m_socketsOpen > 0) {
            --t->m_socketsOpen;
        }
        if (fd >= 0) {
            auto& st = t->socketState(fd); // closing takes it out of the epoll set
            st.registered = 0;
            st.watched = false;
            // Its number may come back with the next socket: not its events.
            for (auto i = t->m_readyNext; i < t->m_ready.size(); ++i) {
                if (t->m_ready[i].fd == fd) {
                    t->m_ready[i].fd = -1;
                }
            }
        }
        return ::close(fd);
    }

    static int timer(CURLM*, long timeoutMs, void* userp)
    {
        auto* t = static_cast<Transport*>(userp);
        t->m_curlDeadline = timeoutMs < 0 ? kNoDeadline : steadyNowNs() + Nanos(timeoutMs) * 1'000'000;
        return 0;
    }

    static std::size_t header(char* data, std::size_t size, std::size_t n, void* userp)
    {
        auto& a = *static_cast<Attempt*>(userp);
        const std::size_t len = size * n;
        const std::string_view line(data, len);
        a.m_bytesIn += static_cast<std::int64_t>(len);
        if (const long status = statusOf(line); status != 0) {
            a.m_status = status;
            // 1xx responses are interim; the final status line is "headers".
            if (status >= 200 && a.m_stamps.headers == 0) {
                a.m_stamps.headers = steadyNowNs();
            }
            // A new response (after a 1xx): only the final one's headers count.
            std::fill(a.m_timingHeaderSeen.begin(), a.m_timingHeaderSeen.end(), char(0));
        } else if (startsWithNoCase(line, "content-type:")) {
            a.m_sse = containsNoCase(line, "text/event-stream");
        } else if (!a.m_owner->m_timingHeaderNames.empty()) {
            a.m_owner->captureTimingHeader(a, line);
        }
        return len;
    }

    static std::size_t write(char* data, std::size_t size, std::size_t n, void* userp)
    {
        auto& a = *static_cast<Attempt*>(userp);
        const std::size_t len = size * n;
        a.m_bytesIn += static_cast<std::int64_t>(len);
        if (a.m_status < 200 || a.m_status >= 300) {
            return len; // error bodies are drained, not interpreted
        }
        try {
            if (a.m_sse) {
                a.m_owner->feedStream(a, std::string_view(data, len), steadyNowNs());
                return a.m_parserFailed ? 0 : len;
            }
            const auto room = a.m_owner->m_options.maxBodyBytes -
                              std::min(a.m_body.size(), a.m_owner->m_options.maxBodyBytes);
            a.m_body.append(data, std::min(len, room));
            a.m_bodyOverflow = a.m_bodyOverflow || len > room;
            return len;
        } catch (...) {
            a.m_parserFailed = true;
            return 0;
        }
    }

    static int prereq(void* userp, char*, char*, int, int)
    {
        auto& a = *static_cast<Attempt*>(userp);
        // Called again when libcurl retries a dead reused connection: the last
        // call is the one that carried the request.
        a.m_stamps.prereq = steadyNowNs();
        a.m_stamps.sent = 0;
        return CURL_PREREQFUNC_OK;
    }

    static int debug(CURL*, curl_infotype type, char*, std::size_t size, void* userp)
    {
        if (type == CURLINFO_HEADER_OUT || type == CURLINFO_DATA_OUT) {
            auto& a = *static_cast<Attempt*>(userp);
            a.m_bytesOut += static_cast<std::int64_t>(size);
            if (a.m_stamps.headers == 0) {
                a.m_stamps.sent = steadyNowNs();
            }
        }
        return 0;
    }
};

Attempt::Attempt(std::size_t index)
    : m_index(index)
{}

Attempt::~Attempt()
{
    if (m_easy) {
        curl_easy_cleanup(m_easy);
    }
    curl_slist_free_all(m_headers);
}

Transport::Transport(TransportOptions options, Endpoint endpoint, DoneFn onDone)
    : m_options(options)
    , m_endpoint(std::move(endpoint))
    , m_onDone(std::move(onDone))
    , m_curlDeadline(kNoDeadline)
{
    ensureCurlGlobal();
    m_tls = m_endpoint.url.starts_with("https://");
    proxyFromEnvironment(m_tls, m_proxy, m_noProxy);
    m_pwait2 = m_options.epollPwait2;
    m_epoll = ::epoll_create1(EPOLL_CLOEXEC);
    m_timerFd = ::timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK | TFD_CLOEXEC);
    m_wakeFd = ::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
    m_multi = curl_multi_init();
    if (m_epoll < 0 || m_timerFd < 0 || m_wakeFd < 0 || !m_multi) {
        closeAll();
        throw std::runtime_error("cannot create the load engine's event loop");
    }
    for (int fd : {m_timerFd, m_wakeFd}) {
        epoll_event ev{};
        ev.events = EPOLLIN;
        ev.data.fd = fd;
        ::epoll_ctl(m_epoll, EPOLL_CTL_ADD, fd, &ev);
    }
    curl_multi_setopt(m_multi, CURLMOPT_SOCKETFUNCTION, &TransportCallbacks::socket);
    curl_multi_setopt(m_multi, CURLMOPT_SOCKETDATA, this);
    curl_multi_setopt(m_multi, CURLMOPT_TIMERFUNCTION, &TransportCallbacks::timer);
    curl_multi_setopt(m_multi, CURLMOPT_TIMERDATA, this);
    if (m_options.maxConnections > 0) {
        curl_multi_setopt(m_multi, CURLMOPT_MAX_HOST_CONNECTIONS, long(m_options.maxConnections));
    }
}

Transport::~Transport()
{
    parkForProcessExit();
    closeAll();
}

bool Transport::parkForProcessExit()
{
    if (!m_options.leaveStoppedToProcessExit || m_left == 0 || !m_multi) {
        return false;
    }
    // libcurl's callbacks point at this transport: nothing calls into the
    // parked multi handle again, so none of them runs after it is gone.
    std::lock_guard lock(g_parkedMutex);
    if (!g_parked) {
        g_parked = new std::vector<Parked>();
    }
    g_parked->push_back({m_multi, std::move(m_slots)});
    m_multi = nullptr;
    m_slots.clear();
    m_free.clear();
    return true;
}

void Transport::detachLeftTransfers()
{
    std::vector<std::pair<std::uint64_t, Attempt*>> left;
    left.reserve(m_left);
    for (const auto& a : m_slots) {
        if (!a->m_leftInMulti) {
            continue;
        }
        curl_socket_t fd = CURL_SOCKET_BAD;
        curl_easy_getinfo(a->m_easy, CURLINFO_ACTIVESOCKET, &fd);
        const auto i = static_cast<std::size_t>(fd);
        left.emplace_back(fd != CURL_SOCKET_BAD && i < m_socketStates.size() ? m_socketStates[i].order : 0,
                          a.get());
    }
    std::sort(left.begin(), left.end());
    for (auto& [order, a] : left) {
        curl_multi_remove_handle(m_multi, a->m_easy);
        a->m_leftInMulti = false;
    }
    m_left = 0;
}

void Transport::closeAll()
{
    // The transfers cancelAll() left go first, in the order of their
    // connections; curl_multi_cleanup then closes the idle connections from
    // the front of the same list.
    if (m_multi) {
        if (m_left > 0) {
            detachLeftTransfers();
        }
        curl_multi_cleanup(m_multi);
        m_multi = nullptr;
    }
    m_slots.clear();
    for (int* fd : {&m_epoll, &m_timerFd, &m_wakeFd}) {
        if (*fd >= 0) {
            ::close(*fd);
            *fd = -1;
        }
    }
}

void Transport::setCapacity(std::size_t maxSlots, std::size_t preallocate)
{
    m_capacity = std::max(maxSlots, m_slots.size());
    // Idle connections kept for reuse: one per possible transfer.
    curl_multi_setopt(m_multi, CURLMOPT_MAXCONNECTS, long(std::max<std::size_t>(m_capacity, 4)));
    while (m_slots.size() < std::min(preallocate, m_capacity)) {
        m_free.push_back(&create());
    }
}

Attempt& Transport::create()
{
    auto a = std::unique_ptr<Attempt>(new Attempt(m_slots.size()));
    a->m_owner = this;
    a->m_reader = pb::stream::StreamReader(m_endpoint.protocol);
    CURL* e = curl_easy_init();
    if (!e) {
        throw std::runtime_error("libcurl could not create a transfer");
    }
    a->m_easy = e;
    for (const auto& h : m_endpoint.headers) {
        a->m_headers = curl_slist_append(a->m_headers, h.c_str());
    }
    const std::string tp = std::string(kTraceparentName) + std::string(kTraceparentLength, '0');
    curl_slist* node = curl_slist_append(a->m_headers, tp.c_str());
    if (!node) {
        throw std::runtime_error("out of memory building request headers");
    }
    a->m_headers = node;
    while (node->next) {
        node = node->next;
    }
    a->m_traceparent = node->data + kTraceparentName.size();

    curl_easy_setopt(e, CURLOPT_PRIVATE, a.get());
    curl_easy_setopt(e, CURLOPT_URL, m_endpoint.url.c_str());
    curl_easy_setopt(e, CURLOPT_PROXY, m_proxy.c_str());
    curl_easy_setopt(e, CURLOPT_NOPROXY, m_noProxy.c_str());
    curl_easy_setopt(e, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(e, CURLOPT_TCP_NODELAY, 1L);
    curl_easy_setopt(e, CURLOPT_POST, 1L);
    curl_easy_setopt(e, CURLOPT_HTTPHEADER, a->m_headers);
    long version = CURL_HTTP_VERSION_1_1;
    if (m_options.httpVersion == HttpVersion::Http2) {
        version = CURL_HTTP_VERSION_2TLS;
    } else if (m_options.httpVersion == HttpVersion::Http2PriorKnowledge) {
        version = CURL_HTTP_VERSION_2_PRIOR_KNOWLEDGE;
    }
    curl_easy_setopt(e, CURLOPT_HTTP_VERSION, version);
    if (m_options.httpVersion != HttpVersion::Http1_1) {
        curl_easy_setopt(e, CURLOPT_PIPEWAIT, 1L); // multiplex instead of opening connections
    }
    curl_easy_setopt(e, CURLOPT_SSL_VERIFYPEER, m_options.tlsVerify ? 1L : 0L);
    curl_easy_setopt(e, CURLOPT_SSL_VERIFYHOST, m_options.tlsVerify ? 2L : 0L);
    curl_easy_setopt(e, CURLOPT_HEADERFUNCTION, &TransportCallbacks::header);
    curl_easy_setopt(e, CURLOPT_HEADERDATA, a.get());
    curl_easy_setopt(e, CURLOPT_WRITEFUNCTION, &TransportCallbacks::write);
    curl_easy_setopt(e, CURLOPT_WRITEDATA, a.get());
    curl_easy_setopt(e, CURLOPT_PREREQFUNCTION, &TransportCallbacks::prereq);
    curl_easy_setopt(e, CURLOPT_PREREQDATA, a.get());
    // The debug callback is the only 7.88 hook that fires right after request
    // bytes reach the socket (the `send` phase); it needs VERBOSE.
    curl_easy_setopt(e, CURLOPT_DEBUGFUNCTION, &TransportCallbacks::debug);
    curl_easy_setopt(e, CURLOPT_DEBUGDATA, a.get());
    curl_easy_setopt(e, CURLOPT_VERBOSE, 1L);
    curl_easy_setopt(e, CURLOPT_SOCKOPTFUNCTION, &TransportCallbacks::sockopt);
    curl_easy_setopt(e, CURLOPT_SOCKOPTDATA, this);
    curl_easy_setopt(e, CURLOPT_CLOSESOCKETFUNCTION, &TransportCallbacks::closeSocket);
    curl_easy_setopt(e, CURLOPT_CLOSESOCKETDATA, this);
    m_slots.push_back(std::move(a));
    return *m_slots.back();
}

Attempt* Transport::acquire()
{
    Attempt* a = nullptr;
    if (!m_free.empty()) {
        a = m_free.back();
        m_free.pop_back();
    } else if (m_slots.size() < m_capacity) {
        a = &create();
    } else {
        return nullptr;
    }
    a->m_acquired = true;
    ++m_acquired;
    return a;
}

void Transport::release(Attempt& a)
{
    if (!a.m_acquired || a.m_inMulti) {
        return;
    }
    a.m_acquired = false;
    --m_acquired;
    a.record = RequestRecord{};
    m_free.push_back(&a);
}

void Transport::start(Attempt& a, std::string_view body, const TraceContext& tc, Nanos timeout)
{
    if (a.m_inMulti) {
        return;
    }
    a.m_stamps = AttemptStamps{};
    a.m_stamps.tls = m_tls;
    a.m_status = 0;
    a.m_sse = m_endpoint.stream;
    a.m_parser.reset();
    a.m_reader.reset();
    a.answerText.clear();
    a.m_body.clear();
    a.m_parserFailed = false;
    a.m_bodyOverflow = false;
    a.m_transportFailure = false;
    a.m_bytesIn = 0;
    a.m_bytesOut = 0;
    a.record.chunkOffsets.clear();
    if (m_timings) {
        a.m_timingHeaderValues.resize(m_timingHeaderNames.size());
        a.m_timingHeaderSeen.assign(m_timingHeaderNames.size(), char(0));
        a.m_timingEvents.resize(m_timings->profiles().size());
        for (auto& e : a.m_timingEvents) {
            e.clear(); // keeps its capacity for the next final chunk
        }
    }
    tc.writeTraceparent(a.m_traceparent);
    curl_easy_setopt(a.m_easy, CURLOPT_POSTFIELDS, body.data());
    curl_easy_setopt(a.m_easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.size()));
    curl_easy_setopt(a.m_easy, CURLOPT_TIMEOUT_MS, long(std::max<Nanos>(1, timeout / 1'000'000)));
    // HTTP/1.1 without a host limit: when every open socket carries a
    // transfer, no connection is idle, and libcurl would open one anyway after
    // walking its whole connection list (10,000 held streams: a 10,000-long
    // walk for every new request). Skip the walk; reuse is otherwise unchanged.
    const bool noneIdle = m_options.httpVersion == HttpVersion::Http1_1 && m_options.maxConnections == 0 &&
                          m_socketsOpen <= m_active;
    curl_easy_setopt(a.m_easy, CURLOPT_FRESH_CONNECT, noneIdle ? 1L : 0L);
    a.m_stamps.start = steadyNowNs();
    // After cancelAll() the handle may still sit in the multi handle.
    if (m_abandoned || curl_multi_add_handle(m_multi, a.m_easy) != CURLM_OK) {
        a.m_stamps.end = steadyNowNs();
        a.record.outcome = Outcome::ClientError;
        a.record.errorClass = "engine_error";
        derivePhases(a.m_stamps, false, a.record);
        m_onDone(a);
        return;
    }
    a.m_inMulti = true;
    ++m_active;
}

void Transport::setServerTimings(servertiming::ProfileChoice* choice)
{
    m_timings = choice && choice->enabled() ? choice : nullptr;
    m_timingBody = false;
    m_timingHeaderNames.clear();
    if (!m_timings) {
        return;
    }
    // A fixed profile: only its own headers are compared; auto: every candidate's.
    const auto& profiles = m_timings->profiles();
    const int chosen = m_timings->chosenIndex();
    for (std::size_t i = 0; i < profiles.size(); ++i) {
        if (chosen >= 0 && i != std::size_t(chosen)) {
            continue;
        }
        const auto& p = profiles[i];
        m_timingBody = m_timingBody || p.hasBodyFields();
        for (const auto& f : p.fields) {
            if (f.source != servertiming::FieldSource::Header) {
                continue;
            }
            for (const auto& name : f.paths) { // lower-case (parseProfile, the built-ins)
                if (std::find(m_timingHeaderNames.begin(), m_timingHeaderNames.end(), name) ==
                    m_timingHeaderNames.end()) {
                    m_timingHeaderNames.push_back(name);
                }
            }
        }
    }
}

// A response header line: kept only when a profile names it; every other
// header costs a length compare per name, no allocation.
void Transport::captureTimingHeader(Attempt& a, std::string_view line)
{
    const auto colon = line.find(':');
    if (colon == std::string_view::npos) {
        return;
    }
    const auto name = line.substr(0, colon);
    for (std::size_t i = 0; i < m_timingHeaderNames.size(); ++i) {
        const auto& want = m_timingHeaderNames[i];
        if (name.size() == want.size() && startsWithNoCase(name, want)) {
            const auto value = line.substr(colon + 1); // trimmed when read
            a.m_timingHeaderValues[i].assign(value.data(), value.size());
            a.m_timingHeaderSeen[i] = 1;
            return;
        }
    }
}

void Transport::readTimings(Attempt& a, bool sse, bool bodyKept)
{
    const auto& names = m_timingHeaderNames;
    const bool anyHeader = std::find(a.m_timingHeaderSeen.begin(), a.m_timingHeaderSeen.end(), char(1)) !=
                           a.m_timingHeaderSeen.end();
    const auto lookup = [&a, &names](std::string_view lowerName) -> std::optional<std::string_view> {
        for (std::size_t i = 0; i < names.size(); ++i) {
            if (a.m_timingHeaderSeen[i] && names[i] == lowerName) {
                return std::string_view(a.m_timingHeaderValues[i]);
            }
        }
        return std::nullopt;
    };
    const auto& profiles = m_timings->profiles();
    const int chosen = m_timings->chosenIndex();
    const std::size_t first = chosen >= 0 ? std::size_t(chosen) : 0;
    const std::size_t last = chosen >= 0 ? first + 1 : profiles.size();
    for (std::size_t i = first; i < last; ++i) {
        const auto& p = profiles[i];
        servertiming::ReadResult res;
        const auto add = [&res](servertiming::ReadResult r) {
            res.fields += r.fields;
            res.malformed += r.malformed;
        };
        if (anyHeader && p.hasHeaderFields()) {
            add(servertiming::readHeaders(p, lookup, a.record));
        }
        if (sse) {
            if (!a.m_timingEvents[i].empty()) {
                add(servertiming::readBodyText(p, a.m_timingEvents[i], a.record, "stream"));
            }
        } else if (bodyKept && servertiming::mayCarryTimings(p, a.m_body)) {
            add(servertiming::readBodyText(p, a.m_body, a.record, "body"));
        }
        // Auto, undecided: a profile that reads nothing is not this server's,
        // so its malformed fields are not the run's.
        if (res.fields > 0 || m_timings->decided()) {
            m_timingMalformed += res.malformed;
        }
        if (res.fields > 0) {
            ++m_timingAttempts;
            m_timings->found(p);
            return;
        }
    }
}

void Transport::feedStream(Attempt& a, std::string_view bytes, Nanos now)
{
    a.m_parserFailed = !a.m_parser.feed(bytes, [&](const pb::stream::Event& ev) {
        const auto sig = a.m_reader.onEvent(ev);
        if (a.collectText && sig.text) {
            a.answerText += pb::stream::chatDeltaText(ev.data);
        }
        auto& st = a.m_stamps;
        if (sig.event && st.firstEvent == 0) {
            st.firstEvent = now;
        }
        if (sig.content) {
            if (st.firstContent == 0) {
                st.firstContent = now;
            }
            a.record.chunkOffsets.push_back(now - st.start);
        }
        if (sig.text && st.firstText == 0) {
            st.firstText = now;
        }
        if (m_timingBody) {
            // Only the last event that may carry timings is kept, per
            // profile, and parsed when the attempt ends.
            const auto& profiles = m_timings->profiles();
            const int chosen = m_timings->chosenIndex();
            for (std::size_t i = chosen >= 0 ? std::size_t(chosen) : 0;
                 i < (chosen >= 0 ? std::size_t(chosen) + 1 : profiles.size()); ++i) {
                if (servertiming::mayCarryTimings(profiles[i], ev.data)) {
                    a.m_timingEvents[i].assign(ev.data.data(), ev.data.size());
                }
            }
        }
    });
}

void Transport::cancel(Attempt& a, const std::string& errorClass)
{
    if (a.m_inMulti) {
        finish(a, CURLE_OK, true, errorClass);
    }
}

void Transport::cancelAll(const std::string& errorClass)
{
    m_abandoned = true;
    for (std::size_t i = 0; i < m_slots.size(); ++i) {
        Attempt& a = *m_slots[i];
        if (a.m_inMulti) {
            finish(a, CURLE_OK, true, errorClass, false);
        }
    }
}

void Transport::wake()
{
    const std::uint64_t one = 1;
    [[maybe_unused]] const auto n = ::write(m_wakeFd, &one, sizeof one);
}

void Transport::armTimer(Nanos at)
{
    if (at == m_armedAt) {
        return;
    }
    itimerspec its{};
    its.it_value.tv_sec = static_cast<time_t>(at / 1'000'000'000);
    its.it_value.tv_nsec = static_cast<long>(at % 1'000'000'000);
    ::timerfd_settime(m_timerFd, TFD_TIMER_ABSTIME, &its, nullptr);
    m_armedAt = at;
}

void Transport::waitForEvents(Nanos until)
{
    const Nanos now = steadyNowNs();
    const Nanos deadline = std::min(until, m_curlDeadline);
    epoll_event events[256];
    int n = -1;
    if (m_pwait2) {
        // ns-precise timeout without a timerfd: two syscalls fewer per wake-up.
        timespec ts{};
        const Nanos rel = deadline == kNoDeadline ? 0 : std::max<Nanos>(0, deadline - now);
        ts.tv_sec = static_cast<time_t>(rel / 1'000'000'000);
        ts.tv_nsec = static_cast<long>(rel % 1'000'000'000);
        n = ::epoll_pwait2(m_epoll, events, 256, deadline == kNoDeadline ? nullptr : &ts, nullptr);
        if (n < 0 && errno == ENOSYS) {
            m_pwait2 = false; // kernel older than 5.11: fall back to the timerfd
        }
    }
    if (!m_pwait2) {
        int timeout = -1;
        if (deadline <= now) {
            timeout = 0;
        } else if (deadline != kNoDeadline) {
            armTimer(deadline);
        }
        n = ::epoll_wait(m_epoll, events, 256, timeout);
    }
    ++m_epollWaits;
    m_ready.clear();
    m_readyNext = 0;
    for (int i = 0; i < n; ++i) {
        m_ready.push_back({events[i].data.fd, events[i].events});
    }
}

void Transport::poll(Nanos until)
{
    int running = 0;
    // libcurl asks for an immediate call after every new transfer: serve it
    // before waiting instead of spending an epoll_wait(0) round trip on it.
    if (m_curlDeadline != kNoDeadline && steadyNowNs() >= m_curlDeadline) {
        m_curlDeadline = kNoDeadline;
        curl_multi_socket_action(m_multi, CURL_SOCKET_TIMEOUT, 0, &running);
        if (drainMessages() > 0) {
            // A session's next turn or a retry is due earlier than `until`
            // may say: waiting here once held a turn back to the run's end.
            return;
        }
    }
    if (m_readyNext >= m_ready.size()) {
        waitForEvents(until);
    }
    const std::size_t first = m_readyNext;
    while (m_readyNext < m_ready.size()) {
        // A due start waits for no backlog of stream events: the rest are
        // served on the next calls, before epoll is asked again.
        if (m_readyNext > first && until != kNoDeadline && steadyNowNs() >= until) {
            break;
        }
        const auto ev = m_ready[m_readyNext++];
        const int fd = ev.fd;
        if (fd < 0) {
            continue;
        }
        if (fd == m_timerFd || fd == m_wakeFd) {
            std::uint64_t v = 0;
            [[maybe_unused]] const auto r = ::read(fd, &v, sizeof v);
            if (fd == m_timerFd) {
                m_armedAt = 0;
            }
            continue;
        }
        if (auto& st = socketState(fd); !st.watched) {
            // An idle kept-alive connection woke (the server closed it): not
            // libcurl's business until it reuses the connection and checks it.
            ::epoll_ctl(m_epoll, EPOLL_CTL_DEL, fd, nullptr);
            st.registered = 0;
            ++m_idleWakeups;
            continue;
        }
        int mask = 0;
        if (ev.events & (EPOLLIN | EPOLLHUP | EPOLLRDHUP)) {
            mask |= CURL_CSELECT_IN;
        }
        if (ev.events & EPOLLOUT) {
            mask |= CURL_CSELECT_OUT;
        }
        if (ev.events & EPOLLERR) {
            mask |= CURL_CSELECT_ERR;
        }
        curl_multi_socket_action(m_multi, fd, mask, &running);
    }
    if (m_curlDeadline != kNoDeadline && steadyNowNs() >= m_curlDeadline) {
        m_curlDeadline = kNoDeadline;
        curl_multi_socket_action(m_multi, CURL_SOCKET_TIMEOUT, 0, &running);
    }
    drainMessages();
}

std::size_t Transport::drainMessages()
{
    std::size_t ended = 0;
    int left = 0;
    while (CURLMsg* msg = curl_multi_info_read(m_multi, &left)) {
        if (msg->msg != CURLMSG_DONE) {
            continue;
        }
        CURL* easy = msg->easy_handle;
        const CURLcode code = msg->data.result;
        Attempt* a = nullptr;
        curl_easy_getinfo(easy, CURLINFO_PRIVATE, &a);
        if (a && a->m_inMulti) {
            finish(*a, code, false, {});
            ++ended;
        }
    }
    return ended;
}

void Transport::finish(Attempt& a, int curlCode, bool cancelled, const std::string& cancelClass, bool detach)
{
    auto& st = a.m_stamps;
    st.end = steadyNowNs();
    long connects = 0;
    curl_easy_getinfo(a.m_easy, CURLINFO_NUM_CONNECTS, &connects);
    st.newConnection = connects > 0;
    st.curlNameLookup = curlTimer(a.m_easy, CURLINFO_NAMELOOKUP_TIME_T);
    st.curlConnect = curlTimer(a.m_easy, CURLINFO_CONNECT_TIME_T);
    st.curlAppConnect = curlTimer(a.m_easy, CURLINFO_APPCONNECT_TIME_T);
    if (detach) {
        curl_multi_remove_handle(m_multi, a.m_easy);
    } else {
        a.m_leftInMulti = true;
        ++m_left;
    }
    a.m_inMulti = false;
    --m_active;

    const bool ok2xx = a.m_status >= 200 && a.m_status < 300;
    FinishInfo f;
    f.curlCode = curlCode;
    f.httpStatus = a.m_status;
    f.cancelled = cancelled;
    f.cancelClass = cancelClass;
    f.sse = a.m_sse && ok2xx;
    f.parserFailed = a.m_parserFailed && curlCode == CURLE_WRITE_ERROR;
    auto& r = a.record;
    if (m_timings) {
        readTimings(a, f.sse, !f.sse && ok2xx && curlCode == CURLE_OK && !cancelled && !a.m_bodyOverflow);
    }
    pb::stream::Usage usage;
    if (f.sse) {
        a.m_parser.finish(); // a trailing event without its blank line is dropped
        f.sawContent = a.m_reader.sawContent();
        f.terminal = a.m_reader.sawTerminal();
        f.streamError = a.m_reader.sawError();
        f.streamErrorClass = a.m_reader.errorClass();
        f.malformedEvents = a.m_reader.malformedEvents();
        usage = a.m_reader.usage();
        r.resolvedModel = a.m_reader.resolvedModel();
        r.chunkCount = static_cast<std::int64_t>(r.chunkOffsets.size());
    } else {
        r.chunkCount.reset();
        r.chunkOffsets.clear();
        if (ok2xx && curlCode == CURLE_OK && !cancelled) {
            const auto body = pb::stream::readBody(a.m_body, m_endpoint.protocol);
            if (a.collectText && !a.m_bodyOverflow) {
                a.answerText = pb::stream::chatMessageText(a.m_body);
            }
            f.sawContent = body.content;
            f.bodyError = body.error;
            f.bodyErrorClass = body.errorClass;
            usage = body.usage;
            r.resolvedModel = body.resolvedModel;
        }
        a.m_body.clear();
        if (a.m_body.capacity() > (64u << 10)) {
            a.m_body.shrink_to_fit(); // a large body once should not pin memory per slot
        }
    }
    const auto c = classify(f);
    a.m_transportFailure = c.transportFailure;
    r.outcome = c.outcome;
    r.errorClass = c.errorClass;
    r.httpStatus = a.m_status > 0 ? OptInt(a.m_status) : std::nullopt;
    r.inputTokens = usage.inputTokens;
    r.outputTokens = usage.outputTokens;
    r.cachedInputTokens = usage.cachedInputTokens;
    r.reasoningTokens = usage.reasoningTokens;
    r.usageSource = usage.any() ? UsageSource::Provider : UsageSource::None;
    r.bytesSent = a.m_bytesOut;
    r.bytesReceived = a.m_bytesIn;
    derivePhases(st, c.serverClosed, r);
    m_onDone(a);
}

} // namespace pb::load
