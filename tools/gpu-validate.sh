#!/usr/bin/env bash
# Runs the GPU-side validation on a machine with an NVIDIA GPU and writes every log into OUT:
#   tests    - the GPU test suite (racelab_gpu_tests); those that fault kernels on purpose run after every other
#              stage of the run (a CUDA fault stalls GL for later processes on driver 580: docs/HARDENING.md §6)
#   sanitize - the compute-sanitizer matrix (tools/sanitizer-matrix.sh): memcheck and initcheck on every good
#              variant at aligned and odd sizes, racecheck on the shared-memory races and their twins
#   bench    - the benchmarks behind docs/BENCHMARKS.md, each writing its record into OUT/.../records/ (what
#              tools/bench-docs prints the doc's tables from); mesh/bunny's are skipped when it is not fetched
#   window   - the viewer in a real window (needs DISPLAY): NVIDIA GL (interop) and, when Mesa is present,
#              llvmpipe (the staging fallback)
#   profile  - ncu on the good variant's kernels
#   circles-scenes - every CS149 scene's circle render against RACELAB_BASELINE_BIN (an older build's bin/)
#   circles  - circles-scenes, then the circle renderer's paths and its render with two pixels a thread forced,
#              against each other, snow's tail with lazy and eager kernel loading, ncu of the listed path
#   cs149    - racelab's GPU frames (animated on the GPU) against CS149's own CPU reference, whole frames,
#              the course's rule (tools/cs149/compare-with-course.sh); needs CS149_RENDER, a built course renderer
#   gpucode  - the GPU code in the binary: cuobjdump's SASS and PTX lists equal what tools/fatbin_archs.py
#              reads from .nv_fatbin (what the CPU test GpuCode.* checks without cuobjdump), and which of
#              it this GPU runs (racelab list)
#   serve    - the page's "your kernel" on the server's side (tests/tools/serve_kernel_test.py), then racelab
#              serve measured with racelab_serve_client over loopback (tools/serve-measure.sh): latency, rate,
#              the H.264 stream's bits, a soak with a careless client (SOAK_SECONDS)
#   soak     - view --soak (RACELAB_SOAK_SECONDS, default 300) in the real window (needs DISPLAY); fails on
#              GL/CUDA errors, scenes that never start, memory growth (docs/HARDENING.md), fewer frames than
#              seconds (GL stalled); then two soaks of
#              the circles scenes with a user kernel (RACELAB_KERNEL_SOAK_SECONDS each, default 90): the racy
#              starter, and a kernel that faults on every frame, reloaded every 2 s (each fault must be survived)
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
faulting='JudgeGpu.*:UserKernel*:GradeClassGpu.EverySubmission*'  # the GPU tests that fault kernels on purpose (see the tests stage)
faulting_tests_pending=0
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
  serve)
    step "racelab serve: latency, rate, bits and a soak (tools/serve-measure.sh)"
    run serve-kernel python3 tests/tools/serve_kernel_test.py --racelab "$bin/racelab"
    RACELAB_BIN=$bin run serve-measure bash tools/serve-measure.sh "$out/serve"
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
    kernels=$(dirname "$bin")/share/racelab/kernels
    for kernel in "$kernels/circles/starter.cu" tests/data/kernels/faulting.cu; do
      name=soak-kernel-$(basename "$kernel" .cu)
      run "$name" "$bin/racelab" view --scene circles/rand10k --kernel "$kernel" --soak "${RACELAB_KERNEL_SOAK_SECONDS:-90}" \
        --no-vsync --record "$out/$name.csv"
      grep -E "^soak: (done|memory|user kernel|.*FAIL|PASS)" "$out/$name.log" | sed 's/^/   /' | tee -a "$out/summary.txt"
    done
    # A soak that drew fewer frames than it ran seconds proved nothing of the viewer: GL was stalled (on the
    # machines of docs/HARDENING.md §6, by a CUDA fault in an earlier process). The faulting kernel's own soak is
    # not judged so: its faults stall GL for the rest of it on those machines.
    for name in soak soak-kernel-starter; do
      read -r seconds frames < <(sed -n 's/^soak: done after \([0-9]*\) s: \([0-9]*\) frames.*/\1 \2/p' "$out/$name.log")
      if [ "${frames:-0}" -lt "${seconds:-1}" ]; then
        echo "   $name: FAIL, ${frames:-no} frames in ${seconds:-?} s: GL stalled (a CUDA fault earlier on this machine?)" |
          tee -a "$out/summary.txt"
        status=1
      fi
    done
    # the faulting kernel must have faulted (and been survived) more than once, or its soak proved nothing
    faults=$(sed -n 's/^soak: user kernel faulting: .*frames drawn, \([0-9]*\) frames it did not finish.*/\1/p' "$out/soak-kernel-faulting.log")
    if [ "${faults:-0}" -lt 2 ]; then echo "   soak-kernel-faulting: FAIL, ${faults:-no} faults survived" | tee -a "$out/summary.txt"; status=1; fi
    ;;
  tests)
    # The tests that fault user kernels on purpose run after every stage of this run, not here: on the GPU
    # machines of docs/HARDENING.md §6 (driver 580) a CUDA fault in any process leaves GL, in every later
    # process, stalled or drawing wrong pixels, so the sanitizer's interop cases and the soak would measure that.
    step "GPU tests (those that fault kernels on purpose after every other stage)"
    run gpu-tests "$bin/racelab_gpu_tests" --gtest_brief=1 --gtest_filter="-$faulting"
    faulting_tests_pending=1
    ;;
  sanitize)
    step "compute-sanitizer matrix (memcheck, initcheck, synccheck, racecheck): tools/sanitizer-matrix.sh"
    run sanitizer-matrix bash tools/sanitizer-matrix.sh "$out/sanitizer"
    tail -1 "$out/sanitizer/matrix.txt" | sed 's/^/   /' | tee -a "$out/summary.txt"
    ;;
  bench)
    # Every bench writes its record into OUT/records/NAME.json (its log: OUT/bench-NAME.log). Those records are
    # what docs/BENCHMARKS.md is printed from: copy the folder to bench/records/<gpu>-<commit>/ and run
    # tools/bench-docs on it (OUT/BENCHMARKS.md is that doc printed from OUT/records, to look at first).
    step "benchmarks: records in $out/records"
    mkdir -p "$out/records"
    record() {  # record NAME ARGS...: racelab bench ARGS --json OUT/records/NAME.json
      local name=$1; shift
      run "bench-$name" "$bin/racelab" bench "$@" --json "$out/records/$name.json"
    }
    record_fetched() {  # the same for a scene whose mesh tools/fetch-meshes.sh fetches: without it, a skip
      local name=$1; shift
      "$bin/racelab" bench "$@" --json "$out/records/$name.json" >"$out/bench-$name.log" 2>&1
      local rc=$?
      if [ $rc -ne 0 ] && grep -q "which is not in assets/meshes/" "$out/bench-$name.log"; then
        echo "   bench-$name: skipped, mesh not fetched (run tools/fetch-meshes.sh): no record" | tee -a "$out/summary.txt"
      else
        echo "   bench-$name: exit $rc" | tee -a "$out/summary.txt"
        [ $rc -eq 0 ] || status=1
      fi
    }
    for scene in rand10k rand100k rand1M micro2M biglittle snow; do
      cpu=(); [ "$scene" = rand1M ] && cpu=(--cpu)  # rand1M's CPU ratios; rand100k's come from the run below
      record "circles-$scene" --scene "circles/$scene" --size 1024x1024 --present none --frames 300 --warmup 30 "${cpu[@]}"
    done
    record circles-rand100k-1080p-interop --scene circles/rand100k --size 1920x1080 --present interop --frames 1000 --warmup 100
    record circles-rand100k-1080p-interop-pbo --scene circles/rand100k --size 1920x1080 --present interop-pbo --frames 1000 --warmup 100
    record circles-rand100k-1080p-staging --scene circles/rand100k --size 1920x1080 --present staging --frames 300 --warmup 30
    record circles-rand100k-cpu --scene circles/rand100k --present none --frames 100 --cpu
    record planes-10000x50 --scene planes/10000x50 --size 512x512 --present none --frames 100 --warmup 10
    record planes-10000x50-cpu --scene planes/10000x50 --size 512x512 --present none --frames 20 --warmup 5 --cpu
    record planes-default --scene planes/default --present none --frames 200 --cpu
    record planes-default-1080p-interop --scene planes/default --size 1920x1080 --present interop --frames 300 --warmup 30
    record mesh-torus --scene mesh/torus --present none --frames 200 --cpu
    record_fetched mesh-bunny --scene mesh/bunny --size 1024x1024 --present none --frames 300 --warmup 30
    record_fetched mesh-bunny-depth --scene mesh/bunny --size 1024x1024 --present none --frames 300 --warmup 30 --param shading=depth
    record_fetched mesh-bunny-brute --scene mesh/bunny --size 256x256 --variant brute --present none --frames 20 --warmup 2
    record mesh-bumpy1M --scene mesh/bumpy1M --size 1024x1024 --present none --frames 200 --warmup 20
    record mesh-bumpy10M --scene mesh/bumpy10M --size 1024x1024 --present none --frames 100 --warmup 10
    run visibility-torus "$bin/racelab" visibility --scene mesh/torus --origin 0,2,0 --runs 50 --cpu --out "$out/vis-torus.txt"
    if [ -f assets/meshes/bunny00.off ]; then
      run visibility-bunny "$bin/racelab" visibility --scene mesh/bunny --origin 0,0.3,0.5 --runs 50 --cpu --out "$out/vis-bunny.txt"
    else
      echo "   visibility-bunny: skipped, mesh not fetched (run tools/fetch-meshes.sh)" | tee -a "$out/summary.txt"
    fi
    record fourier-shapes --scene fourier/shapes --size 1024x1024 --present none --frames 200 --warmup 20
    record fourier-text-2000-1080p --scene fourier/text --size 1920x1080 --present none --frames 600 --warmup 30 --param terms=2000 --cpu
    record histogram-random --scene histogram/random --present none --frames 200 --cpu
    record histogram-skewed --scene histogram/skewed --present none --frames 200 --cpu
    record suite --suite --present none --frames 100 --warmup 10
    cp docs/BENCHMARKS.md "$out/BENCHMARKS.md"
    run bench-docs python3 tools/bench-docs "$(cd "$out/records" && pwd)" --doc "$out/BENCHMARKS.md"
    ;;
  window)
    step "window (real GLFW window)"
    if [ -z "${DISPLAY:-}" ]; then echo "   no DISPLAY: skipped" | tee -a "$out/summary.txt"; continue; fi
    run window-nvidia "$bin/racelab" view --scene circles/rand10k --variant bad --size 1280x720 --frames 120 --no-vsync --screenshot "$out/window-nvidia.png" --record "$out/window-nvidia.csv"
    run window-rand10k-good "$bin/racelab" view --scene circles/rand10k --size 1280x720 --frames 2000 --no-vsync --record "$out/window-rand10k-good.csv"
    run window-rand10k-good-one-at-a-time "$bin/racelab" view --scene circles/rand10k --size 1280x720 --frames 1000 --no-vsync --in-flight 1 --record "$out/window-rand10k-good-one-at-a-time.csv"
    # The same scene at a quarter of the pixels, and the lightest scene: where the X server's copy of the swap
    # bounds the window, the present stage follows the window's pixels and not the scene.
    run window-rand10k-good-640x360 "$bin/racelab" view --scene circles/rand10k --size 640x360 --frames 2000 --no-vsync --record "$out/window-rand10k-good-640x360.csv"
    run window-rgb-1280x720 "$bin/racelab" view --scene circles/rgb --size 1280x720 --frames 2000 --no-vsync --record "$out/window-rgb-1280x720.csv"
    # The largest mesh in the viewer: 10 M triangles, generated and built on the GPU, at the viewer's size.
    run window-mesh-bumpy10M "$bin/racelab" view --scene mesh/bumpy10M --size 1280x720 --frames 600 --no-vsync --record "$out/window-mesh-bumpy10M.csv"
    # Frames per second the window showed, and where the frame's time went (the swap is the present stage).
    for csv in window-rand10k-good window-rand10k-good-one-at-a-time window-rand10k-good-640x360 window-rgb-1280x720 window-mesh-bumpy10M; do
      python3 tools/window-fps.py "$out/$csv.csv" | sed "s/^/   $csv: /" | tee -a "$out/summary.txt"
    done
    run window-planes "$bin/racelab" view --scene planes/default --size 1280x720 --frames 90 --no-vsync --screenshot "$out/window-planes.png"
    run window-mesh "$bin/racelab" view --scene mesh/torus --size 1280x720 --frames 90 --no-vsync --param shading=normal --param visible=dots --screenshot "$out/window-mesh.png"
    run window-llvmpipe env __GLX_VENDOR_LIBRARY_NAME=mesa "$bin/racelab" view --scene circles/snow --size 800x600 --frames 30 --screenshot "$out/window-llvmpipe.png"
    ;;
  circles-scenes | circles)
    # The circle renderer on every CS149 scene with these binaries and, when RACELAB_BASELINE_BIN names the bin/
    # folder of an older build, with those too, alternated twice so that both sides see the same machine
    # (tools/bench-compare of each pair). `circles` goes on with the measurements behind the renderer's
    # choices (docs/BENCHMARKS.md, "Circles at the limit"): the scenes of at most 10,000 circles on each forced
    # path (RACELAB_CIRCLES_PATH); every scene with the tile render's pixels a thread forced to two
    # (RACELAB_CIRCLES_PIXELS_PER_THREAD=2); snow's tail with per-frame CSVs, with CUDA's default lazy kernel
    # loading and with eager loading; ncu of the listed path on rand10k.
    step "$stage: scenes (against RACELAB_BASELINE_BIN when set)"
    mkdir -p "$out/circles"
    scenes="rgb rgby bouncingballs hypnosis fireworks pattern rand10k rand100k rand1M biglittle littlebig micro2M snow"
    bench=(bench --present none --frames 300 --warmup 30)
    for round in 1 2; do
      for scene in $scenes; do
        if [ -n "${RACELAB_BASELINE_BIN:-}" ]; then
          "$RACELAB_BASELINE_BIN/racelab" "${bench[@]}" --scene "circles/$scene" --json "$out/circles/$scene-baseline-$round.json" \
            >"$out/circles/$scene-baseline-$round.log" 2>&1
        fi
        run "circles/$scene-$round" "$bin/racelab" "${bench[@]}" --scene "circles/$scene" --json "$out/circles/$scene-$round.json"
        if [ -n "${RACELAB_BASELINE_BIN:-}" ]; then
          python3 tools/bench-compare "$out/circles/$scene-baseline-$round.json" "$out/circles/$scene-$round.json" \
            >"$out/circles/$scene-compare-$round.txt" 2>&1
        fi
      done
    done
    [ "$stage" = circles ] || continue
    for scene in rgb rgby bouncingballs hypnosis fireworks pattern rand10k biglittle littlebig; do
      for path in every listed binned; do
        RACELAB_CIRCLES_PATH=$path run "circles/$scene-$path" "$bin/racelab" "${bench[@]}" --scene "circles/$scene" \
          --json "$out/circles/$scene-$path.json"
      done
    done
    for scene in $scenes; do  # the tile render with two pixels a thread (RACELAB_CIRCLES_PIXELS_PER_THREAD)
      RACELAB_CIRCLES_PIXELS_PER_THREAD=2 run "circles/$scene-2px" "$bin/racelab" "${bench[@]}" --scene "circles/$scene" \
        --json "$out/circles/$scene-2px.json"
    done
    RACELAB_CIRCLES_PIXELS_PER_THREAD=2 RACELAB_CIRCLES_PATH=listed run circles/rand10k-listed-2px "$bin/racelab" \
      "${bench[@]}" --scene circles/rand10k --json "$out/circles/rand10k-listed-2px.json"
    for loading in LAZY EAGER; do
      for round in 1 2; do
        CUDA_MODULE_LOADING=$loading run "circles/snow-tail-$loading-$round" "$bin/racelab" bench --scene circles/snow \
          --present none --frames 600 --warmup 50 --csv "$out/circles/snow-tail-$loading-$round.csv" \
          --json "$out/circles/snow-tail-$loading-$round.json"
      done
    done
    RACELAB_CIRCLES_PATH=listed run circles/ncu-rand10k-listed ncu --kernel-name regex:'renderTiles|listCircles' --launch-skip 40 \
      --launch-count 2 --set full "$bin/racelab" bench --scene circles/rand10k --present none --frames 5 --warmup 30 --in-flight 1
    ;;
  profile)
    step "ncu profile"
    # bench --in-flight 1: no throughput pass, so the kernels profiled are those of the measured frames
    run ncu-rand10k ncu --kernel-name regex:'renderTiles|countCovered|emitTile|findTile|clearPair|DeviceRadixSort|DeviceScan' --launch-skip 30 --launch-count 12 --section SpeedOfLight --section LaunchStats "$bin/racelab" bench --scene circles/rand10k --present none --frames 5 --warmup 5 --in-flight 1
    run ncu-planes ncu --kernel-name regex:'compositeKernel' --launch-count 1 --section SpeedOfLight --section MemoryWorkloadAnalysis --section Occupancy --section WarpStateStats "$bin/racelab" bench --scene planes/10000x50 --size 512x512 --present none --frames 3 --warmup 1 --in-flight 1
    run ncu-mesh ncu --kernel-name regex:'renderKernel|buildHierarchy|buildLeaves|mortonCodes' --launch-skip 4 --launch-count 4 --section SpeedOfLight --section Occupancy --section WarpStateStats "$bin/racelab" bench --scene mesh/bunny --present none --frames 6 --warmup 1 --in-flight 1
    run ncu-rand1M ncu --kernel-name regex:'renderTiles|countCoveredTiles|emitTilePairs|DeviceRadixSort' --launch-skip 20 --launch-count 12 --section SpeedOfLight --section LaunchStats --section Occupancy "$bin/racelab" bench --scene circles/rand1M --present none --frames 5 --warmup 5 --in-flight 1
    run ncu-fourier ncu --kernel-name regex:'greedyOrder|closeContourPairs|spliceRound|Order' --launch-count 12 --section SpeedOfLight --section LaunchStats "$bin/racelab" bench --scene fourier/shapes --size 512x512 --present none --frames 2 --warmup 0 --in-flight 1
    ;;
  *) echo "unknown stage $stage" >&2; status=1 ;;
  esac
done
if [ $faulting_tests_pending = 1 ]; then
  step "GPU tests that fault kernels on purpose (last: after them GL may stall on this machine until it restarts)"
  run gpu-tests-faulting "$bin/racelab_gpu_tests" --gtest_brief=1 --gtest_filter="$faulting"
fi
exit $status
