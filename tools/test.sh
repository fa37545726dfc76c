#!/usr/bin/env bash
# Installs the dependencies, builds everything (Release; CUDA when nvcc is present, for the default list of GPU
# architectures) and runs the whole test suite, then builds the sanitizer tree (clang, AddressSanitizer +
# UndefinedBehaviorSanitizer and libFuzzer's coverage, cpu backend only) and runs the CPU suite again under it.
# GPU tests skip with a message where no CUDA device exists. Last, each libFuzzer target, built in the
# sanitizer tree, runs for 60 s (RACELAB_FUZZ_SECONDS) from its seeds and saved regressions.
# At its end (passed or failed) it prints how long each stage took.
set -euo pipefail
cd "$(dirname "$0")/.."
stages=()
started=$SECONDS
stage() {  # stage NAME COMMAND...: runs it and keeps its time for the table at the end
  local name=$1 begin=$SECONDS
  shift
  echo "== $name"
  "$@"
  stages+=("$(printf '%-44s %4d min %02d s' "$name" $(((SECONDS - begin) / 60)) $(((SECONDS - begin) % 60)))")
}
report() {
  local rc=$?
  echo "== time by stage"
  for line in "${stages[@]}"; do echo "   $line"; done
  [ $rc -eq 0 ] || echo "   (stopped by a failure in the stage after the last one listed)"
  printf '   %-44s %4d min %02d s\n' "total" $(((SECONDS - started) / 60)) $(((SECONDS - started) % 60))
}
trap report EXIT
stage "install the dependencies" bash tools/install-deps.sh
stage "configure and build (Release)" bash -c \
  'cmake --preset release -DRACELAB_CUDA_ARCHITECTURES= >/dev/null && cmake --build --preset release -j "$(nproc)"'
stage "configure and build (sanitizers, fuzzers)" bash -c \
  'cmake --preset sanitize >/dev/null && cmake --build --preset sanitize -j "$(nproc)"'
stage "tests under AddressSanitizer + UBSan" ctest --preset sanitize -j "$(nproc)"
stage "tests of the release build" ctest --preset release -j "$(nproc)"
stage "bounded fuzz runs" bash tools/fuzz.sh "${RACELAB_FUZZ_SECONDS:-60}"
