# phasebench-cli check and diagnose (core/diagnose).
target_sources(phasebench_cli_lib PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/CheckCommand.cpp
  ${CMAKE_CURRENT_LIST_DIR}/DiagnoseCommand.cpp
)
