# bench_telemetry: OTLP receiver throughput over HTTP and gRPC (replay client and the real
# OpenTelemetry JS exporter) and the client/server join of a million
# attempts. See bench/RESULTS.md, "OTLP receiver and join".
add_executable(bench_telemetry ${CMAKE_CURRENT_LIST_DIR}/bench_telemetry.cpp)
target_link_libraries(bench_telemetry PRIVATE phasebench_core phasebench_settings nlohmann_json::nlohmann_json
  PkgConfig::HTTPLIB PkgConfig::GRPCPP)
target_compile_definitions(bench_telemetry PRIVATE
  PHASEBENCH_OTEL_EXPORTER_SCRIPT="${PROJECT_SOURCE_DIR}/tests/telemetry/otel-exporter/send-spans.cjs"
  PHASEBENCH_OTEL_EXPORTER_MODULES="${PROJECT_BINARY_DIR}/tests/telemetry/otel-exporter/node_modules")
