#!/usr/bin/env bash
# Installs the dependencies, builds (Release; CUDA when nvcc is present) and runs the whole test suite,
# then runs the CPU suite again under AddressSanitizer + UndefinedBehaviorSanitizer (cpu backend only).
# GPU tests skip with a message where no CUDA device exists. Last, each libFuzzer target runs for 60 s
# (RACELAB_FUZZ_SECONDS) from its seeds and saved regressions.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/install-deps.sh
cmake --preset release -DRACELAB_CUDA_ARCHITECTURES= >/dev/null  # the default list, whatever run.sh chose
cmake --build --preset release -j "$(nproc)"
cmake --preset sanitize >/dev/null
cmake --build --preset sanitize -j "$(nproc)"
echo "== tests under AddressSanitizer + UndefinedBehaviorSanitizer"
ctest --preset sanitize -j "$(nproc)"
echo "== tests of the release build"
ctest --preset release -j "$(nproc)"
echo "== bounded fuzz runs (clang libFuzzer + ASan/UBSan)"
bash tools/fuzz.sh "${RACELAB_FUZZ_SECONDS:-60}"
