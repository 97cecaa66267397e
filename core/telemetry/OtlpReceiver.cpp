#include "telemetry/OtlpReceiver.h"

#include "telemetry/OtlpEncode.h"
#include "telemetry/otlp_trace.pb.h"

#include <httplib.h>
#include <nlohmann/json.hpp>

#include <sys/socket.h>

#include <chrono>

namespace pb::otlp {
namespace {

enum class BodyType { Protobuf, Json, Other };

constexpr const char* kProtobuf = "application/x-protobuf";
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

BodyType bodyTypeOf(const std::string& contentType)
{
    const auto media = lowerTrimmed(std::string_view(contentType).substr(0, contentType.find(';')));
    if (media == kProtobuf) {
        return BodyType::Protobuf;
    }
    if (media == kJson) {
        return BodyType::Json;
    }
    return BodyType::Other;
}

// google.rpc.Status (gRPC code INVALID_ARGUMENT = 3, RESOURCE_EXHAUSTED = 8,
// UNAVAILABLE = 14) in the request's encoding.
void setStatusBody(httplib::Response& res, BodyType type, int grpcCode, const std::string& message)
{
    if (type == BodyType::Protobuf) {
        phasebench::otlp::RpcStatus st;
        st.set_code(grpcCode);
        st.set_message(message);
        res.set_content(st.SerializeAsString(), kProtobuf);
    } else {
        res.set_content(nlohmann::json{{"code", grpcCode}, {"message", message}}.dump(), kJson);
    }
}

} // namespace

struct OtlpReceiver::Impl
{
    httplib::Server server;
    std::thread thread;
    std::atomic<std::int64_t> requests{0}, spansAccepted{0}, spansRejected{0}, badRequests{0}, tooLarge{0},
        unsupportedType{0}, unavailable{0}, bytesDecoded{0}, droppedContent{0};
};

OtlpReceiver::OtlpReceiver(ReceiverConfig config, SpanSink sink)
    : m_config(std::move(config))
    , m_sink(std::move(sink))
    , m_impl(std::make_unique<Impl>())
{}

OtlpReceiver::~OtlpReceiver()
{
    stop();
}

bool OtlpReceiver::start(std::string* error)
{
    auto& srv = m_impl->server;
    auto* impl = m_impl.get();
    const auto threads = static_cast<std::size_t>(std::max(2, m_config.threads));
    srv.new_task_queue = [threads] {
        return new httplib::ThreadPool(threads);
    };
    // Exporters keep their connection; do not make them reconnect every few batches.
    srv.set_keep_alive_max_count(100000);
    srv.set_keep_alive_timeout(5);
    srv.set_read_timeout(30);
    // The compressed length limit; the decompressed one is counted below.
    srv.set_payload_max_length(m_config.maxBodyBytes);
    // httplib's default sets SO_REUSEPORT, which would let a second receiver
    // share the port silently; plain SO_REUSEADDR only.
    socket_t listening = INVALID_SOCKET;
    srv.set_socket_options([&listening](socket_t sock) {
        int yes = 1;
        setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof(yes));
        listening = sock;
    });

    srv.Post("/v1/traces", [this, impl](const httplib::Request& req, httplib::Response& res,
                                        const httplib::ContentReader& reader) {
        impl->requests.fetch_add(1, std::memory_order_relaxed);
        const auto type = bodyTypeOf(req.get_header_value("Content-Type"));
        if (type == BodyType::Other) {
            impl->unsupportedType.fetch_add(1, std::memory_order_relaxed);
            res.status = 415;
            // The body is left unread: close the connection after answering.
            res.set_header("Connection", "close");
            setStatusBody(res, BodyType::Json, 3,
                          "unsupported Content-Type; use application/x-protobuf or application/json");
            return;
        }
        const auto encoding = lowerTrimmed(req.get_header_value("Content-Encoding"));
        if (!encoding.empty() && encoding != "gzip" && encoding != "deflate" && encoding != "identity") {
            impl->unsupportedType.fetch_add(1, std::memory_order_relaxed);
            res.status = 415;
            res.set_header("Connection", "close");
            setStatusBody(res, type, 3, "unsupported Content-Encoding; use gzip or none");
            return;
        }
        // httplib inflates gzip bodies before they reach us: count the
        // inflated bytes here so a small compressed body cannot grow past
        // the limit (its own limit only sees Content-Length).
        std::string body;
        bool over = false;
        const bool complete = reader([&](const char* data, std::size_t len) {
            if (body.size() + len > m_config.maxBodyBytes) {
                over = true;
                return false;
            }
            body.append(data, len);
            return true;
        });
        if (over || res.status == 413) {
            impl->tooLarge.fetch_add(1, std::memory_order_relaxed);
            res.status = 413;
            res.set_header("Connection", "close");
            setStatusBody(res, type, 8,
                          "request body larger than " + std::to_string(m_config.maxBodyBytes) + " bytes");
            return;
        }
        if (!complete) {
            impl->badRequests.fetch_add(1, std::memory_order_relaxed);
            res.status = 400;
            res.set_header("Connection", "close");
            setStatusBody(res, type, 3, "could not read the request body (bad compression or cut short)");
            return;
        }
        impl->bytesDecoded.fetch_add(static_cast<std::int64_t>(body.size()), std::memory_order_relaxed);
        DecodeOptions options;
        options.captureContent = m_config.captureContent;
        auto decoded = type == BodyType::Protobuf ? decodeProtobuf(body, options) : decodeJson(body, options);
        if (!decoded.ok) {
            impl->badRequests.fetch_add(1, std::memory_order_relaxed);
            res.status = 400;
            setStatusBody(res, type, 3, decoded.error);
            return;
        }
        impl->droppedContent.fetch_add(decoded.droppedContentAttributes, std::memory_order_relaxed);
        const auto accepted = static_cast<std::int64_t>(decoded.spans.size());
        if (accepted > 0 && !m_sink(std::move(decoded.spans))) {
            impl->unavailable.fetch_add(1, std::memory_order_relaxed);
            res.status = 503;
            res.set_header("Retry-After", "1");
            setStatusBody(res, type, 14, "span store is behind; retry later");
            return;
        }
        impl->spansAccepted.fetch_add(accepted, std::memory_order_relaxed);
        impl->spansRejected.fetch_add(decoded.rejectedSpans, std::memory_order_relaxed);
        res.status = 200;
        if (type == BodyType::Protobuf) {
            res.set_content(encodeResponseProtobuf(decoded.rejectedSpans, decoded.rejectReason), kProtobuf);
        } else {
            res.set_content(encodeResponseJson(decoded.rejectedSpans, decoded.rejectReason), kJson);
        }
    });

    if (m_config.port == 0) {
        m_port = srv.bind_to_any_port(m_config.bindAddress);
        if (m_port <= 0) {
            if (error) {
                *error = "cannot bind " + m_config.bindAddress + " on any port";
            }
            return false;
        }
    } else {
        if (!srv.bind_to_port(m_config.bindAddress, m_config.port)) {
            if (error) {
                *error = "cannot bind " + m_config.bindAddress + ":" + std::to_string(m_config.port) +
                         " (in use, or not an address of this machine)";
            }
            return false;
        }
        m_port = m_config.port;
    }
    // httplib 0.11 listens with a backlog of 5; many exporters connecting at
    // once would overflow it. Listening again on the bound socket raises it.
    if (listening != INVALID_SOCKET) {
        ::listen(listening, SOMAXCONN);
    }
    srv.set_socket_options([](socket_t) {});
    m_impl->thread = std::thread([impl] { impl->server.listen_after_bind(); });
    // httplib's stop() does nothing until the accept loop runs; wait for it
    // so that a quick stop() cannot be lost (bounded: the loop starts at once).
    for (int i = 0; i < 5000 && !srv.is_running(); ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    return true;
}

void OtlpReceiver::stop()
{
    if (m_impl && m_impl->thread.joinable()) {
        m_impl->server.stop();
        m_impl->thread.join();
    }
}

bool OtlpReceiver::isRunning() const
{
    return m_impl->thread.joinable() && m_impl->server.is_running();
}

std::string OtlpReceiver::endpoint() const
{
    const bool v6 = m_config.bindAddress.find(':') != std::string::npos;
    return "http://" + (v6 ? "[" + m_config.bindAddress + "]" : m_config.bindAddress) + ":" +
           std::to_string(m_port) + "/v1/traces";
}

ReceiverStats OtlpReceiver::stats() const
{
    const auto& i = *m_impl;
    ReceiverStats s;
    s.requests = i.requests.load();
    s.spansAccepted = i.spansAccepted.load();
    s.spansRejected = i.spansRejected.load();
    s.badRequests = i.badRequests.load();
    s.tooLarge = i.tooLarge.load();
    s.unsupportedType = i.unsupportedType.load();
    s.unavailable = i.unavailable.load();
    s.bytesDecoded = i.bytesDecoded.load();
    s.droppedContentAttributes = i.droppedContent.load();
    return s;
}

} // namespace pb::otlp
