#!/usr/bin/env bash
# Makes tests/data/cs149_probes.txt: pixel probes of every CS149 circle scene, rendered by the course's own
# CPU reference (`render -r cpuref`), at the frames and sizes racelab promises to reproduce.
#
# usage: tools/cs149/make-probes.sh ASST3_CHECKOUT [OUT]
#   ASST3_CHECKOUT  a checkout of https://github.com/stanford-cs149/asst3 (its render/ folder is built here:
#                   nvcc, g++, freeglut3-dev; the CPU reference needs no GPU; or set CS149_RENDER to a built one)
#   OUT             default tests/data/cs149_probes.txt
# The course's sources are only built in a temporary folder, never copied into racelab.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
asst3="$(cd "${1:?usage: make-probes.sh ASST3_CHECKOUT [OUT]}" && pwd)"
out="${2:-$root/tests/data/cs149_probes.txt}"
commit="$(git -C "$asst3" rev-parse HEAD 2>/dev/null || echo "${ASST3_COMMIT:?not a git checkout: set ASST3_COMMIT}")"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
source "$root/tools/cs149/course-renderer.sh"
echo "make-probes: building the course's renderer ($commit)" >&2
render="$(build_course_renderer "$asst3" "$work")"

# scene  frames  sizes  seed
cases=()
for scene in rgb rgby pattern rand10k rand100k rand1M biglittle littlebig micro2M; do
    for size in 1024 512; do cases+=("$scene 0 $size 0"); done
done
for scene in bouncingballs hypnosis fireworks snow; do
    for size in 1024 512; do for frame in 0 1 60; do cases+=("$scene $frame $size 0"); done; done
done
for scene in rand10k rand100k micro2M; do cases+=("$scene 0 512 149"); done
cases+=("snow 60 512 149" "fireworks 60 512 149")
# racelab's snowsingle is snow's flakes still where the CPU reference has them at snow's frame 240 (the course
# loads its own from snow.par, which is not public): its probes are the course's CPU frame 240 of snow,
# recorded as snowsingle's frame 0.
for size in 1024 512; do cases+=("snow 240 $size 0 snowsingle 0"); done

mkdir -p "$work/frames" "$work/probes"
# run_case INDEX SCENE FRAME SIZE SEED [AS_SCENE AS_FRAME]: the course's frame, recorded under racelab's name.
run_case() {
    local index="$1" scene="$2" frame="$3" size="$4" seed="$5" as_scene="${6:-$2}" as_frame="${7:-$3}"
    local prefix="$work/frames/$index"
    "$render" -r cpuref -s "$size" -S "$seed" -b "$frame:$((frame + 1))" -f "$prefix" "$scene" >"$prefix.log" 2>&1
    python3 "$root/tools/cs149/ppm_probes.py" "${prefix}_$(printf %04d "$frame").ppm" "$as_scene" "${size}x${size}" \
        "$as_frame" "$seed" >"$work/probes/$(printf %03d "$index")"
    rm -f "${prefix}_"*.ppm
    echo "make-probes: $scene frame $frame ${size}x${size} seed $seed" >&2
}
index=0
for c in "${cases[@]}"; do
    run_case "$index" $c &
    index=$((index + 1))
    while (($(jobs -rp | wc -l) >= $(nproc))); do wait -n; done
done
wait

{
    echo "# Pixel probes of CS149 asst3's CPU reference renderer (render -r cpuref), one case per two lines."
    echo "# Made by: tools/cs149/make-probes.sh ASST3_CHECKOUT"
    echo "# From: stanford-cs149/asst3 commit $commit"
    echo "# Format: 'case SCENE WxH FRAME SEED PROBES SHA256-OF-THE-COURSE-PPM', then PROBES x 6 hex digits (RGB as in"
    echo "# the course's PPM, which truncates 255*v). Probe positions: see tools/cs149/ppm_probes.py."
    cat "$work"/probes/*
} >"$out"
echo "make-probes: wrote $out (${#cases[@]} cases)" >&2
