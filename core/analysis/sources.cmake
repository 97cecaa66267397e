# core/analysis: the one API that turns a stored run into its figures.
target_sources(${PB_CORE_FOLDER_TARGET} PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/Capacity.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Diagnosis.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Distributions.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Explorer.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ExplorerPoints.cpp
  ${CMAKE_CURRENT_LIST_DIR}/GroupSummary.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Overview.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RequestComparison.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Slowest.cpp
  ${CMAKE_CURRENT_LIST_DIR}/TimeRange.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Timeline.cpp
  ${CMAKE_CURRENT_LIST_DIR}/TraceReconciliation.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Verdict.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Waterfall.cpp
)
