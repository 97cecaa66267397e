// Opening a workbench file written by an older Phasebench migrates it. On a
// big file a step takes seconds (v8 reads every span: ~13 s per million
// requests x 6 spans), so the window upgrades such a file as a job with
// progress and cancel before it opens it, instead of inside the open.
#pragma once

#include "util/Progress.h"

#include <string>

namespace pb::store {

// False when this user may not change the file (permissions, read-only media):
// it is then opened read-only. WAL needs the -wal and -shm files beside it, so
// the folder counts too unless they exist and are writable. A path that does
// not exist yet counts as writable (creating it says why it cannot be).
bool writableFile(const std::string& path);

// True when `path` is a writable Phasebench workbench file of an older schema
// version than this build's. False for anything else, without an error: the
// regular open says what is wrong with a file it cannot open.
bool needsUpgrade(const std::string& path);

// Migrates `path` to this build's schema (schema::migrate). `progress` counts
// thousandths of a step; when it returns false the step in progress is rolled
// back, pb::Cancelled is thrown and the file stays openable at the last
// completed step. Throws StoreError when the file cannot be upgraded.
void upgrade(const std::string& path, const ProgressFn& progress);

} // namespace pb::store
