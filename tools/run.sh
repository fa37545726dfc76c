#!/usr/bin/env bash
# Installs the dependencies, builds the racelab binary alone (Release) and opens the viewer on the default
# animated scene. Without a display the viewer says so and renders headless instead. Extra arguments go to
# `racelab view`.
#
# The front door builds only what it runs: the `racelab` target, not the tests, fuzzers or the course
# harness (tools/test.sh builds everything), and GPU code only for the GPU it finds: nvidia-smi's compute
# capability where it reports one (SASS and PTX for that GPU), else PTX alone for the lowest architecture the
# toolkit builds ("portable": the driver of any GPU JIT-compiles it once, at the first start). It says which.
# RACELAB_CUDA_ARCHITECTURES in the environment overrides the choice (CMake's syntax, e.g. "89" or "default").
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/install-deps.sh

arch="${RACELAB_CUDA_ARCHITECTURES:-}"
if [ -z "$arch" ] && ! { [ -x /usr/local/cuda/bin/nvcc ] || command -v nvcc >/dev/null 2>&1; }; then
  echo "run: no nvcc: building without CUDA (the cpu backend only)"
elif [ -z "$arch" ]; then
  capability=""
  if command -v nvidia-smi >/dev/null 2>&1; then
    capability=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader 2>/dev/null | head -n 1 | tr -d ' .' || true)
  fi
  if [[ "$capability" =~ ^[0-9]+$ ]]; then
    arch="$capability"
    echo "run: building GPU code for this machine's GPU (compute capability ${capability:0:-1}.${capability: -1}, from nvidia-smi)"
  else
    arch="portable"
    echo "run: no GPU reported by nvidia-smi: building portable GPU code (PTX for the lowest architecture the toolkit builds, JIT-compiled by the driver of any GPU at the first start)"
  fi
fi
[ "$arch" = "default" ] && arch=""
cmake --preset release -DRACELAB_CUDA_ARCHITECTURES="$arch" >/dev/null
cmake --build --preset release --target racelab -j "$(nproc)"
bash tools/fetch-meshes.sh || echo "run: the real meshes are missing; the procedural ones still work"
exec build/bin/racelab view --scene circles/snow "$@"
