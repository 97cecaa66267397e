# The run launcher: scenario editor, launch settings, live charts.
target_sources(phasebench_ui PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/CapacityBox.cpp
  ${CMAKE_CURRENT_LIST_DIR}/LauncherPage.cpp
  ${CMAKE_CURRENT_LIST_DIR}/LivePlot.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ScenarioDocument.cpp
  ${CMAKE_CURRENT_LIST_DIR}/StagesModel.cpp)
target_include_directories(phasebench_ui PUBLIC ${CMAKE_CURRENT_LIST_DIR})
