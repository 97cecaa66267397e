#!/usr/bin/env bash
# Sets up a Debian 12 machine, builds the dev preset (debug, warnings as errors)
# and runs every test suite through CTest.
set -euo pipefail
cd "$(dirname "$0")/.."

bash packaging/setup.sh
cmake --preset dev
cmake --build --preset dev -j "$(nproc)"
ctest --preset dev -j "$(nproc)"
