# bench_window: the window at scale, offscreen (issue 27): time to a visible
# window, longest GUI-thread stall, loads and joins, time until every page
# shows its result, peak RSS; runs of 10k, 100k and 1M requests x 6 spans
# (bench/RESULTS.md, "The window at scale").
add_executable(bench_window ${CMAKE_CURRENT_LIST_DIR}/bench_window.cpp)
target_link_libraries(bench_window PRIVATE phasebench_ui phasebench_core phasebench_settings Qt6::Widgets)
