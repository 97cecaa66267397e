# The run launcher: scenario document and stages model, the form, a launch
# against the demo gateway that fills the overview. Links QCustomPlot to read
# the live charts.
phasebench_test(tst_ui_launcher tst_ui_launcher.cpp)
target_link_libraries(tst_ui_launcher PRIVATE phasebench_ui QCustomPlotQt6::QCustomPlotQt6)
set_tests_properties(tst_ui_launcher PROPERTIES RUN_SERIAL TRUE)
