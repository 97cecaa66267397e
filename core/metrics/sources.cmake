# core/metrics: the Prometheus text format and the scraper of a target's /metrics during a run.
target_sources(${PB_CORE_FOLDER_TARGET} PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/Exposition.cpp
  ${CMAKE_CURRENT_LIST_DIR}/MetricsSource.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Scraper.cpp
)
target_link_libraries(${PB_CORE_FOLDER_TARGET} PRIVATE CURL::libcurl)
