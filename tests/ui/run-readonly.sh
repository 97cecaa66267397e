#!/usr/bin/env bash
# Runs tst_ui_readonly on a workbench file whose folder is bind-mounted
# read-only in a private user+mount namespace (read-only media, even for
# root). Usage: run-readonly.sh CLI TEST
set -euo pipefail
cli=$1
test=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
printf 'outcome,total_ms\ncompleted,12\ncompleted,15\n' > "$dir/rows.csv"
"$cli" import --db "$dir/ro.phasebench" "$dir/rows.csv" >/dev/null
export PHASEBENCH_RO_WORKBENCH="$dir/ro.phasebench"
exec unshare -rm sh -c 'mount --bind "$1" "$1" && mount -o remount,bind,ro "$1" && exec "$2"' sh "$dir" "$test"
