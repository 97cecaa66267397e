# core/fetch: a run's traces fetched by trace ID from a Jaeger query service
# (libcurl), decoded by the Jaeger importer, stored and joined.
target_sources(${PB_CORE_FOLDER_TARGET} PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/JaegerClient.cpp
  ${CMAKE_CURRENT_LIST_DIR}/FetchTraces.cpp
)
target_link_libraries(${PB_CORE_FOLDER_TARGET} PRIVATE CURL::libcurl nlohmann_json::nlohmann_json)
