# ui/report: the Export Report dialog and its actions (the writer that draws the report is in
# ui/charts), and the raw export action.
target_sources(phasebench_ui PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/ReportActions.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ReportDialog.cpp
)
target_include_directories(phasebench_ui PUBLIC ${CMAKE_CURRENT_LIST_DIR})
