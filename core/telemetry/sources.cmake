# core/telemetry: OTLP decode/encode, the OTLP/HTTP and OTLP/gRPC receivers, span rules and
# the span writer.
find_package(Protobuf REQUIRED)
find_package(PkgConfig REQUIRED)
find_package(Threads REQUIRED)
# simdjson reads OTLP/JSON (OtlpDecodeJson.cpp); import/ finds it too.
find_package(simdjson REQUIRED GLOBAL)
# The OTLP receiver: libmicrohttpd's event loops keep slow and idle clients
# from holding threads (httplib serves one connection per thread, so 16 slow
# clients starved every exporter), and it can suspend a request while its
# spans are committed.
pkg_check_modules(MICROHTTPD REQUIRED IMPORTED_TARGET GLOBAL libmicrohttpd)

# Generated protobuf code is compiled on its own, without our warning flags.
add_library(phasebench_otlp_proto OBJECT ${CMAKE_CURRENT_LIST_DIR}/otlp_trace.proto)
set(PHASEBENCH_OTLP_PROTO_DIR ${CMAKE_CURRENT_BINARY_DIR}/otlp_proto)
file(MAKE_DIRECTORY ${PHASEBENCH_OTLP_PROTO_DIR})
protobuf_generate(TARGET phasebench_otlp_proto LANGUAGE cpp
  # writes telemetry/otlp_trace.pb.h under the output directory
  PROTOC_OUT_DIR ${PHASEBENCH_OTLP_PROTO_DIR})
target_link_libraries(phasebench_otlp_proto PUBLIC protobuf::libprotobuf-lite)
target_include_directories(phasebench_otlp_proto SYSTEM PUBLIC ${PHASEBENCH_OTLP_PROTO_DIR})
target_compile_options(phasebench_otlp_proto PRIVATE -w)

# The OTLP/gRPC receiver: Debian's gRPC C++ library (no CMake package on
# Debian 12, so pkg-config) and the TraceService stub made by grpc_cpp_plugin.
pkg_check_modules(GRPCPP REQUIRED IMPORTED_TARGET GLOBAL grpc++)
find_program(PHASEBENCH_GRPC_CPP_PLUGIN grpc_cpp_plugin REQUIRED)
set(PHASEBENCH_GRPC_OUT ${PHASEBENCH_OTLP_PROTO_DIR}/telemetry)
add_custom_command(
  OUTPUT ${PHASEBENCH_GRPC_OUT}/trace_service.pb.cc ${PHASEBENCH_GRPC_OUT}/trace_service.pb.h
         ${PHASEBENCH_GRPC_OUT}/trace_service.grpc.pb.cc ${PHASEBENCH_GRPC_OUT}/trace_service.grpc.pb.h
  COMMAND protobuf::protoc -I ${CMAKE_CURRENT_LIST_DIR}/.. --cpp_out=${PHASEBENCH_OTLP_PROTO_DIR}
          --grpc_out=${PHASEBENCH_OTLP_PROTO_DIR} --plugin=protoc-gen-grpc=${PHASEBENCH_GRPC_CPP_PLUGIN}
          telemetry/trace_service.proto
  DEPENDS ${CMAKE_CURRENT_LIST_DIR}/trace_service.proto ${CMAKE_CURRENT_LIST_DIR}/otlp_trace.proto
  COMMENT "grpc_cpp_plugin: TraceService stub"
  VERBATIM)
add_library(phasebench_otlp_grpc OBJECT
  ${PHASEBENCH_GRPC_OUT}/trace_service.pb.cc ${PHASEBENCH_GRPC_OUT}/trace_service.grpc.pb.cc)
add_dependencies(phasebench_otlp_grpc phasebench_otlp_proto)
target_link_libraries(phasebench_otlp_grpc PUBLIC phasebench_otlp_proto PkgConfig::GRPCPP)
target_compile_options(phasebench_otlp_grpc PRIVATE -w)

target_sources(${PB_CORE_FOLDER_TARGET} PRIVATE
  $<TARGET_OBJECTS:phasebench_otlp_proto>
  $<TARGET_OBJECTS:phasebench_otlp_grpc>
  ${CMAKE_CURRENT_LIST_DIR}/Ids.cpp
  ${CMAKE_CURRENT_LIST_DIR}/AttrJson.cpp
  ${CMAKE_CURRENT_LIST_DIR}/OtlpDecode.cpp
  ${CMAKE_CURRENT_LIST_DIR}/OtlpDecodeJson.cpp
  ${CMAKE_CURRENT_LIST_DIR}/OtlpEncode.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ExporterSettings.cpp
  ${CMAKE_CURRENT_LIST_DIR}/OtlpIngest.cpp
  ${CMAKE_CURRENT_LIST_DIR}/OtlpReceiver.cpp
  ${CMAKE_CURRENT_LIST_DIR}/OtlpGrpcReceiver.cpp
  ${CMAKE_CURRENT_LIST_DIR}/SpanRules.cpp
  ${CMAKE_CURRENT_LIST_DIR}/SpanWriter.cpp
  ${CMAKE_CURRENT_LIST_DIR}/GenAi.cpp
)
target_include_directories(${PB_CORE_FOLDER_TARGET} SYSTEM PRIVATE ${PHASEBENCH_OTLP_PROTO_DIR})
add_dependencies(${PB_CORE_FOLDER_TARGET} phasebench_otlp_proto phasebench_otlp_grpc)
target_link_libraries(${PB_CORE_FOLDER_TARGET} PRIVATE protobuf::libprotobuf-lite PkgConfig::MICROHTTPD PkgConfig::GRPCPP
  ZLIB::ZLIB Threads::Threads simdjson::simdjson)
