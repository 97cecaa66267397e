# core/model: the measurement vocabulary every other folder uses.
target_sources(phasebench_core PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/Vocabulary.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RequestColumns.cpp
  ${CMAKE_CURRENT_LIST_DIR}/TraceId.cpp
)
