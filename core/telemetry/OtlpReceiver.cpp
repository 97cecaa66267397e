#include "telemetry/OtlpReceiver.h"

#include "telemetry/OtlpEncode.h"
#include "telemetry/OtlpIngest.h"
#include "telemetry/otlp_trace.pb.h"

#include <microhttpd.h>
#include <nlohmann/json.hpp>
#include <zlib.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <strings.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <utility>

namespace pb::telemetry {
// Named, not anonymous: OtlpReceiver::Impl holds these types (see
// PHASEBENCH_UNITY in cmake/CompilerSettings.cmake).
namespace receiver_detail {

enum class BodyType { Protobuf, Json, Other };

constexpr const char* kProtobuf = "application/x-protobuf";
// Bodies up to this size are decoded on the event loop (well under a
// millisecond); larger ones on the decode threads.
constexpr std::size_t kInlineDecodeBytes = 1u << 20;
constexpr const char* kJson = "application/json";

std::string lowerTrimmed(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) {
        s.remove_prefix(1);
    }
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) {
        s.remove_suffix(1);
    }
    std::string out(s);
    for (auto& c : out) {
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    return out;
}

BodyType bodyTypeOf(std::string_view contentType)
{
    const auto media = lowerTrimmed(contentType.substr(0, contentType.find(';')));
    if (media == kProtobuf) {
        return BodyType::Protobuf;
    }
    if (media == kJson) {
        return BodyType::Json;
    }
    return BodyType::Other;
}

std::string_view header(MHD_Connection* c, const char* name)
{
    const char* v = MHD_lookup_connection_value(c, MHD_HEADER_KIND, name);
    return v ? std::string_view(v) : std::string_view();
}

// Every Content-Length value of the request (a repeated header, or a
// comma-separated list in one), trimmed.
std::vector<std::string> contentLengths(MHD_Connection* c)
{
    std::vector<std::string> values;
    MHD_get_connection_values(
        c, MHD_HEADER_KIND,
        [](void* cls, MHD_ValueKind, const char* key, const char* value) -> MHD_Result {
            if (key && value && strcasecmp(key, MHD_HTTP_HEADER_CONTENT_LENGTH) == 0) {
                std::string_view v(value);
                while (!v.empty()) {
                    const auto comma = v.find(',');
                    auto* out = static_cast<std::vector<std::string>*>(cls);
                    std::string item = lowerTrimmed(v.substr(0, comma));
                    out->push_back(std::move(item));
                    v = comma == std::string_view::npos ? std::string_view() : v.substr(comma + 1);
                }
            }
            return MHD_YES;
        },
        &values);
    return values;
}

struct Reply
{
    unsigned status = 200;
    std::string body;
    const char* contentType = kJson;
    bool retryAfter = false;
    bool close = false; // the request's framing is doubtful: no further request on this connection
};

// google.rpc.Status (gRPC code INVALID_ARGUMENT = 3, RESOURCE_EXHAUSTED = 8,
// UNAVAILABLE = 14) in the request's encoding.
Reply statusReply(unsigned status, BodyType type, int grpcCode, const std::string& message)
{
    Reply r;
    r.status = status;
    if (type == BodyType::Protobuf) {
        phasebench::otlp::RpcStatus st;
        st.set_code(grpcCode);
        st.set_message(message);
        r.body = st.SerializeAsString();
        r.contentType = kProtobuf;
    } else {
        r.body = nlohmann::json{{"code", grpcCode}, {"message", message}}.dump(
            -1, ' ', false, nlohmann::json::error_handler_t::replace);
    }
    return r;
}

MHD_Result send(MHD_Connection* c, const Reply& r)
{
    MHD_Response* res = MHD_create_response_from_buffer(r.body.size(), const_cast<char*>(r.body.data()),
                                                        MHD_RESPMEM_MUST_COPY);
    if (!res) {
        return MHD_NO;
    }
    MHD_add_response_header(res, MHD_HTTP_HEADER_CONTENT_TYPE, r.contentType);
    if (r.retryAfter) {
        MHD_add_response_header(res, MHD_HTTP_HEADER_RETRY_AFTER, "1");
    }
    if (r.close) {
        MHD_add_response_header(res, MHD_HTTP_HEADER_CONNECTION, "close");
    }
    const MHD_Result ret = MHD_queue_response(c, r.status, res);
    MHD_destroy_response(res);
    return ret;
}

} // namespace receiver_detail

using namespace receiver_detail;

struct OtlpReceiver::Impl
{
    // Bytes of request bodies held by the receiver (read, inflated, waiting
    // to be decoded), against ReceiverConfig::maxBytesInFlight. Released when
    // the body is gone.
    class Reservation
    {
    public:
        Reservation() = default;
        Reservation(const Reservation&) = delete;
        Reservation& operator=(const Reservation&) = delete;
        Reservation(Reservation&& o) noexcept
            : m_counter(o.m_counter)
            , m_bytes(std::exchange(o.m_bytes, 0))
        {}
        ~Reservation() { release(); }
        void bind(std::atomic<std::size_t>* counter) { m_counter = counter; }
        // False (nothing taken) when `more` would pass `cap`.
        bool grow(std::size_t more, std::size_t cap)
        {
            std::size_t now = m_counter->load();
            do {
                if (now + more > cap) {
                    return false;
                }
            } while (!m_counter->compare_exchange_weak(now, now + more));
            m_bytes += more;
            return true;
        }
        void release()
        {
            if (m_counter && m_bytes > 0) {
                m_counter->fetch_sub(m_bytes);
            }
            m_bytes = 0;
        }

    private:
        std::atomic<std::size_t>* m_counter = nullptr;
        std::size_t m_bytes = 0;
    };

    // One request, from its headers to its answer. While the sink stores its
    // spans the connection is suspended: it holds no thread, and the writer
    // resumes it with the result.
    struct Exchange
    {
        BodyType type = BodyType::Json;
        bool inflate = false;
        bool zInit = false;
        z_stream zs{};
        std::string body;
        std::size_t rawBytes = 0;
        bool tooLarge = false;
        bool badBody = false;
        bool overloaded = false;  // the receiver's bytes-in-flight cap: 503
        bool memberEnded = false; // a compressed member is complete; another may follow
        std::string magic;        // the first bytes after a member, until they decide
        bool submitted = false;
        Reservation held;           // this body's share of the bytes in flight
        std::optional<Reply> early; // answered before the body was read

        std::mutex mutex;
        bool suspended = false;
        std::optional<Reply> answer;

        ~Exchange()
        {
            if (zInit) {
                inflateEnd(&zs);
            }
        }
    };

    ReceiverConfig config;
    SpanSink sink;
    MHD_Daemon* daemon = nullptr;
    IngestCounters counters;
    std::atomic<std::size_t> bytesInFlight{0};
    // Bodies above kInlineDecodeBytes are decoded here, never on the event
    // loops: a 60 MB JSON body takes seconds, and the small exports behind
    // it on the same loop would wait that long.
    std::mutex jobsMutex;
    std::condition_variable jobsChanged;
    std::deque<std::function<void()>> jobs;
    std::vector<std::thread> decoders;
    bool quitting = false;

    void decodeLoop()
    {
        for (;;) {
            std::function<void()> job;
            {
                std::unique_lock lock(jobsMutex);
                jobsChanged.wait(lock, [&] { return quitting || !jobs.empty(); });
                if (jobs.empty()) {
                    return;
                }
                job = std::move(jobs.front());
                jobs.pop_front();
            }
            job();
        }
    }
    // Requests between their headers and their completion, and sink answers
    // still to come: stop() waits for both before the daemon goes.
    std::mutex flightMutex;
    std::condition_variable flightChanged;
    std::int64_t inFlight = 0;
    std::int64_t awaitingSink = 0;

    void addFlight(std::int64_t& counter, std::int64_t d)
    {
        {
            std::lock_guard lock(flightMutex);
            counter += d;
        }
        flightChanged.notify_all();
    }

    // Appends decoded body bytes, within the body limit and the receiver's
    // bytes-in-flight cap (counted by the body's allocated capacity).
    bool append(Exchange& ex, const char* data, std::size_t size)
    {
        if (ex.body.size() + size > config.maxBodyBytes) {
            ex.tooLarge = true;
        } else {
            const std::size_t before = ex.body.capacity();
            if (ex.body.size() + size > before) {
                ex.body.reserve(std::max(ex.body.size() + size, std::min(2 * before, config.maxBodyBytes)));
            }
            if (ex.held.grow(ex.body.capacity() - before, config.maxBytesInFlight)) {
                ex.body.append(data, size);
                return true;
            }
            ex.overloaded = true;
        }
        ex.body = std::string();
        ex.held.release();
        return false;
    }

    // Inflates compressed body bytes; returns how many were used (all unless
    // a member ended inside them).
    std::size_t inflateSome(Exchange& ex, const unsigned char* data, std::size_t size)
    {
        ex.zs.next_in = const_cast<Bytef*>(data);
        ex.zs.avail_in = static_cast<uInt>(size);
        char out[65536];
        while (ex.zs.avail_in > 0) {
            ex.zs.next_out = reinterpret_cast<Bytef*>(out);
            ex.zs.avail_out = sizeof out;
            const int rc = inflate(&ex.zs, Z_NO_FLUSH);
            const std::size_t got = sizeof out - ex.zs.avail_out;
            if (got > 0 && !append(ex, out, got)) {
                return size;
            }
            if (rc == Z_STREAM_END) {
                ex.memberEnded = true;
                break;
            }
            if (rc != Z_OK && rc != Z_BUF_ERROR) {
                ex.badBody = true;
                return size;
            }
            if (rc == Z_BUF_ERROR && got == 0) {
                break;
            }
        }
        return size - ex.zs.avail_in;
    }

    // Body bytes as they arrive; gzip/deflate inflated on the fly, so the
    // limit is on what is decoded, not on what was sent. A gzip body may be
    // several members (gzip(1) and `cat a.gz b.gz` make such bodies): every
    // one is read; anything else after a member makes the body unreadable
    // (400), so no part of a body is acknowledged unread.
    void consume(Exchange& ex, const char* data, std::size_t size)
    {
        ex.rawBytes += size;
        if (ex.tooLarge || ex.badBody || ex.overloaded) {
            return; // read and dropped: the answer is already decided
        }
        if (!ex.inflate) {
            append(ex, data, size);
            return;
        }
        if (!ex.zInit) {
            if (inflateInit2(&ex.zs, 15 + 32) != Z_OK) { // gzip or zlib, by header
                ex.badBody = true;
                return;
            }
            ex.zInit = true;
        }
        auto* p = reinterpret_cast<const unsigned char*>(data);
        std::size_t left = size;
        while (left > 0 && !ex.tooLarge && !ex.badBody && !ex.overloaded) {
            if (ex.memberEnded) {
                // The next member's magic bytes may arrive split across reads.
                while (ex.magic.size() < 2 && left > 0) {
                    ex.magic.push_back(static_cast<char>(*p++));
                    --left;
                }
                if (ex.magic.size() < 2) {
                    return;
                }
                if (ex.magic != "\x1f\x8b" || inflateReset(&ex.zs) != Z_OK) {
                    ex.badBody = true;
                    return;
                }
                ex.memberEnded = false;
                const std::string magic = std::exchange(ex.magic, {});
                inflateSome(ex, reinterpret_cast<const unsigned char*>(magic.data()), magic.size());
                continue;
            }
            const std::size_t used = inflateSome(ex, p, left);
            p += used;
            left -= used;
        }
    }

    // The whole body is in: decode it and hand the spans to the sink.
    // Returns the reply when it is known at once.
    std::optional<Reply> finish(Exchange& ex, MHD_Connection* connection)
    {
        if (ex.tooLarge) {
            counters.add(counters.tooLarge);
            return statusReply(413, ex.type, 8,
                               "request body larger than " + std::to_string(config.maxBodyBytes) + " bytes");
        }
        if (ex.overloaded) {
            counters.refused("request bodies in flight reached " + std::to_string(config.maxBytesInFlight) +
                             " bytes");
            Reply r = statusReply(503, ex.type, 14,
                                  "the receiver holds too many request bytes (" +
                                      std::to_string(config.maxBytesInFlight) + "); retry later");
            r.retryAfter = true;
            return r;
        }
        if (ex.badBody || (ex.inflate && ex.rawBytes > 0 && (!ex.memberEnded || !ex.magic.empty()))) {
            counters.add(counters.badRequests);
            return statusReply(400, ex.type, 3,
                               "could not read the request body (bad compression or cut short)");
        }
        DecodeOptions options;
        options.captureContent = config.captureContent;
        ex.submitted = true;
        addFlight(awaitingSink, 1);
        const BodyType type = ex.type;
        auto done = [this, &ex, connection, type](IngestOutcome outcome) {
            Reply reply;
            switch (outcome.kind) {
            case IngestOutcome::Kind::Stored:
                if (type == BodyType::Protobuf) {
                    reply.body = encodeResponseProtobuf(outcome.rejectedSpans, outcome.rejectReason);
                    reply.contentType = kProtobuf;
                } else {
                    reply.body = encodeResponseJson(outcome.rejectedSpans, outcome.rejectReason);
                }
                break;
            case IngestOutcome::Kind::Invalid:
                reply = statusReply(400, type, 3, outcome.message);
                break;
            case IngestOutcome::Kind::Unavailable:
                reply = statusReply(503, type, 14, outcome.message);
                reply.retryAfter = true;
                break;
            }
            bool resume = false;
            {
                std::lock_guard lock(ex.mutex);
                ex.answer = std::move(reply);
                resume = ex.suspended;
            }
            if (resume) {
                MHD_resume_connection(connection);
            }
            addFlight(awaitingSink, -1);
        };
        const auto format = type == BodyType::Protobuf ? IngestFormat::Protobuf : IngestFormat::Json;
        if (ex.body.size() > kInlineDecodeBytes) {
            // Off the event loop: suspended until the decoder (and the sink)
            // answer. The body and its share of the bytes in flight go along.
            {
                std::lock_guard lock(ex.mutex);
                MHD_suspend_connection(connection);
                ex.suspended = true;
            }
            auto job = [this, body = std::move(ex.body), held = std::move(ex.held), format, options,
                        done]() mutable {
                ingest(body, format, options, sink, counters, done);
                body = std::string();
                held.release();
            };
            auto shared = std::make_shared<decltype(job)>(std::move(job)); // std::function copies
            {
                std::lock_guard lock(jobsMutex);
                jobs.push_back([shared] { (*shared)(); });
            }
            jobsChanged.notify_one();
            return std::nullopt;
        }
        {
            const std::string body = std::move(ex.body);
            ingest(body, format, options, sink, counters, done);
        }
        ex.held.release();
        std::lock_guard lock(ex.mutex);
        if (ex.answer) {
            return std::move(*ex.answer);
        }
        MHD_suspend_connection(connection);
        ex.suspended = true;
        return std::nullopt;
    }

    MHD_Result handle(MHD_Connection* connection, std::string_view url, std::string_view method,
                      const char* uploadData, std::size_t* uploadSize, void** state)
    {
        auto* ex = static_cast<Exchange*>(*state);
        if (!ex) {
            ex = new Exchange;
            *state = ex;
            addFlight(inFlight, 1);
            counters.add(counters.requests);
            ex->held.bind(&bytesInFlight);
            if (url != "/v1/traces") {
                ex->early = statusReply(404, BodyType::Json, 5, "not found; OTLP traces go to /v1/traces");
            } else if (method != MHD_HTTP_METHOD_POST) {
                ex->early = statusReply(405, BodyType::Json, 3, "use POST");
            } else {
                ex->type = bodyTypeOf(header(connection, MHD_HTTP_HEADER_CONTENT_TYPE));
                const auto encoding = lowerTrimmed(header(connection, MHD_HTTP_HEADER_CONTENT_ENCODING));
                const auto length = header(connection, MHD_HTTP_HEADER_CONTENT_LENGTH);
                const auto lengths = contentLengths(connection);
                const bool conflicting = std::any_of(lengths.begin(), lengths.end(),
                                                     [&](const std::string& l) { return l != lengths[0]; });
                if (conflicting) {
                    // Two body lengths (RFC 9112 6.3): which one a proxy
                    // believed is unknown, so neither is; the connection is
                    // closed after the answer.
                    counters.add(counters.badRequests);
                    ex->early = statusReply(400, BodyType::Json, 3, "conflicting Content-Length headers");
                    ex->early->close = true;
                } else if (ex->type == BodyType::Other) {
                    counters.add(counters.unsupportedType);
                    ex->early = statusReply(
                        415, BodyType::Json, 3,
                        "unsupported Content-Type; use application/x-protobuf or application/json");
                } else if (!encoding.empty() && encoding != "gzip" && encoding != "deflate" &&
                           encoding != "identity") {
                    counters.add(counters.unsupportedType);
                    ex->early =
                        statusReply(415, ex->type, 3, "unsupported Content-Encoding; use gzip or none");
                } else if (!length.empty() &&
                           std::strtoull(std::string(length).c_str(), nullptr, 10) > config.maxBodyBytes) {
                    counters.add(counters.tooLarge);
                    ex->early = statusReply(413, ex->type, 8,
                                            "request body larger than " +
                                                std::to_string(config.maxBodyBytes) + " bytes");
                }
                ex->inflate = encoding == "gzip" || encoding == "deflate";
            }
            return MHD_YES;
        }
        if (*uploadSize > 0) {
            if (!ex->early) {
                consume(*ex, uploadData, *uploadSize);
            }
            // Compressed bytes are bounded too: a body that never ends is cut.
            const bool endless = ex->rawBytes > config.maxBodyBytes + (1u << 20);
            *uploadSize = 0;
            return endless ? MHD_NO : MHD_YES;
        }
        if (ex->early) {
            return send(connection, *ex->early);
        }
        if (!ex->submitted) {
            auto reply = finish(*ex, connection);
            return reply ? send(connection, *reply) : MHD_YES;
        }
        // Resumed: the sink has answered.
        std::optional<Reply> answer;
        {
            std::lock_guard lock(ex->mutex);
            answer = std::move(ex->answer);
        }
        return answer ? send(connection, *answer) : MHD_YES;
    }

    static MHD_Result onRequest(void* cls, MHD_Connection* connection, const char* url, const char* method,
                                const char* /*version*/, const char* uploadData, std::size_t* uploadSize,
                                void** state)
    {
        try {
            return static_cast<Impl*>(cls)->handle(connection, url ? url : "", method ? method : "",
                                                   uploadData, uploadSize, state);
        } catch (const std::exception&) {
            return MHD_NO; // out of memory decoding: close this connection, keep serving
        }
    }

    static void onCompleted(void* cls, MHD_Connection* /*connection*/, void** state,
                            MHD_RequestTerminationCode /*code*/)
    {
        auto* ex = static_cast<Exchange*>(*state);
        if (!ex) {
            return;
        }
        delete ex;
        *state = nullptr;
        static_cast<Impl*>(cls)->addFlight(static_cast<Impl*>(cls)->inFlight, -1);
    }
};

OtlpReceiver::OtlpReceiver(ReceiverConfig config, SpanSink sink)
    : m_config(std::move(config))
    , m_sink(std::move(sink))
    , m_impl(std::make_unique<Impl>())
{
    // At least one body of the largest size fits in flight.
    m_config.maxBytesInFlight = std::max(m_config.maxBytesInFlight, m_config.maxBodyBytes);
    m_impl->config = m_config;
    m_impl->sink = m_sink;
}

OtlpReceiver::~OtlpReceiver()
{
    stop();
}

bool OtlpReceiver::start(std::string* error)
{
    if (m_config.bindAddress == "localhost") {
        m_config.bindAddress = "127.0.0.1";
    }
    sockaddr_storage addr{};
    const bool v6 = m_config.bindAddress.find(':') != std::string::npos;
    if (v6) {
        auto* a = reinterpret_cast<sockaddr_in6*>(&addr);
        a->sin6_family = AF_INET6;
        a->sin6_port = htons(static_cast<std::uint16_t>(m_config.port));
        if (inet_pton(AF_INET6, m_config.bindAddress.c_str(), &a->sin6_addr) != 1) {
            if (error) {
                *error = "'" + m_config.bindAddress + "' is not an IP address";
            }
            return false;
        }
    } else {
        auto* a = reinterpret_cast<sockaddr_in*>(&addr);
        a->sin_family = AF_INET;
        a->sin_port = htons(static_cast<std::uint16_t>(m_config.port));
        if (inet_pton(AF_INET, m_config.bindAddress.c_str(), &a->sin_addr) != 1) {
            if (error) {
                *error = "'" + m_config.bindAddress + "' is not an IP address";
            }
            return false;
        }
    }
    // One epoll loop per thread: a slow or idle client holds a connection
    // slot, never a thread, so it cannot starve the others. Idle clients are
    // closed after idleTimeoutSeconds; beyond connectionLimit new ones are
    // refused until slots free up.
    // Never more connections than descriptors: past the limit accept()
    // would fail for the store's files too.
    rlimit files{};
    int limit = std::max(4, m_config.connectionLimit);
    if (getrlimit(RLIMIT_NOFILE, &files) == 0 && files.rlim_cur != RLIM_INFINITY) {
        limit = static_cast<int>(
            std::min<rlim_t>(static_cast<rlim_t>(limit), files.rlim_cur > 128 ? files.rlim_cur - 64 : 64));
    }
    // A client (an address) may hold at most a share of the connections, so
    // one that opens connections without end cannot lock the others out.
    const int perClient = m_config.perClientConnectionLimit > 0
                              ? std::min(m_config.perClientConnectionLimit, limit)
                              : std::max(1, limit / 2);
    unsigned flags = MHD_USE_EPOLL | MHD_USE_INTERNAL_POLLING_THREAD | MHD_ALLOW_SUSPEND_RESUME;
    if (v6) {
        flags |= MHD_USE_IPv6;
    }
    m_impl->daemon = MHD_start_daemon(
        flags, static_cast<std::uint16_t>(m_config.port), nullptr, nullptr, &Impl::onRequest, m_impl.get(),
        MHD_OPTION_SOCK_ADDR, reinterpret_cast<sockaddr*>(&addr), MHD_OPTION_THREAD_POOL_SIZE,
        static_cast<unsigned>(std::max(1, m_config.threads)), MHD_OPTION_CONNECTION_LIMIT,
        static_cast<unsigned>(limit), MHD_OPTION_CONNECTION_TIMEOUT,
        static_cast<unsigned>(std::max(1, m_config.idleTimeoutSeconds)), MHD_OPTION_LISTEN_BACKLOG_SIZE,
        static_cast<unsigned>(SOMAXCONN), MHD_OPTION_PER_IP_CONNECTION_LIMIT,
        static_cast<unsigned>(perClient), MHD_OPTION_NOTIFY_COMPLETED, &Impl::onCompleted, m_impl.get(),
        MHD_OPTION_END);
    if (!m_impl->daemon) {
        if (error) {
            *error = "cannot bind " + m_config.bindAddress + ":" + std::to_string(m_config.port) +
                     " (in use, or not an address of this machine)";
        }
        return false;
    }
    const auto* info = MHD_get_daemon_info(m_impl->daemon, MHD_DAEMON_INFO_BIND_PORT);
    m_port = info ? info->port : m_config.port;
    m_impl->quitting = false;
    for (int i = 0; i < std::max(1, m_config.decodeThreads); ++i) {
        m_impl->decoders.emplace_back([impl = m_impl.get()] { impl->decodeLoop(); });
    }
    return true;
}

void OtlpReceiver::stop()
{
    if (!m_impl || !m_impl->daemon) {
        return;
    }
    // No new connections; requests in progress finish (their spans are
    // stored or refused, and they get their answer) within a bounded time.
    // The listening socket is ours from here (libmicrohttpd's rule): closed
    // below, after the daemon, so that the port is free again at once.
    const MHD_socket listening = MHD_quiesce_daemon(m_impl->daemon);
    {
        std::unique_lock lock(m_impl->flightMutex);
        m_impl->flightChanged.wait_for(lock, std::chrono::seconds(5),
                                       [&] { return m_impl->awaitingSink == 0 && m_impl->inFlight == 0; });
        // A sink answer still to come would resume a connection of a daemon
        // that is gone: wait for those without a bound (the sink always answers).
        m_impl->flightChanged.wait(lock, [&] { return m_impl->awaitingSink == 0; });
    }
    MHD_stop_daemon(m_impl->daemon);
    m_impl->daemon = nullptr;
    {
        std::lock_guard lock(m_impl->jobsMutex);
        m_impl->quitting = true;
    }
    m_impl->jobsChanged.notify_all();
    for (auto& t : m_impl->decoders) {
        t.join();
    }
    m_impl->decoders.clear();
    if (listening != MHD_INVALID_SOCKET) {
        ::close(listening);
    }
}

bool OtlpReceiver::isRunning() const
{
    return m_impl->daemon != nullptr;
}

std::string OtlpReceiver::endpoint() const
{
    const bool v6 = m_config.bindAddress.find(':') != std::string::npos;
    return "http://" + (v6 ? "[" + m_config.bindAddress + "]" : m_config.bindAddress) + ":" +
           std::to_string(m_port) + "/v1/traces";
}

ReceiverStats OtlpReceiver::stats() const
{
    ReceiverStats s = m_impl->counters.snapshot();
    s.bytesHeld = static_cast<std::int64_t>(m_impl->bytesInFlight.load());
    return s;
}

} // namespace pb::telemetry
