# core/session: one measured run (receiver, optional demo gateway, load run,
# span grace, join, summary) for every front end.
target_sources(${PB_CORE_FOLDER_TARGET} PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/MeasuredRun.cpp
)
