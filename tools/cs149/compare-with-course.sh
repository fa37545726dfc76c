#!/usr/bin/env bash
# Renders every CS149 circle scene with the course's own CPU reference and with racelab, and judges each
# pair of whole frames by the course's rule (tools/cs149/course_rule.py): one line per scene, size and frame.
#
# usage: tools/cs149/compare-with-course.sh ASST3_CHECKOUT [RACELAB_BINARY] [BACKEND]
#   BACKEND  cpu (default: racelab's CPU reference) or cuda (racelab's GPU renderer, animated on the GPU)
# With CS149_RENDER set to a built course renderer, ASST3_CHECKOUT is not read (give '-').
# Exit status 1 when any frame fails.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
asst3="${1:?usage: compare-with-course.sh ASST3_CHECKOUT [RACELAB_BINARY] [BACKEND]}"
racelab="$(realpath "${2:-$root/build/bin/racelab}")"
backend="${3:-cpu}"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
source "$root/tools/cs149/course-renderer.sh"
render="$(build_course_renderer "$asst3" "$work")"

failed=0
compare() {
    local scene="$1" frame="$2" size="$3"
    "$render" -r cpuref -s "$size" -b "$frame:$((frame + 1))" -f "$work/course" "$scene" >/dev/null 2>&1
    "$racelab" render --scene "circles/$scene" --frame "$frame" --size "${size}x${size}" --backend "$backend" \
        --out "$work/racelab.ppm" >/dev/null
    local verdict
    verdict="$(python3 "$root/tools/cs149/course_rule.py" "$work/course_$(printf %04d "$frame").ppm" "$work/racelab.ppm")" || failed=1
    printf '%-14s %4s frame %2s  %s\n' "$scene" "$size" "$frame" "$verdict"
    rm -f "$work"/course_*.ppm "$work/racelab.ppm"
}
echo "racelab ($backend backend) against CS149's render -r cpuref, course rule on whole frames"
for size in 1024 512; do
    for scene in rgb rgby pattern rand10k rand100k rand1M biglittle littlebig micro2M; do compare "$scene" 0 "$size"; done
    for scene in bouncingballs hypnosis fireworks snow; do
        for frame in 0 1 60; do compare "$scene" "$frame" "$size"; done
    done
done
exit "$failed"
