# core/stats: the statistics engine (scope, window, statistic -> figures).
target_sources(${PB_CORE_FOLDER_TARGET} PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/Metric.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Percentile.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Scope.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Selection.cpp
  ${CMAKE_CURRENT_LIST_DIR}/StageIndex.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Summarize.cpp
  ${CMAKE_CURRENT_LIST_DIR}/PrefixCache.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Exemplar.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Rates.cpp
  ${CMAKE_CURRENT_LIST_DIR}/TailComposition.cpp
  ${CMAKE_CURRENT_LIST_DIR}/TimeSeries.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Knee.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Compare.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Distribution.cpp
  ${CMAKE_CURRENT_LIST_DIR}/StatsJson.cpp
)
