#!/usr/bin/env bash
# Installs the dependencies, builds (Release) and opens the viewer on the default animated scene.
# Without a display the viewer says so and renders headless instead. Extra arguments go to `racelab view`.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/install-deps.sh
cmake --preset release >/dev/null
cmake --build --preset release -j "$(nproc)"
bash tools/fetch-meshes.sh || echo "run: the real meshes are missing; the procedural ones still work"
exec build/bin/racelab view --scene circles/snow "$@"
