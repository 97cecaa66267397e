# bench_stages: post-run analysis of a 1,000-stage and a 10-stage run (see
# bench/RESULTS.md, "Post-run analysis against stages"): with and without the stage index.
add_executable(bench_stages ${CMAKE_CURRENT_LIST_DIR}/bench_stages.cpp)
target_include_directories(bench_stages PRIVATE ${PROJECT_SOURCE_DIR}/tests/analysis)
target_link_libraries(bench_stages PRIVATE phasebench_core phasebench_settings)
