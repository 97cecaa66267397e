# The slow-request explorer: analysis, slowest-N model, scatter clicks, and
# its hand-off to the trace page. Links QCustomPlot to read the plot's axes.
phasebench_test(tst_ui_explorer tst_ui_explorer.cpp)
target_link_libraries(tst_ui_explorer PRIVATE phasebench_ui QCustomPlotQt6::QCustomPlotQt6)
# The scatter at scale: the drawn sample, the point index, clicks and zoom.
phasebench_test(tst_ui_explorer_points tst_ui_explorer_points.cpp)
target_link_libraries(tst_ui_explorer_points PRIVATE phasebench_ui QCustomPlotQt6::QCustomPlotQt6)
