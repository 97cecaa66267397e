# core/util: small helpers with no project dependencies.
target_sources(${PB_CORE_FOLDER_TARGET} PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/DataDir.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Redact.cpp
  ${CMAKE_CURRENT_LIST_DIR}/SafeText.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Utf8.cpp
)
# A program run from its build folder finds the example data in the source
# tree; an installed one finds it relative to itself (util/DataDir.h).
set_source_files_properties(${CMAKE_CURRENT_LIST_DIR}/DataDir.cpp PROPERTIES
  COMPILE_DEFINITIONS "PHASEBENCH_SOURCE_RESOURCES=\"${PROJECT_SOURCE_DIR}/resources\"")
