#!/usr/bin/env bash
# A longer fuzzing campaign: every target (or the ones named) for SECONDS
# (default 600), JOBS at a time (default 2), at the lowest CPU priority.
# Logs go to build/fuzz/campaign/<target>.log, findings to
# build/fuzz/artifacts/<target>/, and a Markdown table of the figures to
# build/fuzz/campaign/summary.md.
#   fuzz/run-campaign.sh [SECONDS] [JOBS] [TARGET...]
#   fuzz/run-campaign.sh summary      # the table again, from every log there is
# A target run again (after a fix) keeps its previous log as <target>.prev.log.
set -uo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-600}"
jobs="${2:-2}"
shift 2 || shift $#
build=build/fuzz/fuzz
if [ $# -gt 0 ]; then targets=("$@"); else mapfile -t targets < "$build/targets.txt"; fi
out=build/fuzz/campaign
mkdir -p "$out"
summary_only=false
if [ "$seconds" = summary ]; then
  summary_only=true
  mapfile -t targets < "$build/targets.txt"
fi

run_one() {
  local t="$1" seconds="$2" build="$3" out="$4"
  source fuzz/fuzz-args.sh
  mkdir -p "build/fuzz/corpus/$t" "build/fuzz/artifacts/$t"
  for f in log rc cpu; do
    [ -f "$out/$t.$f" ] && mv "$out/$t.$f" "$out/$t.prev.$f"
  done
  # CPU seconds beside the wall time: on a shared machine a nice 19 target
  # may get a small share of a core.
  local TIMEFORMAT='%U %S'
  # shellcheck disable=SC2046
  { time {
    nice -n 19 "$build/fuzz-$t" $(fuzz_args "$t") -max_total_time="$seconds" \
      -artifact_prefix="build/fuzz/artifacts/$t/" "build/fuzz/corpus/$t" $(fuzz_seed_dirs "$t") \
      >"$out/$t.log" 2>&1
    echo "$?" >"$out/$t.rc"
  }; } 2>"$out/$t.cpu"
  echo "campaign: $t done (exit $(cat "$out/$t.rc"))"
}
export -f run_one

$summary_only || printf '%s\n' "${targets[@]}" | xargs -P "$jobs" -I{} bash -c 'run_one "$@"' _ {} "$seconds" "$build" "$out"

# Figures from libFuzzer's final statistics and its last status line.
{
  echo "| target | time (s) | CPU (s) | executions | exec/s | cov | ft | corpus | peak RSS (MB) | result |"
  echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |"
  for t in "${targets[@]}"; do
    log="$out/$t.log"
    [ -f "$log" ] || continue
    stat() { grep -oE "^stat::$1: *[0-9]+" "$log" | grep -oE '[0-9]+$' | tail -1; }
    last=$(grep -E '^#[0-9]+' "$log" | tail -1)
    cov=$(grep -oE 'cov: [0-9]+' <<<"$last" | grep -oE '[0-9]+')
    ft=$(grep -oE 'ft: [0-9]+' <<<"$last" | grep -oE '[0-9]+')
    corp=$(grep -oE 'corp: [0-9]+/[0-9]+[a-zA-Z]*' <<<"$last" | cut -d' ' -f2)
    rc=$(cat "$out/$t.rc" 2>/dev/null || echo "?")
    result="no finding"
    [ "$rc" = "?" ] && result="running"
    [ "$rc" = 0 ] || [ "$rc" = "?" ] || result="FINDING (exit $rc): $(grep -m1 -oE 'ERROR: [A-Za-z]+: [a-z-]+|runtime error: .{0,60}|invariant violated: .*|libFuzzer: [a-z-]+' "$log")"
    cpu=$(awk '{printf "%.0f", $1 + $2}' "$out/$t.cpu" 2>/dev/null)
    echo "| $t | $(grep -oE 'Done [0-9]+ runs in [0-9]+' "$log" | grep -oE '[0-9]+$' || echo '?') | ${cpu:-?} | $(stat number_of_executed_units) | $(stat average_exec_per_sec) | $cov | $ft | $corp | $(stat peak_rss_mb) | $result |"
  done
} >"$out/summary.md"
cat "$out/summary.md"
