#!/usr/bin/env bash
# Builds the libFuzzer targets in the sanitizer build (preset "sanitize": clang, AddressSanitizer +
# UndefinedBehaviorSanitizer and libFuzzer's coverage on everything, the same objects the CPU suite runs under
# the sanitizers, so CI compiles them once; tools/test.sh has built them already) and runs each for SECONDS
# (default 60) from the seed corpus (fuzz/make_seeds.py) and the saved regressions (fuzz/regressions/ENTRY/).
# A crash leaves its input in build-sanitize/fuzz/artifacts/ENTRY/: fix the bug, then copy the input into
# fuzz/regressions/ENTRY/ so that the CPU tests replay it from then on.
# Usage: tools/fuzz.sh [SECONDS] [ENTRY ...]     ENTRY: meshFiles image svg commandLine (default: all)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
entries=${*:-meshFiles image svg commandLine}
targets=$(for e in $entries; do printf 'fuzz_%s ' "$e"; done)
work=build-sanitize/fuzz
echo "== building $targets(preset sanitize)"
cmake --preset sanitize >/dev/null
mkdir -p $work
cmake --build --preset sanitize --target $targets >$work/build.log 2>&1 || { tail -30 $work/build.log; exit 1; }
python3 fuzz/make_seeds.py $work/seeds
status=0
for e in $entries; do
  corpus=$work/corpus/$e artifacts=$work/artifacts/$e log=$work/fuzz_$e.log
  mkdir -p "$corpus" "$artifacts"
  echo "== fuzz_$e for ${seconds} s"
  if build-sanitize/bin/fuzz_$e -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
       -artifact_prefix="$artifacts/" -print_final_stats=1 "$corpus" "$work/seeds/$e" "fuzz/regressions/$e" \
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
