# ui/report: run reports (PDF, HTML, Markdown) written from core/report's ReportData with the window's
# charts, the Export Report dialog and the raw export action.
target_sources(phasebench_ui PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/ReportActions.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ReportDialog.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ReportOutline.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ReportWriter.cpp
)
target_include_directories(phasebench_ui PUBLIC ${CMAKE_CURRENT_LIST_DIR})
