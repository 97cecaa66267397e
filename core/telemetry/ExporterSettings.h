// What to paste into a server's environment so that its OpenTelemetry
// exporter sends traces to our receivers: the standard OTEL_EXPORTER_OTLP_*
// variables (read by vLLM and every OpenTelemetry SDK) and vLLM's own
// --otlp-traces-endpoint. gRPC is preferred when its receiver runs (vLLM's
// default protocol); else OTLP/HTTP with protobuf.
#pragma once

#include <string>

namespace pb::telemetry {

// One VAR=value per line; empty when neither endpoint is given.
// grpcEndpoint: http://HOST:PORT; httpEndpoint: http://HOST:PORT/v1/traces.
std::string exporterEnvironment(const std::string& grpcEndpoint, const std::string& httpEndpoint);
// vLLM's argument for the same endpoint: --otlp-traces-endpoint URL.
std::string vllmTracesArgument(const std::string& grpcEndpoint, const std::string& httpEndpoint);

} // namespace pb::telemetry
