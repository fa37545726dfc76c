#!/usr/bin/env bash
# Builds the libFuzzer targets (preset "fuzz": clang, AddressSanitizer + UndefinedBehaviorSanitizer) and runs
# each for SECONDS (default 60) from the seed corpus (fuzz/make_seeds.py) and the saved regressions
# (fuzz/regressions/ENTRY/). A crash leaves its input in build-fuzz/artifacts/ENTRY/: fix the bug, then copy
# the input into fuzz/regressions/ENTRY/ so that the CPU tests replay it from then on.
# Usage: tools/fuzz.sh [SECONDS] [ENTRY ...]     ENTRY: meshFiles image svg commandLine (default: all)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
entries=${*:-meshFiles image svg commandLine}
targets=$(for e in $entries; do printf 'fuzz_%s ' "$e"; done)
echo "== building $targets(preset fuzz)"
cmake --preset fuzz >/dev/null
cmake --build --preset fuzz --target $targets >build-fuzz/build.log 2>&1 || { tail -30 build-fuzz/build.log; exit 1; }
python3 fuzz/make_seeds.py build-fuzz/seeds
status=0
for e in $entries; do
  corpus=build-fuzz/corpus/$e artifacts=build-fuzz/artifacts/$e log=build-fuzz/fuzz_$e.log
  mkdir -p "$corpus" "$artifacts"
  echo "== fuzz_$e for ${seconds} s"
  if build-fuzz/bin/fuzz_$e -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
       -artifact_prefix="$artifacts/" -print_final_stats=1 "$corpus" "build-fuzz/seeds/$e" "fuzz/regressions/$e" \
       >"$log" 2>&1; then
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1)
    echo "   fuzz_$e: ok, $runs inputs, $cov edges, corpus $(ls "$corpus" | wc -l) files"
  else
    echo "   fuzz_$e: FAILED -- $log; reproducer in $artifacts/"
    grep -E 'ERROR|SUMMARY|Test unit written|deadly signal|timeout' "$log" | head -10
    status=1
  fi
done
exit $status
