# bench_explorer: the slow-request explorer on a million-request run
# (analysis, scatter set-up and replots, slowest-N table, peak RSS).
add_executable(bench_explorer bench_explorer.cpp)
target_link_libraries(bench_explorer PRIVATE phasebench_ui phasebench_core QCustomPlotQt6::QCustomPlotQt6)
