#!/usr/bin/env bash
# Runs the GPU-side validation on a machine with an NVIDIA GPU and writes every log into OUT:
#   tests    - the GPU test suite (racelab_gpu_tests)
#   sanitize - the compute-sanitizer matrix (tools/sanitizer-matrix.sh): memcheck and initcheck on every good
#              variant at aligned and odd sizes, racecheck on the shared-memory races and their twins
#   bench    - the benchmarks behind docs/BENCHMARKS.md
#   window   - the viewer in a real window (needs DISPLAY): NVIDIA GL (interop) and, when Mesa is present,
#              llvmpipe (the staging fallback)
#   profile  - ncu on the good variant's kernels
#   cs149    - racelab's GPU frames (animated on the GPU) against CS149's own CPU reference, whole frames,
#              the course's rule (tools/cs149/compare-with-course.sh); needs CS149_RENDER, a built course renderer
#   gpucode  - the GPU code in the binary: cuobjdump's SASS and PTX lists equal what tools/fatbin_archs.py
#              reads from .nv_fatbin (what the CPU test GpuCode.* checks without cuobjdump), and which of
#              it this GPU runs (racelab list)
#   soak     - view --soak (RACELAB_SOAK_SECONDS, default 300) in the real window (needs DISPLAY); fails on
#              GL/CUDA errors, scenes that never start, memory growth (docs/HARDENING.md)
# Usage: tools/gpu-validate.sh OUT [stage ...]   (default: gpucode tests sanitize bench window)
# Every run writes its own folder OUT/<UTC date>-<commit of the binaries>/, whose summary.txt starts with
# the binaries' `racelab --version` (commit, clean or dirty tree) and the GPU, so results of different
# commits never mix and a reader knows which commit a number belongs to.
set -uo pipefail
parent=${1:?usage: tools/gpu-validate.sh OUT [stage ...]}
shift
stages=${*:-gpucode tests sanitize bench window}
bin=${RACELAB_BIN:-build/bin}
version="$("$bin/racelab" --version 2>&1 | head -1)"
commit="$(echo "$version" | grep -oE 'commit [0-9a-f]+' | cut -d' ' -f2)"
out="$parent/$(date -u +%Y-%m-%dT%H%MZ)-${commit:-unknown}"
mkdir -p "$out"
echo "$version" >"$out/summary.txt"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >>"$out/summary.txt" 2>&1
echo "stages: $stages" >>"$out/summary.txt"
echo "gpu-validate: writing $out" >&2
status=0
step() { echo "== $*" | tee -a "$out/summary.txt"; }
run() {  # run NAME COMMAND...: log to OUT/NAME.log, record the exit code
    local name=$1; shift
    "$@" >"$out/$name.log" 2>&1
    local rc=$?
    echo "   $name: exit $rc" | tee -a "$out/summary.txt"
    [ $rc -eq 0 ] || status=1
}
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv >"$out/gpu.txt" 2>&1
date -u +%Y-%m-%dT%H:%MZ >>"$out/gpu.txt"

for stage in $stages; do
  case $stage in
  gpucode)
    step "GPU code in the binary: cuobjdump --list-elf/--list-ptx against tools/fatbin_archs.py"
    run gpucode-cuobjdump bash -c "diff <(cuobjdump --list-elf '$bin/racelab' | grep -oE '(sm|compute)_[0-9]+' | grep -oE '[0-9]+$' | sort -un) <(python3 tools/fatbin_archs.py '$bin/racelab' --list sass) && diff <(cuobjdump --list-ptx '$bin/racelab' | grep -oE '(sm|compute)_[0-9]+' | grep -oE '[0-9]+$' | sort -un) <(python3 tools/fatbin_archs.py '$bin/racelab' --list ptx) && python3 tools/fatbin_archs.py '$bin/racelab'"
    run gpucode-list "$bin/racelab" list
    ;;
  cs149)
    step "circles against CS149's render -r cpuref (whole frames, the course's rule)"
    if [ -z "${CS149_RENDER:-}" ]; then echo "   no CS149_RENDER: skipped" | tee -a "$out/summary.txt"; continue; fi
    run cs149-gpu-frames bash tools/cs149/compare-with-course.sh - "$bin/racelab" cuda
    ;;
  soak)
    step "soak in the real window"
    if [ -z "${DISPLAY:-}" ]; then echo "   no DISPLAY: skipped" | tee -a "$out/summary.txt"; continue; fi
    run soak "$bin/racelab" view --soak "${RACELAB_SOAK_SECONDS:-300}" --no-vsync --record "$out/soak.csv"
    grep -E "^soak: (done|memory|.*FAIL|PASS)" "$out/soak.log" | sed 's/^/   /' | tee -a "$out/summary.txt"
    ;;
  tests)
    step "GPU tests"
    run gpu-tests "$bin/racelab_gpu_tests" --gtest_brief=1
    ;;
  sanitize)
    step "compute-sanitizer matrix (memcheck, initcheck, synccheck, racecheck): tools/sanitizer-matrix.sh"
    run sanitizer-matrix bash tools/sanitizer-matrix.sh "$out/sanitizer"
    tail -1 "$out/sanitizer/matrix.txt" | sed 's/^/   /' | tee -a "$out/summary.txt"
    ;;
  bench)
    step "benchmarks"
    for scene in rand10k rand100k rand1M micro2M biglittle snow; do
      run "bench-$scene" "$bin/racelab" bench --scene "circles/$scene" --size 1024x1024 --present none --frames 300 --warmup 30
    done
    run bench-interop-1080p "$bin/racelab" bench --scene circles/rand100k --size 1920x1080 --present interop --frames 1000 --warmup 100 --json "$out/interop-1080p.json"
    run bench-staging-1080p "$bin/racelab" bench --scene circles/rand100k --size 1920x1080 --present staging --frames 300 --warmup 30
    run bench-cpu-rand100k "$bin/racelab" bench --scene circles/rand100k --present none --frames 100 --cpu
    run bench-planes-10000 "$bin/racelab" bench --scene planes/10000x50 --size 512x512 --present none --frames 100 --warmup 10
    run bench-planes-10000-cpu "$bin/racelab" bench --scene planes/10000x50 --size 512x512 --present none --frames 20 --warmup 5 --cpu
    run bench-planes-default-1080p "$bin/racelab" bench --scene planes/default --size 1920x1080 --present interop --frames 300 --warmup 30
    run bench-mesh-bunny "$bin/racelab" bench --scene mesh/bunny --size 1024x1024 --present none --frames 300 --warmup 30
    run bench-mesh-bunny-depth "$bin/racelab" bench --scene mesh/bunny --size 1024x1024 --present none --frames 300 --warmup 30 --param shading=depth
    run bench-mesh-bunny-brute "$bin/racelab" bench --scene mesh/bunny --size 256x256 --variant brute --present none --frames 20 --warmup 2
    run visibility-torus "$bin/racelab" visibility --scene mesh/torus --origin 0,2,0 --runs 50 --cpu --out "$out/vis-torus.txt"
    run visibility-bunny "$bin/racelab" visibility --scene mesh/bunny --origin 0,0.3,0.5 --runs 50 --cpu --out "$out/vis-bunny.txt"
    run bench-fourier-shapes "$bin/racelab" bench --scene fourier/shapes --size 1024x1024 --present none --frames 200 --warmup 20
    run bench-fourier-2000 "$bin/racelab" bench --scene fourier/text --size 1920x1080 --present none --frames 600 --warmup 30 --param terms=2000
    run bench-suite "$bin/racelab" bench --suite --present none --frames 100 --warmup 10
    ;;
  window)
    step "window (real GLFW window)"
    if [ -z "${DISPLAY:-}" ]; then echo "   no DISPLAY: skipped" | tee -a "$out/summary.txt"; continue; fi
    run window-nvidia "$bin/racelab" view --scene circles/rand10k --variant bad --size 1280x720 --frames 120 --no-vsync --screenshot "$out/window-nvidia.png" --record "$out/window-nvidia.csv"
    run window-planes "$bin/racelab" view --scene planes/default --size 1280x720 --frames 90 --no-vsync --screenshot "$out/window-planes.png"
    run window-mesh "$bin/racelab" view --scene mesh/torus --size 1280x720 --frames 90 --no-vsync --param shading=normal --param visible=dots --screenshot "$out/window-mesh.png"
    run window-llvmpipe env __GLX_VENDOR_LIBRARY_NAME=mesa "$bin/racelab" view --scene circles/snow --size 800x600 --frames 30 --screenshot "$out/window-llvmpipe.png"
    ;;
  profile)
    step "ncu profile"
    run ncu-rand10k ncu --kernel-name regex:'renderTiles|countCovered|emitTile|findTile|DeviceRadixSort|DeviceScan' --launch-skip 20 --launch-count 10 --section SpeedOfLight "$bin/racelab" bench --scene circles/rand10k --present none --frames 5 --warmup 5
    run ncu-planes ncu --kernel-name regex:'compositeKernel|generatePlanesKernel' --launch-count 2 --section SpeedOfLight --section MemoryWorkloadAnalysis --section Occupancy "$bin/racelab" bench --scene planes/10000x50 --size 512x512 --present none --frames 3 --warmup 1
    run ncu-mesh ncu --kernel-name regex:'renderKernel|buildHierarchy|buildLeaves|mortonCodes|visibilityKernel' --launch-skip 0 --launch-count 8 --section SpeedOfLight --section Occupancy "$bin/racelab" bench --scene mesh/bunny --present none --frames 3 --warmup 1
    run ncu-rand1M ncu --kernel-name regex:'renderTiles|countCoveredTiles|emitTilePairs|DeviceRadixSort' --launch-skip 20 --launch-count 12 --section SpeedOfLight --section LaunchStats --section Occupancy "$bin/racelab" bench --scene circles/rand1M --present none --frames 5 --warmup 5
    ;;
  *) echo "unknown stage $stage" >&2; status=1 ;;
  esac
done
exit $status
