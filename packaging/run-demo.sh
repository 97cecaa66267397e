#!/usr/bin/env bash
# Sets up a Debian 12 machine, builds the release preset and opens the
# workbench on the demo. Without a display it prints the demo report instead.
set -euo pipefail
cd "$(dirname "$0")/.."

bash packaging/setup.sh
cmake --preset release >/dev/null
cmake --build --preset release -j "$(nproc)" --target phasebench phasebench-cli

bin=build/release/app
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ] && [ "${PHASEBENCH_HEADLESS:-0}" != 1 ]; then
  exec "$bin/phasebench" --demo "$@"
fi

echo "phasebench: no display; printing the demo report instead of opening the window." >&2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
db="$work/demo.phasebench"
"$bin/phasebench-cli" import resources/samples/demo_requests.csv --db "$db" --run demo
"$bin/phasebench-cli" runs --db "$db"
if "$bin/phasebench-cli" --help | grep -q '^  stats'; then
  "$bin/phasebench-cli" stats --db "$db" --run 1
fi
