# bench_stats: the statistics engine on a million-request run (see
# bench/RESULTS.md, "Statistics engine"): load, select, every metric's p50/p95/p99 with
# intervals, and the selection kernel against a full sort.
add_executable(bench_stats ${CMAKE_CURRENT_LIST_DIR}/bench_stats.cpp)
target_link_libraries(bench_stats PRIVATE phasebench_core phasebench_settings)
