# core/loaded: a stored run loaded for analysis (requests joined with their
# spans, figures, configuration, budgets) with its windows, summaries, goodput
# and target metrics; what the diagnosis and the analysis both read.
target_sources(${PB_CORE_FOLDER_TARGET} PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/Budgets.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Goodput.cpp
  ${CMAKE_CURRENT_LIST_DIR}/LoadedRun.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Provenance.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RunConfig.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RunFigures.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RunSummary.cpp
  ${CMAKE_CURRENT_LIST_DIR}/TargetMetrics.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Windows.cpp
)
