// HTTP transport of the load engine: one libcurl multi handle driven by its
// own epoll loop (CURLMOPT_SOCKETFUNCTION/TIMERFUNCTION, so each wake-up
// touches only the sockets with activity), a timerfd for ns-precise wake-ups
// of the caller's schedule and an eventfd for stop requests from other
// threads. HTTP/1.1 keep-alive or HTTP/2. Everything except wake() runs on the
// one engine thread. Phase derivation: see AttemptTiming.h.
#pragma once

#include "load/AttemptTiming.h"
#include "load/Scenario.h"
#include "load/TraceContext.h"
#include "servertiming/TimingProfile.h"
#include "stream/ChatStreamReader.h"
#include "stream/SseParser.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

using CURL = void;
struct curl_slist;

namespace pb::load {

// steady_clock (CLOCK_MONOTONIC) now, in ns.
Nanos steadyNowNs();
// The calling thread's CPU time (CLOCK_THREAD_CPUTIME_ID), in ns.
Nanos threadCpuNs();

struct TransportOptions
{
    HttpVersion httpVersion = HttpVersion::Http1_1;
    bool tlsVerify = true;
    int maxConnections = 0;              // per host; 0 = one per transfer in flight
    std::size_t maxBodyBytes = 1u << 20; // non-streamed bodies kept (for usage) up to this size
    bool epollPwait2 = true;             // false: always wait with a timerfd (older kernels do anyway)
    // For a process that ends right after its run (the command-line `run`):
    // a transport destroyed with transfers that cancelAll() left in libcurl
    // keeps them, unfreed but reachable, until the process exits, and the OS
    // closes their sockets then; the exit path does not wait for libcurl to
    // end each one. Library use (the window, tests running many loads) keeps
    // false: every transfer is freed with its transport.
    bool leaveStoppedToProcessExit = false;
};

struct Endpoint
{
    std::string url;
    std::vector<std::string> headers; // "Name: value", including Authorization
    bool stream = true;               // expect an event stream (the Content-Type decides)
    pb::stream::Protocol protocol = pb::stream::Protocol::ChatCompletions;
};

class Transport;

// One slot: a reusable libcurl easy handle and the state of its attempt.
class Attempt
{
public:
    ~Attempt();
    Attempt(const Attempt&) = delete;
    Attempt& operator=(const Attempt&) = delete;

    // Identity and conditions are set by the caller before start(); the
    // transport fills result, usage, phases, milestones and transfer columns.
    RequestRecord record;
    std::uint64_t cookie = 0; // free for the caller
    // A session's turn (load/Engine.h): the transport keeps the answer's
    // visible text in answerText (memory only; cleared at each start).
    bool collectText = false;
    std::string answerText;

    std::size_t index() const { return m_index; }
    const AttemptStamps& stamps() const { return m_stamps; }
    bool inTransfer() const { return m_inMulti; }
    bool transportFailure() const { return m_transportFailure; }

private:
    friend class Transport;
    friend struct TransportCallbacks;
    explicit Attempt(std::size_t index);

    std::size_t m_index;
    Transport* m_owner = nullptr;
    CURL* m_easy = nullptr;
    curl_slist* m_headers = nullptr;
    char* m_traceparent = nullptr; // inside m_headers, rewritten per attempt
    pb::stream::Parser m_parser;
    pb::stream::StreamReader m_reader;
    std::string m_body;
    AttemptStamps m_stamps;
    long m_status = 0;
    bool m_sse = false;
    bool m_inMulti = false;
    bool m_leftInMulti = false; // ended by cancelAll(), still in the multi handle
    bool m_acquired = false;
    bool m_parserFailed = false;
    bool m_bodyOverflow = false;
    bool m_transportFailure = false;
    std::int64_t m_bytesIn = 0;
    std::int64_t m_bytesOut = 0;
    // Server timings (Transport::setServerTimings): the values of the headers
    // the profiles name (parallel to Transport::m_timingHeaderNames), and per
    // profile the data of the last stream event that may carry its fields.
    std::vector<std::string> m_timingHeaderValues;
    std::vector<char> m_timingHeaderSeen;
    std::vector<std::string> m_timingEvents;
};

class Transport
{
public:
    // Called on the engine thread when an attempt ended (done, failed, timed
    // out or cancelled); the attempt is out of libcurl and may be restarted.
    using DoneFn = std::function<void(Attempt&)>;

    Transport(TransportOptions options, Endpoint endpoint, DoneFn onDone);
    ~Transport();
    Transport(const Transport&) = delete;
    Transport& operator=(const Transport&) = delete;

    // At most `maxSlots` attempts exist at a time; `preallocate` are created now.
    void setCapacity(std::size_t maxSlots, std::size_t preallocate);
    // A free slot, or nullptr when `maxSlots` are taken.
    Attempt* acquire();
    void release(Attempt& a);
    std::size_t acquired() const { return m_acquired; }
    std::size_t active() const { return m_active; }
    // Wake-ups from a kept-alive connection libcurl was not watching (the
    // server closed it while idle); each such socket leaves the epoll set.
    std::int64_t idleWakeups() const { return m_idleWakeups; }
    // How many times poll() asked epoll for events.
    std::int64_t epollWaits() const { return m_epollWaits; }
    std::size_t capacity() const { return m_capacity; }

    // Starts the attempt now. `body` must stay valid until the attempt ends.
    void start(Attempt& a, std::string_view body, const TraceContext& tc, Nanos timeout);
    // Ends a running attempt as cancelled (onDone is called before this returns).
    void cancel(Attempt& a, const std::string& errorClass);
    // Ends every running attempt as cancelled, for good: the transfers stay
    // in libcurl until the transport is destroyed, so that recording and
    // storing them is not held up by libcurl ending each one. The teardown
    // then ends them in the order their connections were opened: libcurl
    // 7.88 looks a closing connection up in a list of the host's connections
    // in that order, so any other order is quadratic (3.5 s for 10,000 busy
    // transfers instead of 0.3 s). Nothing may be started afterwards.
    void cancelAll(const std::string& errorClass);

    // Waits for socket activity, libcurl's timers or `until` (steady ns),
    // whichever is first, and processes what is ready. Returns without
    // waiting when a transfer ended before the wait: its done callback may
    // have made the caller's next deadline earlier than `until`.
    void poll(Nanos until);
    // Interrupts poll() from any thread.
    void wake();

    // Reads every attempt's server timings with `choice` (owned by the
    // caller, used on the engine thread; auto locks through found()). Call
    // before the first start(); null or "none": no work at all.
    void setServerTimings(servertiming::ProfileChoice* choice);
    // Attempts whose record got some reported_* field, and fields that were
    // present but not a usable number (left NULL).
    std::int64_t timingAttempts() const { return m_timingAttempts; }
    std::int64_t timingMalformed() const { return m_timingMalformed; }

private:
    friend struct TransportCallbacks; // libcurl's C callbacks, in Transport.cpp

    Attempt& create();
    void closeAll();
    bool parkForProcessExit();
    void detachLeftTransfers();
    void armTimer(Nanos at);
    // Waits for events until `until` or libcurl's deadline into m_ready.
    void waitForEvents(Nanos until);
    // Ends the transfers libcurl finished; how many.
    std::size_t drainMessages();
    void finish(Attempt& a, int curlCode, bool cancelled, const std::string& cancelClass, bool detach = true);
    void feedStream(Attempt& a, std::string_view bytes, Nanos now);
    void captureTimingHeader(Attempt& a, std::string_view line);
    void readTimings(Attempt& a, bool sse, bool bodyKept);

    TransportOptions m_options;
    Endpoint m_endpoint;
    DoneFn m_onDone;
    void* m_multi = nullptr;
    int m_epoll = -1;
    int m_timerFd = -1;
    int m_wakeFd = -1;
    Nanos m_curlDeadline;
    Nanos m_armedAt = 0;
    bool m_tls = false;
    std::string m_proxy; // libcurl's environment proxy rules, read once (proxyFromEnvironment)
    std::string m_noProxy;
    bool m_pwait2 = true;     // epoll_pwait2 available (Linux >= 5.11)
    bool m_abandoned = false; // cancelAll() ran: transfers left in the multi handle
    std::size_t m_left = 0;   // how many cancelAll() left there
    std::uint64_t m_socketsOpened = 0;
    // Sockets libcurl holds open now (connections, busy or idle in its cache).
    std::size_t m_socketsOpen = 0;
    // Per descriptor: the events it is registered for in m_epoll (0: not in
    // the set), whether libcurl watches it now (a removed socket may stay
    // registered, see TransportCallbacks::socket), and the order in which it
    // was opened (that of libcurl's connection list, for detachLeftTransfers()).
    struct SocketState
    {
        std::uint32_t registered = 0;
        bool watched = false;
        std::uint64_t order = 0;
    };
    std::vector<SocketState> m_socketStates;
    std::int64_t m_idleWakeups = 0;
    // What epoll_wait reported and poll() has not served yet (it returns as
    // soon as a start is due): served first on the next call. Asking the
    // kernel again instead re-polls every ready socket each time, which at
    // 20,000 req/s with hundreds of connections cost more than the requests.
    struct ReadyEvent
    {
        int fd = -1; // -1: closed since it was reported
        std::uint32_t events = 0;
    };
    std::vector<ReadyEvent> m_ready;
    std::size_t m_readyNext = 0;
    std::int64_t m_epollWaits = 0;
    SocketState& socketState(int fd)
    {
        const auto i = static_cast<std::size_t>(fd);
        if (i >= m_socketStates.size()) {
            m_socketStates.resize(std::max<std::size_t>(i + 1, m_socketStates.size() * 2));
        }
        return m_socketStates[i];
    }
    std::vector<std::unique_ptr<Attempt>> m_slots;
    std::vector<Attempt*> m_free;
    std::size_t m_capacity = 0;
    std::size_t m_acquired = 0;
    std::size_t m_active = 0;
    servertiming::ProfileChoice* m_timings = nullptr; // null: timings not read
    bool m_timingBody = false;                        // some profile has body fields
    std::vector<std::string> m_timingHeaderNames;     // lower-case, every profile's
    std::int64_t m_timingAttempts = 0;
    std::int64_t m_timingMalformed = 0;
};

} // namespace pb::load
