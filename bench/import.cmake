# bench_import: import throughput of k6 NDJSON and OTLP JSON, end to end into
# SQLite, on generated files of >= 500 MB, against `jq -c .` on the same file
# (see bench/RESULTS.md, "Import throughput").
add_executable(bench_import bench_import.cpp)
target_link_libraries(bench_import PRIVATE phasebench_core phasebench_settings nlohmann_json::nlohmann_json)
