#!/usr/bin/env bash
# Runs every fuzz target of the `fuzz` preset for a short time (default 15 s
# each) on its seeds and the committed regression inputs; fails on any crash,
# leak, timeout, out-of-memory or broken invariant.
#   fuzz/run-smoke.sh [SECONDS] [TARGET...]
# Build first: cmake --preset fuzz && cmake --build --preset fuzz -j2
set -uo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-15}"
shift || true
build=build/fuzz/fuzz
if [ ! -f "$build/targets.txt" ]; then
  echo "fuzz smoke: $build/targets.txt is missing; build the fuzz preset first" >&2
  exit 2
fi
if [ $# -gt 0 ]; then targets=("$@"); else mapfile -t targets < "$build/targets.txt"; fi

source fuzz/fuzz-args.sh
# One target per core at a time: the smoke's wall time is the README's test
# command's last step.
jobs="${FUZZ_JOBS:-$(nproc)}"
smoke_one() {
  local t="$1"
  local corpus="build/fuzz/corpus/$t"
  local artifacts="build/fuzz/artifacts/$t"
  local log="build/fuzz/logs/smoke-$t.log"
  mkdir -p "$corpus" "$artifacts" "$(dirname "$log")"
  # libFuzzer exits non-zero on a finding; the input is kept in $artifacts.
  if "$build/fuzz-$t" $(fuzz_args "$t") -max_total_time="$seconds" -artifact_prefix="$artifacts/" \
      "$corpus" $(fuzz_seed_dirs "$t") >"$log" 2>&1; then
    echo "fuzz smoke: $t ok ($(fuzz_last_status "$log"))"
  else
    echo "fuzz smoke: $t FAILED, log $log, input in $artifacts/" >&2
    grep -E '^==[0-9]+==ERROR|runtime error|invariant violated|^SUMMARY' "$log" | head -5 >&2
    return 1
  fi
}
results=$(mktemp)
trap 'rm -f "$results"' EXIT
running=0
for t in "${targets[@]}"; do
  ( if smoke_one "$t"; then echo "ok $t" >>"$results"; else echo "failed $t" >>"$results"; fi ) &
  running=$((running + 1))
  if [ "$running" -ge "$jobs" ]; then
    wait -n || true
    running=$((running - 1))
  fi
done
wait
passed=$(grep -c '^ok ' "$results" || true)
mapfile -t failed < <(grep '^failed ' "$results" | cut -d' ' -f2)
# The closing line CI reads: "fuzz: N passed, N failed".
echo "fuzz: ${passed} passed, ${#failed[@]} failed"
[ ${#failed[@]} -eq 0 ] && [ "$passed" -eq ${#targets[@]} ]
