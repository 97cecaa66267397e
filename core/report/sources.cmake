# core/report: the report's content assembled from the run analysis, its outline and the Markdown
# writer (QtCore only: a Markdown report without charts needs no GUI library).
target_sources(${PB_CORE_FOLDER_TARGET} PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/MarkdownReport.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ReportCapacity.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ReportAttribution.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ReportData.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ReportInput.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ReportOutline.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ReportSummary.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RequestExport.cpp
  ${CMAKE_CURRENT_LIST_DIR}/TypicalVsSlow.cpp
  ${CMAKE_CURRENT_LIST_DIR}/TypicalVsSlowOutline.cpp
)
