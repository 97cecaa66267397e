// The importer a fuzz-import-* target runs (set per target by CMake).
extern const char* const pbFuzzImporter;
const char* const pbFuzzImporter = PB_FUZZ_IMPORTER;
