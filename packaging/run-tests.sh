#!/usr/bin/env bash
# Sets up a Debian 12 machine, builds the dev preset (debug, warnings as errors)
# and runs every test suite through CTest, then builds the fuzz preset (clang,
# libFuzzer, ASan + UBSan) and runs each fuzz target for a short smoke time.
set -euo pipefail
cd "$(dirname "$0")/.."

bash packaging/setup.sh
# An empty compiler cache (a fresh machine) only adds work: every file is a
# miss, preprocessed once more to be stored. A warm one is used as before.
cache=()
if command -v ccache >/dev/null &&
   [ "$(ccache --print-stats 2>/dev/null | awk '$1 == "files_in_cache" { print $2 }')" = 0 ]; then
  cache=(-DPHASEBENCH_CCACHE=OFF)
fi
cmake --preset dev "${cache[@]}"
cmake --build --preset dev -j "$(nproc)"
rc=0
ctest --preset dev -j "$(nproc)" || rc=$?
# Qt Test's skips pass in CTest's count: name them, so a green run that
# skipped something says so (a clone without ../shared skips the sample tests).
skips=$(grep -E '^SKIP   : ' build/dev/Testing/Temporary/LastTest.log 2>/dev/null || true)
echo "phasebench tests: $(printf '%s' "$skips" | grep -c . || true) test function(s) skipped"
[ -z "$skips" ] || printf '%s\n' "$skips" | sed 's/^/  /'
[ "$rc" -eq 0 ] || exit "$rc"
cmake --preset fuzz "${cache[@]}"
cmake --build --preset fuzz -j "$(nproc)"
# 5 s per target on its seeds and regression inputs: a smoke, not a campaign
# (fuzz/run-smoke.sh 600 for that).
bash fuzz/run-smoke.sh 5
