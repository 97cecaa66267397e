# ui/distributions: the distributions and comparison page (histogram and CDF per metric, two sides overlaid).
target_sources(phasebench_ui PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/ComparisonModel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/DistributionsAnalysis.cpp
  ${CMAKE_CURRENT_LIST_DIR}/DistributionsPage.cpp)
target_include_directories(phasebench_ui PUBLIC ${CMAKE_CURRENT_LIST_DIR})
