# The run timeline page: load, latency and error series, stage markers, the knee, chart export.
phasebench_test(tst_ui_timeline tst_ui_timeline.cpp)
target_link_libraries(tst_ui_timeline PRIVATE phasebench_ui QCustomPlotQt6::QCustomPlotQt6)
# Issue 32: the Timeline's range selection filters the Explorer and the Requests page.
phasebench_test(tst_ui_timerange tst_ui_timerange.cpp)
target_link_libraries(tst_ui_timerange PRIVATE phasebench_ui QCustomPlotQt6::QCustomPlotQt6)
