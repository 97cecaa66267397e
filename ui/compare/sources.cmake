# ui/compare: two requests side by side, a mode of the Waterfall page (issue 32).
target_sources(phasebench_ui PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/CompareBar.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ComparisonAnalysis.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ComparisonView.cpp
  ${CMAKE_CURRENT_LIST_DIR}/DeltaTableModel.cpp
)
target_include_directories(phasebench_ui PUBLIC ${CMAKE_CURRENT_LIST_DIR})
