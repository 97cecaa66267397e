# core/diagnose: budgets, gates and symptom-to-owner diagnosis.
target_sources(${PB_CORE_FOLDER_TARGET} PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/Check.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Attribution.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Diagnose.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Figures.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Finding.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Report.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RulesCompare.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RulesMetrics.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RulesPrefixCache.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RulesQuality.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RulesStream.cpp
)
