#!/usr/bin/env bash
# Renders docs/images/report-first-page.png, the README's picture of a
# report's first page, from a fresh demo run as the quick start makes it: the
# built-in demo (gateway, receiver, load, join), stepped past the demo pool's
# knee with the demo's budgets stored before it starts, the PDF report, its
# first page at 60 dpi (pdftoppm from poppler-utils).
# Usage: docs/images/make-report-picture.sh [path/to/phasebench-cli]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
cli="${1:-$root/build/dev/app/phasebench-cli}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$cli" demo --db "$work/demo.phasebench" --quiet > /dev/null
QT_QPA_PLATFORM=offscreen "$cli" report --db "$work/demo.phasebench" --format pdf --page a4 -o "$work/report.pdf"
pdftoppm -png -r 60 -f 1 -l 1 -singlefile "$work/report.pdf" "$here/report-first-page"
echo "wrote $here/report-first-page.png"
