# core/budget: phase budgets and gates (read from JSON) and their versions
# stored with a run; used by the load engine and the diagnosis alike.
target_sources(${PB_CORE_FOLDER_TARGET} PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/BudgetJson.cpp
  ${CMAKE_CURRENT_LIST_DIR}/BudgetStore.cpp
)
