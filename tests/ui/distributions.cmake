# The distributions page: histogram and CDF of two sides on shared bins, core's comparison flags, chart export.
phasebench_test(tst_ui_distributions tst_ui_distributions.cpp)
target_link_libraries(tst_ui_distributions PRIVATE phasebench_ui QCustomPlotQt6::QCustomPlotQt6)
