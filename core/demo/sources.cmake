# core/demo: the demo LLM gateway (an OpenAI-compatible server over a
# simulated inference pool that exports its spans) and the demo's scenario.
find_package(PkgConfig REQUIRED)
# Debian's cpp-httplib is a compiled library: take its defines from pkg-config
# so that the header we compile against matches the library.
pkg_check_modules(HTTPLIB REQUIRED IMPORTED_TARGET GLOBAL cpp-httplib)
target_sources(${PB_CORE_FOLDER_TARGET} PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/DemoFaults.cpp
  ${CMAKE_CURRENT_LIST_DIR}/InferencePool.cpp
  ${CMAKE_CURRENT_LIST_DIR}/PrefixCache.cpp
  ${CMAKE_CURRENT_LIST_DIR}/OtlpExporter.cpp
  ${CMAKE_CURRENT_LIST_DIR}/DemoGateway.cpp
  ${CMAKE_CURRENT_LIST_DIR}/DemoChat.cpp
  ${CMAKE_CURRENT_LIST_DIR}/DemoMetrics.cpp
  ${CMAKE_CURRENT_LIST_DIR}/DemoScenario.cpp
)
target_link_libraries(${PB_CORE_FOLDER_TARGET} PRIVATE PkgConfig::HTTPLIB)
