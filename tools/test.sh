#!/usr/bin/env bash
# Installs the dependencies, builds (Release; CUDA when nvcc is present) and runs the whole test suite.
# GPU tests skip with a message where no CUDA device exists.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/install-deps.sh
cmake --preset release >/dev/null
cmake --build --preset release -j "$(nproc)"
ctest --preset release -j "$(nproc)"
