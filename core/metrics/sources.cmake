# core/metrics: the Prometheus text format and the scraper of a target's /metrics during a run.
target_sources(phasebench_core PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/Exposition.cpp
  ${CMAKE_CURRENT_LIST_DIR}/MetricsSource.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Scraper.cpp
)
target_link_libraries(phasebench_core PRIVATE CURL::libcurl)
