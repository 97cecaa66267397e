# Sources for core/telemetry (OTLP receiver, span rules), core/join and
# core/demo (the demo LLM gateway). Included from core/CMakeLists.txt.
find_package(Protobuf REQUIRED)
find_package(PkgConfig REQUIRED)
find_package(Threads REQUIRED)
# Debian's cpp-httplib is a compiled library: take its defines from pkg-config
# so that the header we compile against matches the library.
pkg_check_modules(HTTPLIB REQUIRED IMPORTED_TARGET GLOBAL cpp-httplib)
# The OTLP receiver: libmicrohttpd's event loops keep slow and idle clients
# from holding threads (httplib serves one connection per thread, so 16 slow
# clients starved every exporter), and it can suspend a request while its
# spans are committed.
pkg_check_modules(MICROHTTPD REQUIRED IMPORTED_TARGET GLOBAL libmicrohttpd)
find_package(ZLIB REQUIRED)

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

target_sources(phasebench_core PRIVATE
  $<TARGET_OBJECTS:phasebench_otlp_proto>
  ${CMAKE_CURRENT_LIST_DIR}/Ids.cpp
  ${CMAKE_CURRENT_LIST_DIR}/AttrJson.cpp
  ${CMAKE_CURRENT_LIST_DIR}/OtlpDecode.cpp
  ${CMAKE_CURRENT_LIST_DIR}/OtlpDecodeJson.cpp
  ${CMAKE_CURRENT_LIST_DIR}/OtlpEncode.cpp
  ${CMAKE_CURRENT_LIST_DIR}/OtlpReceiver.cpp
  ${CMAKE_CURRENT_LIST_DIR}/SpanRules.cpp
  ${CMAKE_CURRENT_LIST_DIR}/SpanWriter.cpp
  ${CMAKE_CURRENT_LIST_DIR}/GenAi.cpp
  ${CMAKE_CURRENT_LIST_DIR}/../join/SpanIndex.cpp
  ${CMAKE_CURRENT_LIST_DIR}/../join/SpanReader.cpp
  ${CMAKE_CURRENT_LIST_DIR}/../join/Join.cpp
  ${CMAKE_CURRENT_LIST_DIR}/../demo/DemoFaults.cpp
  ${CMAKE_CURRENT_LIST_DIR}/../demo/InferencePool.cpp
  ${CMAKE_CURRENT_LIST_DIR}/../demo/OtlpExporter.cpp
  ${CMAKE_CURRENT_LIST_DIR}/../demo/DemoGateway.cpp
  ${CMAKE_CURRENT_LIST_DIR}/../demo/DemoChat.cpp
  ${CMAKE_CURRENT_LIST_DIR}/../demo/DemoScenario.cpp
)
target_include_directories(phasebench_core SYSTEM PRIVATE ${PHASEBENCH_OTLP_PROTO_DIR})
add_dependencies(phasebench_core phasebench_otlp_proto)
target_link_libraries(phasebench_core PRIVATE protobuf::libprotobuf-lite PkgConfig::HTTPLIB PkgConfig::MICROHTTPD
  ZLIB::ZLIB Threads::Threads)
