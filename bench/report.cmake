# bench_report: `phasebench-cli report` on a million-request stepped run; wall
# and CPU seconds and peak RSS of each format's process (bench/RESULTS.md).
add_executable(bench_report ${CMAKE_CURRENT_LIST_DIR}/bench_report.cpp)
target_link_libraries(bench_report PRIVATE phasebench_core phasebench_settings)
target_compile_definitions(bench_report PRIVATE PHASEBENCH_CLI="$<TARGET_FILE:phasebench-cli>")
add_dependencies(bench_report phasebench-cli)
