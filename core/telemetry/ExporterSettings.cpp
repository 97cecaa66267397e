#include "telemetry/ExporterSettings.h"

namespace pb::telemetry {

std::string exporterEnvironment(const std::string& grpcEndpoint, const std::string& httpEndpoint)
{
    if (!grpcEndpoint.empty()) {
        // INSECURE: the receiver speaks plaintext; without it a gRPC exporter
        // given a bare HOST:PORT would try TLS.
        return "OTEL_EXPORTER_OTLP_TRACES_PROTOCOL=grpc\nOTEL_EXPORTER_OTLP_TRACES_ENDPOINT=" + grpcEndpoint +
               "\nOTEL_EXPORTER_OTLP_TRACES_INSECURE=true";
    }
    if (!httpEndpoint.empty()) {
        return "OTEL_EXPORTER_OTLP_TRACES_PROTOCOL=http/protobuf\nOTEL_EXPORTER_OTLP_TRACES_ENDPOINT=" +
               httpEndpoint;
    }
    return {};
}

std::string vllmTracesArgument(const std::string& grpcEndpoint, const std::string& httpEndpoint)
{
    const auto& endpoint = grpcEndpoint.empty() ? httpEndpoint : grpcEndpoint;
    return endpoint.empty() ? std::string() : "--otlp-traces-endpoint " + endpoint;
}

} // namespace pb::telemetry
