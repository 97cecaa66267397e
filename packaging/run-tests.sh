#!/usr/bin/env bash
# Sets up a Debian 12 machine, builds the dev preset (debug, warnings as errors)
# and runs every test suite through CTest, then builds the fuzz preset (clang,
# libFuzzer, ASan + UBSan) and runs each fuzz target for a short smoke time.
set -euo pipefail
cd "$(dirname "$0")/.."

bash packaging/setup.sh
cmake --preset dev
cmake --build --preset dev -j "$(nproc)"
ctest --preset dev -j "$(nproc)"
cmake --preset fuzz
cmake --build --preset fuzz -j "$(nproc)"
bash fuzz/run-smoke.sh 10
