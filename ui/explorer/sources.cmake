# The slow-request explorer page (scatter + slowest-N table).
target_sources(phasebench_ui PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/ExplorerAnalysis.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ExplorerModel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ExplorerPage.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ExplorerPlot.cpp)
target_include_directories(phasebench_ui PUBLIC ${CMAKE_CURRENT_LIST_DIR})
