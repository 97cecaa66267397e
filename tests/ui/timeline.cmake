# The run timeline page: load, latency and error series, stage markers, the knee, chart export.
phasebench_test(tst_ui_timeline tst_ui_timeline.cpp)
target_link_libraries(tst_ui_timeline PRIVATE phasebench_ui QCustomPlotQt6::QCustomPlotQt6)
