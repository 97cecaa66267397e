#!/usr/bin/env bash
# Sets up a Debian 12 machine, builds the release preset and opens the
# workbench on a live demo run (demo gateway + OTLP receiver on loopback).
# Without a display it runs `phasebench-cli demo` and prints its report.
set -euo pipefail
cd "$(dirname "$0")/.."

bash packaging/setup.sh
cmake --preset release >/dev/null
cmake --build --preset release -j "$(nproc)" --target phasebench phasebench-cli

bin=build/release/app
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ] && [ "${PHASEBENCH_HEADLESS:-0}" != 1 ]; then
  exec "$bin/phasebench" --demo "$@"
fi

echo "phasebench: no display; running the demo in the terminal instead of the window." >&2
mkdir -p build
db=build/demo.phasebench
"$bin/phasebench-cli" demo --db "$db" "$@"
echo
"$bin/phasebench-cli" runs --db "$db"
