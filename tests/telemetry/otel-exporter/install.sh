#!/usr/bin/env bash
# Installs the npm packages of the OpenTelemetry exporter test helper into a
# folder under the build directory (never into the source tree), from the
# committed package-lock.json. Called by the CTest fixture otel_exporter_install.
# Usage: install.sh DEST_DIR
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
dest="${1:?usage: install.sh DEST_DIR}"
mkdir -p "$dest"
if ! command -v npm >/dev/null 2>&1 || ! command -v node >/dev/null 2>&1; then
  echo "otel-exporter: node/npm not installed; the exporter test will be skipped" >&2
  exit 0
fi
# Reinstall only when the lock file changed.
if [ -d "$dest/node_modules" ] && cmp -s "$here/package-lock.json" "$dest/package-lock.json"; then
  echo "otel-exporter: packages up to date in $dest"
  exit 0
fi
cp "$here/package.json" "$here/package-lock.json" "$dest/"
cd "$dest"
for attempt in 1 2 3; do
  if npm ci --no-audit --no-fund --loglevel=error; then
    echo "otel-exporter: installed into $dest"
    exit 0
  fi
  echo "otel-exporter: npm ci failed (attempt $attempt)" >&2
  sleep $((attempt * 5))
done
exit 1
