# Load engine benchmark: accuracy of stream milestones, open-model capacity,
# generator lag and CPU against `hey`, concurrent SSE streams. See bench/RESULTS.md, "Load engine".
if(NOT TARGET phasebench_load_testservers)
  find_package(PkgConfig REQUIRED)
  find_package(Threads REQUIRED)
  pkg_check_modules(CPPHTTPLIB REQUIRED IMPORTED_TARGET cpp-httplib)
  add_library(phasebench_load_testservers STATIC ${PROJECT_SOURCE_DIR}/tests/load/TestServers.cpp
    ${PROJECT_SOURCE_DIR}/tests/load/EventServer.cpp)
  target_include_directories(phasebench_load_testservers PUBLIC ${PROJECT_SOURCE_DIR}/tests/load)
  target_link_libraries(phasebench_load_testservers PUBLIC PkgConfig::CPPHTTPLIB Threads::Threads PRIVATE phasebench_settings nlohmann_json::nlohmann_json)
endif()
add_executable(bench_load ${CMAKE_CURRENT_LIST_DIR}/bench_load.cpp ${CMAKE_CURRENT_LIST_DIR}/LoadPeers.cpp
  ${CMAKE_CURRENT_LIST_DIR}/LoadBench.cpp)
target_link_libraries(bench_load PRIVATE phasebench_core phasebench_load_testservers nlohmann_json::nlohmann_json CURL::libcurl)
