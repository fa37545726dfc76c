#!/usr/bin/env bash
# The compute-sanitizer matrix on a machine with an NVIDIA GPU, one line per case:
#   memcheck and initcheck on every correct variant of every workload (good, mesh brute, histogram warp), at a tile-aligned size
#   (512x512) and at odd ones (1000x600, 333x217), single frames (check: GPU vs CPU) and animated runs
#   (bench, several frames), the GPU contour preprocessing included (fourier/shapes), and the comparison
#   views (render --view: both variants rendered and composed);
#   racecheck on the variants that race through shared memory (mesh bad: brute force without barriers;
#   fourier bad: the scan missing its barriers), on their good twins (mesh brute, fourier good) and on the
#   circle renderer's good variant (staged circles and per-warp lists in shared memory; also its lists per coarse
#   tile and its two-pixel render, RACELAB_CIRCLES_PATH / RACELAB_CIRCLES_PIXELS_PER_THREAD) and the histogram's
#   (bins privatised in shared memory).
# racecheck sees shared memory only: the global-memory races of circles bad and planes bad are shown by
# `racelab check` (the frame differs from the CPU reference) and by the viewer's race meter instead.
#   frames through GL: both interop forms, with frames in flight (bench's throughput pass);
#   synccheck on the same cases as memcheck: barriers and warp-synchronous intrinsics used correctly (the
#   per-warp lists of the circle renderer, the block scans, the tiled brute force).
# Usage: tools/sanitizer-matrix.sh OUT [TOOL ...]   TOOL: memcheck initcheck synccheck racecheck (default: all)
#        logs in OUT/, the table in OUT/matrix.txt; exit 1 on a failure
#        MATRIX_CASES=REGEX runs only the cases whose name matches (e.g. MATRIX_CASES=user-kernel)
set -uo pipefail
out=${1:?usage: tools/sanitizer-matrix.sh OUT [TOOL ...]}
shift
tools=${*:-memcheck initcheck synccheck racecheck}
bin=${RACELAB_BIN:-build/bin}/racelab
mkdir -p "$out"
table="$out/matrix.txt"
: >"$table"
failures=0
# case TOOL EXPECT NAME ARGS...   EXPECT: clean (0 errors/hazards), hazards (racecheck must report some) or faults
# (memcheck must report some); a case that shows what it must says "ok (hazard shown)" or "ok (fault shown)"
case_() {
  local tool=$1 expect=$2 name=$3; shift 3
  [[ -z "${MATRIX_CASES:-}" || "$name" =~ $MATRIX_CASES ]] || return 0
  local log="$out/$tool-$name.log"
  local extra=()
  [ "$tool" = racecheck ] && extra=(--racecheck-report hazard)
  compute-sanitizer --tool "$tool" --target-processes all "${extra[@]}" --print-limit 20 "$bin" "$@" >"$log" 2>&1
  local rc=$? found verdict
  if [ "$tool" = racecheck ]; then
    # "RACECHECK SUMMARY: 20 hazards displayed (30920 errors, 6240 warnings)": count all, not the displayed
    found=$(sed -n 's/.*RACECHECK SUMMARY: .*(\([0-9]*\) errors, \([0-9]*\) warnings).*/\1 \2/p' "$log" | tail -1 |
            awk '{print $1 + $2}')
  else
    found=$(grep -o 'ERROR SUMMARY: [0-9]* error' "$log" | grep -o '[0-9]*' | tail -1)
  fi
  found=${found:-?}
  if [ "$expect" = clean ]; then
    if [ "$found" = 0 ] && { [ $rc -eq 0 ] || [ "$tool" = racecheck ]; }; then verdict=ok; else verdict=FAIL; fi
  else
    if [ "$found" != "?" ] && [ "$found" -gt 0 ]; then verdict="ok (${expect%s} shown)"; else verdict=FAIL; fi
  fi
  [ "${verdict%% *}" = ok ] || failures=$((failures + 1))
  printf '%-9s %-40s %-14s exit %-3s %s\n' "$tool" "$name" "${found} found" "$rc" "$verdict" | tee -a "$table"
}
for tool in $tools; do
  [ "$tool" = racecheck ] && continue
  for size in 512x512 1000x600 333x217; do
    case_ $tool clean "circles-rand10k-good-$size" check --scene circles/rand10k --size $size
    case_ $tool clean "planes-default-good-$size" check --scene planes/default --size $size --frame 7
    case_ $tool clean "mesh-torus-good-$size" check --scene mesh/torus --size $size --frame 5
    case_ $tool clean "mesh-icosphere-brute-$size" check --scene mesh/icosphere --variant brute --size $size
    case_ $tool clean "fourier-text-good-$size" check --scene fourier/text --size $size --frame 200
    case_ $tool clean "histogram-random-good-$size" check --scene histogram/random --count 1000003 --size $size
    case_ $tool clean "histogram-skewed-warp-$size" check --scene histogram/skewed --variant warp --size $size
  done
  # Frames as CUDA graphs (bench runs them so), and the circle renderer with its pair buffer too small for the
  # frame (the every-circle path), in one and two binning passes.
  case_ $tool clean "circles-rand100k-graph-bench" bench --scene circles/rand100k --present none --frames 6 --warmup 2 --in-flight 1
  RACELAB_CIRCLE_PAIR_CAPACITY=1000 case_ $tool clean "circles-snow-pairs-overflow" bench --scene circles/snow --present none --frames 4 --warmup 1 --in-flight 1
  RACELAB_CIRCLE_PAIR_CAPACITY=1000 case_ $tool clean "circles-rand100k-pairs-overflow" check --scene circles/rand100k --size 512x512
  # the comparison views: both variants rendered, composed on the GPU (odd sizes: partial warps and rows)
  case_ $tool clean views-circles-side-333x217 render --scene circles/rand10k --view side --size 333x217 --out "$out/side.png"
  case_ $tool clean views-mesh-wipe-1000x600 render --scene mesh/torus --view wipe --size 1000x600 --frame 3 --out "$out/wipe.png"
  case_ $tool clean views-fourier-heat-333x217 render --scene fourier/text --view heat --heat-frames 8 --frame 20 --size 333x217 --out "$out/heat.png"
  case_ $tool clean views-planes-diff-512x512 render --scene planes/default --view diff --size 512x512 --out "$out/diff.png"
  case_ $tool clean circles-rand1M-good-512x384 check --scene circles/rand1M --size 512x384
  case_ $tool clean circles-rand10k-unordered-1000x600 render --scene circles/rand10k --variant unordered --size 1000x600 --out "$out/unordered.png"
  # animated: several frames through the frame loop
  case_ $tool clean circles-snow-good-6frames bench --scene circles/snow --size 1000x600 --present none --frames 4 --warmup 2 --in-flight 1
  case_ $tool clean planes-default-good-6frames bench --scene planes/default --size 1000x600 --present none --frames 4 --warmup 2 --in-flight 1
  case_ $tool clean mesh-torus-good-6frames bench --scene mesh/torus --size 333x217 --present none --frames 4 --warmup 2 --in-flight 1
  case_ $tool clean fourier-text-good-6frames bench --scene fourier/text --size 1000x600 --present none --frames 4 --warmup 2 --in-flight 1
  # through GL (EGL device context): texture interop and the PBO pair, frames one at a time and then two in
  # flight (bench's throughput pass)
  case_ $tool clean circles-rand10k-interop-texture-inflight bench --scene circles/rand10k --size 333x217 --present interop-texture --frames 3 --warmup 1
  case_ $tool clean planes-default-interop-pbo-inflight bench --scene planes/default --size 1000x600 --present interop-pbo --frames 3 --warmup 1
  case_ $tool clean fourier-shapes-gpu-preprocessing render --scene fourier/shapes --count 120 --size 640x480 --frame 30 --out "$out/shapes.png"
  case_ $tool clean visibility-torus visibility --scene mesh/torus --origin 0,2,0 --runs 1 --out "$out/vis.txt"
  case_ $tool clean visibility-torus-writeup-ray visibility --scene mesh/torus --origin 0,2,0 --runs 1 --rule writeup --out "$out/vis-w.txt"
  case_ $tool clean visibility-torus-margin-brute visibility --scene mesh/torus --origin 0,2,0 --runs 1 --rule margin --variant brute --out "$out/vis-m.txt"
  case_ $tool clean circles-micro2M-good-1000x600 check --scene circles/micro2M --size 1000x600
  # the circle renderer's other paths (pathFor): every circle per tile with two pixels a thread (hypnosis' 25
  # circles), lists per coarse tile made by one launch (a block scan; RACELAB_CIRCLES_PATH=listed keeps these
  # cases on that path if the bounds move); and two pixels a thread forced where the renderer takes one, on both
  # passes of the two-pass mode (rand100k) and at odd sizes
  case_ $tool clean circles-hypnosis-every-2px-333x217 check --scene circles/hypnosis --size 333x217
  RACELAB_CIRCLES_PATH=listed case_ $tool clean circles-rand10k-listed-1000x600 check --scene circles/rand10k --size 1000x600
  RACELAB_CIRCLES_PATH=listed case_ $tool clean circles-pattern-listed-333x217 check --scene circles/pattern --size 333x217
  RACELAB_CIRCLES_PIXELS_PER_THREAD=2 case_ $tool clean circles-rand100k-2px-333x217 check --scene circles/rand100k --size 333x217
  RACELAB_CIRCLES_PIXELS_PER_THREAD=2 RACELAB_CIRCLES_PATH=listed case_ $tool clean circles-rand10k-listed-2px-512x512 \
    check --scene circles/rand10k --size 512x512
  # User kernels run in racelab's worker process, which the sanitizer follows (--target-processes all): the
  # tiled example is clean; the racy starter races but stays in bounds; a kernel reading one row past the
  # image is what memcheck must name, at its line of the user's file (at the end of the matrix). Not under initcheck: a user kernel's
  # inputs and cleared image are written by racelab's process through CUDA IPC, which initcheck in the
  # worker does not see, so every read of them is reported uninitialized (1.6 million reports for the tiled
  # example on the H100, at its first read of the radius array).
  kernels=$(dirname "$bin")/../share/racelab/kernels/circles
  [ "$tool" = initcheck ] || case_ $tool clean user-kernel-tiled-1000x600 check --scene circles/rand10k --size 1000x600 --kernel "$kernels/tiled.cu" --kernel-timeout 300
  [ "$tool" = initcheck ] || case_ $tool clean user-kernel-starter-512x512 render --scene circles/rand10k --size 512x512 --kernel "$kernels/starter.cu" --kernel-timeout 300 --out "$out/starter.png"
done
if [[ " $tools " == *" racecheck "* ]]; then
# racecheck instruments every shared-memory access: the cases are small (a 32x32 height field of 2,048
# triangles, 8 tiles of 256, seen from above by 1,089 vertex rays) so that each takes seconds, not hours.
python3 - "$out" <<'PY'
import sys
n = 32
with open(sys.argv[1] + "/grid-verts.csv", "w") as v, open(sys.argv[1] + "/grid-tris.csv", "w") as t:
    for y in range(n + 1):
        for x in range(n + 1):
            v.write(f"{x / n},{((x * 7 + y * 3) % 5) / 40},{y / n}\n")
    for y in range(n):
        for x in range(n):
            a = y * (n + 1) + x
            t.write(f"{a}.0,{a + 1}.0,{a + n + 1}.0\n{a + 1}.0,{a + n + 2}.0,{a + n + 1}.0\n")
PY
grid=(--verts "$out/grid-verts.csv" --tris "$out/grid-tris.csv" --origin 0.5,2,0.5 --runs 1 --backend cuda)
case_ racecheck hazards mesh-grid-bad visibility "${grid[@]}" --variant bad --out "$out/vis-bad.txt"
case_ racecheck clean mesh-grid-brute visibility "${grid[@]}" --variant brute --out "$out/vis-brute.txt"
case_ racecheck clean mesh-grid-good visibility "${grid[@]}" --variant good --out "$out/vis-good.txt"
case_ racecheck hazards fourier-text-bad render --scene fourier/text --variant bad --size 320x180 --frame 2 --out "$out/fourier-bad.png"
case_ racecheck clean fourier-text-good render --scene fourier/text --variant good --size 320x180 --frame 2 --out "$out/fourier-good.png"
# the circle renderer shares its staged circles and per-warp lists through shared memory
case_ racecheck clean circles-rand10k-good render --scene circles/rand10k --size 160x120 --out "$out/circles-rc.png"
case_ racecheck clean circles-micro2M-good render --scene circles/micro2M --size 160x120 --out "$out/micro-rc.png"
RACELAB_CIRCLES_PATH=listed case_ racecheck clean circles-rand10k-listed render --scene circles/rand10k --size 160x120 --out "$out/listed-rc.png"
RACELAB_CIRCLES_PIXELS_PER_THREAD=2 case_ racecheck clean circles-rand10k-2px render --scene circles/rand10k --size 160x120 --out "$out/2px-rc.png"
# the histogram's good variant privatises its bins in shared memory (shared atomics, then the merge)
case_ racecheck clean histogram-random-good render --scene histogram/random --count 100000 --size 160x120 --out "$out/hist-rc.png"
case_ racecheck clean fourier-shapes-preprocessing render --scene fourier/shapes --count 40 --size 160x120 --out "$out/shapes-rc.png"
# user kernels in their worker: the tiled example sorts and stages circles in shared memory (clean); the judge's
# test kernel reads its neighbours' shared values without a barrier (racecheck must see it)
kernels=$(dirname "$bin")/../share/racelab/kernels
case_ racecheck clean user-kernel-tiled render --scene circles/rand10k --size 160x120 --kernel "$kernels/circles/tiled.cu" --kernel-timeout 300 --out "$out/tiled-rc.png"
case_ racecheck hazards user-kernel-shared-race render --scene circles/rgb --size 64x64 --kernel tests/data/kernels/shared_race.cu --kernel-timeout 300 --out "$out/shared-race-rc.png"
fi
# Last of all, a kernel that faults: on driver 580 a CUDA fault in any process can stall GL for every later
# process (docs/HARDENING.md, §6), which the interop cases above would then measure.
if [[ " $tools " == *" memcheck "* ]]; then
  printf '%s\n' '#include <racelab/circles.cuh>' '__global__ void readPastTheImage() {' \
    '    int w = cuConstRendererParams.imageWidth, h = cuConstRendererParams.imageHeight;' \
    '    cuConstRendererParams.imageData[0] = cuConstRendererParams.imageData[4 * (w * h + 1024 * 1024)];' '}' \
    'RACELAB_LAUNCHES(RACELAB_PER_ITEM(readPastTheImage, RACELAB_CIRCLES, 1));' >"$out/faulting.cu"
  case_ memcheck faults user-kernel-faulting check --scene circles/rgb --size 64x64 --kernel "$out/faulting.cu"
  if [[ -z "${MATRIX_CASES:-}" || user-kernel-faulting =~ $MATRIX_CASES ]] && grep -q "faulting.cu:4" "$out/memcheck-user-kernel-faulting.log"; then
    echo "   memcheck names faulting.cu:4" | tee -a "$table"
  fi
fi
echo "$(grep -c . "$table") cases, $failures failed" | tee -a "$table"
[ $failures -eq 0 ]
