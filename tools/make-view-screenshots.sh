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
shot side --scene histogram/random --param bins=32 --variant bad --view side     # GPU bars short of the CPU's
shot wipe --scene circles/rand10k --variant bad --view wipe --wipe 0.5            # order and updates lost
shot diff --scene fourier/text --variant bad --frame 300 --view diff              # jumping arms, trail speckles
shot heat --scene fourier/text --variant bad --frame 300 --view heat --heat-frames 32
shot heat-trail --scene fourier/text --variant bad-trail --frame 300 --view heat --heat-frames 32
ls -l "$out"
