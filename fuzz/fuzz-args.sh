# Shared by run-smoke.sh and run-campaign.sh (sourced from the repository root).

# libFuzzer flags for one target: a slow input (10 s) or 2 GB of memory is a
# finding; inputs up to 16 KB (larger seeds, such as the 130 KB sample CSV,
# are cut: every format here is line- or element-based and small inputs run
# many times faster); a dictionary where the format has one.
fuzz_args() {
  local t="$1" dict=""
  case "$t" in
    sse) dict=fuzz/dict/sse.dict ;;
    traceparent) dict=fuzz/dict/traceparent.dict ;;
    metrics) dict=fuzz/dict/prometheus.dict ;;
    otlp-protobuf) dict="" ;;
    import-csv | import-generic-csv) dict=fuzz/dict/csv.dict ;;
    *) dict=fuzz/dict/json.dict ;;
  esac
  echo "-timeout=10 -rss_limit_mb=2048 -max_len=16384 -print_final_stats=1${dict:+ -dict=$dict}"
}

# Read-only seed folders after the writable corpus: generated seeds from
# tests/data and the committed hand-written and regression inputs.
fuzz_seed_dirs() {
  local t="$1"
  for d in "build/fuzz/fuzz/seeds/$t" "fuzz/corpus/$t"; do
    [ -d "$d" ] && echo "$d"
  done
}

# "cov: 1234 ft: 5678 corp: 90" from the last status line of a log.
fuzz_last_status() {
  grep -E '^#[0-9]+' "$1" | tail -1 | grep -oE 'cov: [0-9]+ ft: [0-9]+ corp: [0-9]+' || echo "no status"
}
