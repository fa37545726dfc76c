#!/usr/bin/env bash
# The screenshots of the comparison views in docs/views/ (README, "Seeing a race"), rendered headless on a
# machine with an NVIDIA GPU: racelab render --view for each view, small PNGs.
# Usage: tools/make-view-screenshots.sh OUTDIR   (RACELAB_BIN: the folder with racelab, default build/bin)
set -euo pipefail
out=${1:?usage: tools/make-view-screenshots.sh OUTDIR}
bin=${RACELAB_BIN:-build/bin}/racelab
mkdir -p "$out"
size=480x270
shot() {  # NAME ARGS...
  local name=$1; shift
  "$bin" render --size $size --out "$out/$name.png" "$@"
}
shot side --scene histogram/skewed --param bins=48 --variant bad --view side
shot wipe --scene mesh/torus --variant bad --frame 40 --view wipe --wipe 0.45
shot diff --scene circles/rand10k --variant unordered --view diff
shot heat --scene fourier/text --variant bad --frame 300 --view heat --heat-frames 32
shot heat-trail --scene fourier/text --variant bad-trail --frame 300 --view heat --heat-frames 32
ls -l "$out"
