// How many bytes of the workbench file a RunStore's reads map into memory
// instead of copying pages through SQLite's page cache (PRAGMA mmap_size;
// kDefaultMapSize when opened: loading a run's column blocks costs ~40% less
// CPU mapped). Mapped pages a read touched count toward the process's
// resident memory while the connection is open: the window's loader reads a
// whole run, spans included, with 0 (docs/architecture.md, Memory). The
// join's own connections take the caller's setting.
#pragma once

#include <cstdint>

namespace pb::store {

class RunStore;

inline constexpr std::int64_t kDefaultMapSize = std::int64_t(4) << 30;

std::int64_t mapSize(RunStore& store);
// Negative counts as 0.
void setMapSize(RunStore& store, std::int64_t bytes);

} // namespace pb::store
