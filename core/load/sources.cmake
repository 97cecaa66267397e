# target_sources(phasebench_core PRIVATE ...) for core/load
