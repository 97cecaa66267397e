# core/model: the measurement vocabulary every other folder uses.
target_sources(${PB_CORE_FOLDER_TARGET} PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/Vocabulary.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RequestColumns.cpp
  ${CMAKE_CURRENT_LIST_DIR}/TraceId.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Sampling.cpp
)
