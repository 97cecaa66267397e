#!/usr/bin/env bash
# Sets up a Debian 12 machine, builds the release preset and opens the
# workbench on a live demo run (demo gateway + OTLP receiver on loopback).
# Without a display it runs `phasebench-cli demo` and prints the run's report
# (Markdown; its charts are written beside it as PNG files).
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
# Progress goes to stderr; the summary (JSON) names the new run for the report.
summary="$("$bin/phasebench-cli" demo --db "$db" --json "$@")"
run="$(printf '%s\n' "$summary" | sed -n 's/^  "id": \([0-9][0-9]*\),$/\1/p')"
mkdir -p build/demo-report
QT_QPA_PLATFORM=offscreen "$bin/phasebench-cli" report --db "$db" --run "$run" --format md \
  --charts -o build/demo-report/report.md
cat build/demo-report/report.md
echo
echo "phasebench: the run is in $db; the report and its charts in build/demo-report/." >&2
