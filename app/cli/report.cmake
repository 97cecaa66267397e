# phasebench-cli report (charts through the window's plots: links the ui library) and export.
target_sources(phasebench_cli_lib PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/ReportCommand.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ExportCommand.cpp
)
target_link_libraries(phasebench_cli_lib PUBLIC phasebench_ui)
