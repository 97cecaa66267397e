# bench_stop: Ctrl-C to exit of `phasebench-cli run` on the largest allowed
# runs (see bench/RESULTS.md, "Ctrl-C on the largest allowed runs").
add_executable(bench_stop ${CMAKE_CURRENT_LIST_DIR}/bench_stop.cpp)
target_link_libraries(bench_stop PRIVATE phasebench_core phasebench_load_testservers nlohmann_json::nlohmann_json)
target_compile_definitions(bench_stop PRIVATE PHASEBENCH_CLI="$<TARGET_FILE:phasebench-cli>")
add_dependencies(bench_stop phasebench-cli)
