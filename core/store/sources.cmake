# core/store: the workbench file. The only folder that speaks SQL.
target_sources(${PB_CORE_FOLDER_TARGET} PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/Sqlite.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Schema.cpp
  ${CMAKE_CURRENT_LIST_DIR}/FileUpgrade.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RunStore.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RunCatalogue.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RunFigureKeys.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RunFiguresRecord.cpp
  ${CMAKE_CURRENT_LIST_DIR}/BlockCodec.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RequestBlocks.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RequestRows.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RequestReader.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RequestWriter.cpp
  ${CMAKE_CURRENT_LIST_DIR}/SpanStore.cpp
  ${CMAKE_CURRENT_LIST_DIR}/TargetMetrics.cpp
  ${CMAKE_CURRENT_LIST_DIR}/BatchTables.cpp
)
target_link_libraries(${PB_CORE_FOLDER_TARGET} PRIVATE SQLite::SQLite3)
