# The slow-request explorer: analysis, slowest-N model, scatter clicks, and
# its hand-off to the trace page. Links QCustomPlot to read the plot's axes.
phasebench_test(tst_ui_explorer tst_ui_explorer.cpp)
target_link_libraries(tst_ui_explorer PRIVATE phasebench_ui QCustomPlotQt6::QCustomPlotQt6)
