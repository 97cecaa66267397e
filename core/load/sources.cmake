# core/load: the load engine (scenario, scheduler, libcurl transport, run).
target_sources(${PB_CORE_FOLDER_TARGET} PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/TraceContext.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Scenario.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ScenarioConfig.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ScenarioRequest.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ScenarioMetrics.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ScenarioServerTimings.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ScenarioSessions.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RequestPlan.cpp
  ${CMAKE_CURRENT_LIST_DIR}/AttemptTiming.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Transport.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ArrivalProcess.cpp
  ${CMAKE_CURRENT_LIST_DIR}/PromptSources.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Trace.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Scheduler.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Engine.cpp
  ${CMAKE_CURRENT_LIST_DIR}/GeneratorLag.cpp
  ${CMAKE_CURRENT_LIST_DIR}/LoadRun.cpp
)
target_link_libraries(${PB_CORE_FOLDER_TARGET} PRIVATE CURL::libcurl nlohmann_json::nlohmann_json)
