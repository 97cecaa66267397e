# core/report: the report's content assembled from the run analysis (no Qt GUI).
target_sources(${PB_CORE_FOLDER_TARGET} PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/ReportData.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RequestExport.cpp
)
