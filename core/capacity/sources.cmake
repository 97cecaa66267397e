# core/capacity: the adaptive search for the highest rate that meets the
# budgets, one stepped run of measured stages (phasebench-cli capacity).
target_sources(${PB_CORE_FOLDER_TARGET} PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/CapacitySearch.cpp
  ${CMAKE_CURRENT_LIST_DIR}/SteppedRun.cpp
)
