# bench_store: insert rate of the run store and how fast the request table
# opens and sorts a million-row run (see bench/RESULTS.md, "Store insert and request table").
add_executable(bench_store bench_store.cpp)
target_link_libraries(bench_store PRIVATE phasebench_ui phasebench_core phasebench_settings)
