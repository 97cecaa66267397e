# core/scaleout: k6 scripts for a scenario, several generators' results as one run.
target_sources(${PB_CORE_FOLDER_TARGET} PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/K6Script.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Generators.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Merge.cpp
)
