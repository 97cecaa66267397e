#include "telemetry/OtlpGrpcReceiver.h"

#include "telemetry/OtlpEncode.h"
#include "telemetry/OtlpIngest.h"
#include "telemetry/trace_service.grpc.pb.h"

#include <grpcpp/grpcpp.h>

#include <arpa/inet.h>

#include <chrono>
#include <climits>
#include <condition_variable>
#include <mutex>

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
        std::vector<grpc::Slice> slices;
        std::string joined;
        std::string_view body;
        try {
            if (!request.Dump(&slices).ok()) {
                finished(reactor, {grpc::StatusCode::INTERNAL, "could not read the request"});
                return;
            }
            if (slices.size() == 1) {
                body = std::string_view(reinterpret_cast<const char*>(slices[0].begin()), slices[0].size());
            } else {
                for (const auto& s : slices) {
                    joined.append(reinterpret_cast<const char*>(s.begin()), s.size());
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
