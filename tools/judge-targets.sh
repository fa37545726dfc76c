#!/usr/bin/env bash
# The judge's speed targets (docs/BENCHMARKS.md, "Judging user kernels"), measured by wall clock on this
# machine's GPU, with each command's own output kept in OUT/:
#   check --kernel on one 1024x1024 scene after its compile (the second run: the build comes from the cache),
#   check --repeat 20 on rand10k, and grade of one circles submission on every CS149 scene.
# Usage: RACELAB_BIN=build/bin tools/judge-targets.sh OUT
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:?usage: tools/judge-targets.sh OUT}
bin=${RACELAB_BIN:-build/bin}
mkdir -p "$out"
export RACELAB_KERNEL_CACHE="$out/kernel-cache"   # a cold cache first, so the first run shows the compile
tiled=assets/kernels/circles/tiled.cu
starter=assets/kernels/circles/starter.cu

# seconds of wall clock for one command; its output goes to OUT/NAME.log
timed() {
  local name=$1; shift
  local start end
  start=$(date +%s.%N)
  "$@" >"$out/$name.log" 2>&1 || true
  end=$(date +%s.%N)
  printf "%-40s %7.2f s   %s\n" "$name" "$(awk "BEGIN { print $end - $start }")" "$*" | tee -a "$out/targets.txt"
}

cd "$out" >/dev/null && out=$(pwd) && cd - >/dev/null
timed check-tiled-rand10k-cold  "$bin/racelab" check --scene circles/rand10k --kernel $tiled --diff "$out/d.png"
timed check-tiled-rand10k-warm  "$bin/racelab" check --scene circles/rand10k --kernel $tiled --diff "$out/d.png"
timed check-starter-rand10k-cold "$bin/racelab" check --scene circles/rand10k --kernel $starter --diff "$out/d.png"
timed check-starter-rand10k-warm "$bin/racelab" check --scene circles/rand10k --kernel $starter --diff "$out/d.png"
timed repeat20-starter-rand10k  "$bin/racelab" check --scene circles/rand10k --kernel $starter --repeat 20 --heat "$out/starter-heat.png" --diff "$out/d.png"
timed repeat20-tiled-rand10k    "$bin/racelab" check --scene circles/rand10k --kernel $tiled --repeat 20 --heat "$out/tiled-heat.png" --diff "$out/d.png"
timed good-alone-rand10k        "$bin/racelab" check --scene circles/rand10k --diff "$out/d.png"
timed grade-tiled-every-cs149-scene "$bin/racelab" grade $tiled --json "$out/grade-tiled.json" --html "$out/grade-tiled"
echo "logs in $out"
