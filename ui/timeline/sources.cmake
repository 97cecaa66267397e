# ui/timeline: the run timeline page (load, latency and errors over time; the knee of a stepped run).
target_sources(phasebench_ui PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/TimelineAnalysis.cpp
  ${CMAKE_CURRENT_LIST_DIR}/TimelinePage.cpp
)
target_include_directories(phasebench_ui PUBLIC ${CMAKE_CURRENT_LIST_DIR})
