#include "telemetry/OtlpGrpcReceiver.h"

#include "telemetry/OtlpEncode.h"
#include "telemetry/OtlpIngest.h"
#include "telemetry/trace_service.grpc.pb.h"

#include <grpc/byte_buffer.h>
#include <grpc/slice.h>
#include <grpcpp/grpcpp.h>
#include <zlib.h>

#include <arpa/inet.h>

#include <chrono>
#include <climits>
#include <condition_variable>
#include <mutex>

// gRPC's own peer for reading a ByteBuffer's C buffer (declared, for its
// tests, as a friend of grpc::ByteBuffer): the compression flag of a message
// that gRPC was told not to inflate, and its slices as they arrived.
namespace grpc::internal {
class GrpcByteBufferPeer
{
public:
    explicit GrpcByteBufferPeer(ByteBuffer* buffer)
        : m_buffer(buffer)
    {}
    grpc_byte_buffer* c_buffer() { return m_buffer->c_buffer(); }

private:
    ByteBuffer* m_buffer;
};
} // namespace grpc::internal

namespace pb::telemetry {
namespace {

namespace collector = opentelemetry::proto::collector::trace::v1;

grpc::Status statusOf(const IngestOutcome& outcome)
{
    switch (outcome.kind) {
    case IngestOutcome::Kind::Stored:
        break;
    case IngestOutcome::Kind::Invalid:
        return {grpc::StatusCode::INVALID_ARGUMENT, outcome.message};
    case IngestOutcome::Kind::Unavailable:
        return {grpc::StatusCode::UNAVAILABLE, outcome.message};
    }
    return grpc::Status::OK;
}

bool isIpAddress(const std::string& address)
{
    unsigned char buf[sizeof(in6_addr)];
    return inet_pton(AF_INET, address.c_str(), buf) == 1 || inet_pton(AF_INET6, address.c_str(), buf) == 1;
}

// A message's bytes, inflated by us rather than by gRPC: gRPC inflates a
// whole message before it checks the size limit (a 1 MB message of zeros
// became 1.16 GB), this stops at `limit` decoded bytes. Concatenated gzip
// members are all read; anything else after a member is refused.
struct Inflated
{
    enum class Kind { Ok, TooLarge, Bad } kind = Kind::Ok;
    std::string message;
};

Inflated inflateMessage(const grpc_slice_buffer& in, std::size_t limit, std::string& out)
{
    z_stream z{};
    if (inflateInit2(&z, 15 + 32) != Z_OK) { // gzip or zlib (gRPC's "deflate"), by header
        return {Inflated::Kind::Bad, "cannot initialise the decompressor"};
    }
    struct End
    {
        z_stream* z;
        ~End() { inflateEnd(z); }
    } end{&z};
    char buf[65536];
    bool memberEnded = false;
    std::string pending; // bytes after a member, until two decide
    for (std::size_t i = 0; i < in.count; ++i) {
        const auto* data = GRPC_SLICE_START_PTR(in.slices[i]);
        std::size_t left = GRPC_SLICE_LENGTH(in.slices[i]);
        while (left > 0) {
            if (memberEnded) {
                while (pending.size() < 2 && left > 0) {
                    pending.push_back(static_cast<char>(*data++));
                    --left;
                }
                if (pending.size() < 2) {
                    break;
                }
                if (pending != "\x1f\x8b" || inflateReset(&z) != Z_OK) {
                    return {Inflated::Kind::Bad, "bytes after the compressed message"};
                }
                memberEnded = false;
                z.next_in = reinterpret_cast<Bytef*>(pending.data());
                z.avail_in = 2;
            } else {
                z.next_in = const_cast<Bytef*>(data);
                z.avail_in = static_cast<uInt>(left);
            }
            const bool fromPending = !pending.empty();
            while (z.avail_in > 0 && !memberEnded) {
                z.next_out = reinterpret_cast<Bytef*>(buf);
                z.avail_out = sizeof buf;
                const int rc = inflate(&z, Z_NO_FLUSH);
                const std::size_t got = sizeof buf - z.avail_out;
                if (out.size() + got > limit) {
                    return {Inflated::Kind::TooLarge, "the message inflates to more than " +
                                                          std::to_string(limit) + " bytes (the size limit)"};
                }
                out.append(buf, got);
                if (rc == Z_STREAM_END) {
                    memberEnded = true;
                } else if (rc != Z_OK && !(rc == Z_BUF_ERROR && got == 0)) {
                    return {Inflated::Kind::Bad, std::string("the compressed message is corrupt (") +
                                                     (z.msg ? z.msg : "inflate failed") + ")"};
                } else if (rc == Z_BUF_ERROR) {
                    break;
                }
            }
            if (fromPending) {
                pending.clear();
                continue; // `data` was not used yet
            }
            const std::size_t used = left - z.avail_in;
            data += used;
            left -= used;
        }
    }
    if (!memberEnded || !pending.empty()) {
        return {Inflated::Kind::Bad, "the compressed message is cut short"};
    }
    return {};
}

std::string hostPort(const std::string& address, int port)
{
    const bool v6 = address.find(':') != std::string::npos;
    return (v6 ? "[" + address + "]" : address) + ":" + std::to_string(port);
}

} // namespace

struct OtlpGrpcReceiver::Impl
{
    // The request arrives as raw bytes (the stub's raw method): the shared
    // decoder reads it, so a malformed message is INVALID_ARGUMENT with the
    // decoder's reason rather than gRPC's own parse failure.
    class Service final
        : public collector::TraceService::WithRawCallbackMethod_Export<collector::TraceService::Service>
    {
    public:
        explicit Service(Impl& impl)
            : m_impl(impl)
        {}
        grpc::ServerUnaryReactor* Export(grpc::CallbackServerContext* context,
                                         const grpc::ByteBuffer* request, grpc::ByteBuffer* response) override
        {
            auto* reactor = context->DefaultReactor();
            m_impl.exportCall(*request, response, reactor);
            return reactor;
        }

    private:
        Impl& m_impl;
    };

    GrpcReceiverConfig config;
    SpanSink sink;
    IngestCounters counters;
    Service service{*this};
    std::unique_ptr<grpc::Server> server;
    // Calls whose answer is still due: stop() waits for them before the
    // service goes.
    std::mutex flightMutex;
    std::condition_variable flightChanged;
    std::int64_t inFlight = 0;

    void exportCall(const grpc::ByteBuffer& request, grpc::ByteBuffer* response,
                    grpc::ServerUnaryReactor* reactor)
    {
        counters.add(counters.requests);
        {
            std::lock_guard lock(flightMutex);
            ++inFlight;
        }
        std::string joined;
        std::string_view body;
        try {
            // gRPC does not inflate (GRPC_ARG_ENABLE_PER_MESSAGE_DECOMPRESSION
            // is off): a compressed message arrives as sent, flagged with its
            // algorithm, and is inflated here within the size limit.
            grpc::internal::GrpcByteBufferPeer peer(const_cast<grpc::ByteBuffer*>(&request));
            grpc_byte_buffer* raw = peer.c_buffer();
            if (!raw || raw->type != GRPC_BB_RAW) {
                finished(reactor, {grpc::StatusCode::INTERNAL, "could not read the request"});
                return;
            }
            const auto& slices = raw->data.raw.slice_buffer;
            const auto compression = raw->data.raw.compression;
            if (compression == GRPC_COMPRESS_GZIP || compression == GRPC_COMPRESS_DEFLATE) {
                const auto inflated = inflateMessage(slices, config.maxMessageBytes, joined);
                if (inflated.kind == Inflated::Kind::TooLarge) {
                    counters.add(counters.tooLarge);
                    finished(reactor, {grpc::StatusCode::RESOURCE_EXHAUSTED, inflated.message});
                    return;
                }
                if (inflated.kind == Inflated::Kind::Bad) {
                    counters.add(counters.badRequests);
                    finished(reactor, {grpc::StatusCode::INVALID_ARGUMENT, inflated.message});
                    return;
                }
                body = joined;
            } else if (compression != GRPC_COMPRESS_NONE) {
                finished(reactor, {grpc::StatusCode::UNIMPLEMENTED, "unsupported message compression"});
                return;
            } else if (slices.count == 1) {
                body = std::string_view(reinterpret_cast<const char*>(GRPC_SLICE_START_PTR(slices.slices[0])),
                                        GRPC_SLICE_LENGTH(slices.slices[0]));
            } else {
                for (std::size_t i = 0; i < slices.count; ++i) {
                    joined.append(reinterpret_cast<const char*>(GRPC_SLICE_START_PTR(slices.slices[i])),
                                  GRPC_SLICE_LENGTH(slices.slices[i]));
                }
                body = joined;
            }
        } catch (const std::exception& e) { // out of memory: this call fails, the server stays
            finished(reactor, {grpc::StatusCode::UNAVAILABLE, e.what()});
            return;
        }
        DecodeOptions options;
        options.captureContent = config.captureContent;
        ingest(body, IngestFormat::Protobuf, options, sink, counters,
               [this, response, reactor](IngestOutcome outcome) {
                   if (outcome.kind == IngestOutcome::Kind::Stored) {
                       grpc::Slice slice(encodeResponseProtobuf(outcome.rejectedSpans, outcome.rejectReason));
                       *response = grpc::ByteBuffer(&slice, 1);
                   }
                   finished(reactor, statusOf(outcome));
               });
    }

    void finished(grpc::ServerUnaryReactor* reactor, const grpc::Status& status)
    {
        reactor->Finish(status);
        {
            std::lock_guard lock(flightMutex);
            --inFlight;
        }
        flightChanged.notify_all();
    }
};

OtlpGrpcReceiver::OtlpGrpcReceiver(GrpcReceiverConfig config, SpanSink sink)
    : m_config(std::move(config))
    , m_impl(std::make_unique<Impl>())
{
    m_impl->sink = std::move(sink);
}

OtlpGrpcReceiver::~OtlpGrpcReceiver()
{
    stop();
}

bool OtlpGrpcReceiver::start(std::string* error)
{
    if (m_config.bindAddress == "localhost") {
        m_config.bindAddress = "127.0.0.1";
    }
    if (!isIpAddress(m_config.bindAddress)) {
        if (error) {
            *error = "'" + m_config.bindAddress + "' is not an IP address";
        }
        return false;
    }
    m_impl->config = m_config;
    grpc::ServerBuilder builder;
    int selected = 0;
    builder.AddListeningPort(hostPort(m_config.bindAddress, m_config.port), grpc::InsecureServerCredentials(),
                             &selected);
    // gRPC shares ports (SO_REUSEPORT) by default: a second receiver on the
    // same port would silently split the spans. Refuse instead.
    builder.AddChannelArgument(GRPC_ARG_ALLOW_REUSEPORT, 0);
    // We inflate messages ourselves, within the limit (inflateMessage).
    builder.AddChannelArgument(GRPC_ARG_ENABLE_PER_MESSAGE_DECOMPRESSION, 0);
    builder.SetMaxReceiveMessageSize(
        static_cast<int>(std::min<std::size_t>(m_config.maxMessageBytes, INT_MAX)));
    builder.RegisterService(&m_impl->service);
    m_impl->server = builder.BuildAndStart();
    if (!m_impl->server || selected == 0) {
        if (m_impl->server) {
            m_impl->server->Shutdown();
            m_impl->server.reset();
        }
        if (error) {
            *error = "cannot bind " + hostPort(m_config.bindAddress, m_config.port) +
                     " (in use, or not an address of this machine)";
        }
        return false;
    }
    m_port = selected;
    return true;
}

void OtlpGrpcReceiver::stop()
{
    if (!m_impl || !m_impl->server) {
        return;
    }
    // No new calls; calls in progress get their answer within 5 s, then
    // gRPC cancels them. A sink answer still to come finishes its call
    // anyway: wait for those before the service goes.
    m_impl->server->Shutdown(std::chrono::system_clock::now() + std::chrono::seconds(5));
    {
        std::unique_lock lock(m_impl->flightMutex);
        m_impl->flightChanged.wait(lock, [&] { return m_impl->inFlight == 0; });
    }
    m_impl->server->Wait();
    m_impl->server.reset();
}

bool OtlpGrpcReceiver::isRunning() const
{
    return m_impl->server != nullptr;
}

std::string OtlpGrpcReceiver::endpoint() const
{
    return "http://" + hostPort(m_config.bindAddress, m_port);
}

ReceiverStats OtlpGrpcReceiver::stats() const
{
    return m_impl->counters.snapshot();
}

} // namespace pb::telemetry
