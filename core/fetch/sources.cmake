# core/fetch: a run's traces fetched by trace ID from a Jaeger query service
# (libcurl), decoded by the Jaeger importer, stored and joined.
target_sources(phasebench_core PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/JaegerClient.cpp
  ${CMAKE_CURRENT_LIST_DIR}/FetchTraces.cpp
)
target_link_libraries(phasebench_core PRIVATE CURL::libcurl nlohmann_json::nlohmann_json)
