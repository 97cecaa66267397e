# core/budget: phase budgets and gates (read from JSON) and their versions
# stored with a run; used by the load engine and the diagnosis alike.
target_sources(phasebench_core PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/BudgetJson.cpp
  ${CMAKE_CURRENT_LIST_DIR}/BudgetStore.cpp
)
