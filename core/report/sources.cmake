# core/report: the report's content assembled from the run analysis (no Qt GUI).
target_sources(phasebench_core PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/ReportData.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RequestExport.cpp
)
