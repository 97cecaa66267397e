# target_sources(phasebench_core PRIVATE ...) for the importers of other tools' formats
