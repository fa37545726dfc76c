#!/usr/bin/env bash
# Every frame of the course's four animations, 0 to FRAMES-1, drawn by one whole-file solution twice: by the
# course's own harness (its `render -r cuda`, built with that solution, each frame dumped as PPM) and by racelab
# (`racelab frames --kernel SOLUTION --ppm`), each pair judged by the course's rule (tools/cs149/course_rule.py),
# 16 or nproc at once. One line a scene: the frames that pass, the first that fails and the worst mismatch
# count; every frame's verdict in OUT/verdicts.txt. Needs a GPU (both sides draw on it).
#
# usage: tools/cs149/course-animation-compare.sh SOLUTION COURSE_CHECKOUT OUT [FRAMES] [SIZE] [RACELAB]
#   SOLUTION         the solution's folder (its cudaRenderer.cu and cudaRenderer.h), as racelab takes it
#   COURSE_CHECKOUT  the checkout whose render/ folder builds the course's `render` with that same solution
#                    (the author's own repository); '-' with CS149_RENDER set to such a binary built before
#   OUT              a folder for the verdicts (the frames themselves are removed)
#   FRAMES 241 (frames 0..240), SIZE 1024, RACELAB build/bin/racelab
# Exit status 1 when any frame fails the rule, 2 when a side could not draw.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
solution="${1:?usage: course-animation-compare.sh SOLUTION COURSE_CHECKOUT OUT [FRAMES] [SIZE] [RACELAB]}"
checkout="${2:?give the course checkout that builds render with this solution, or - with CS149_RENDER}"
out="${3:?give a folder for the verdicts}"
frames="${4:-241}"
size="${5:-1024}"
racelab="$(realpath "${6:-$root/build/bin/racelab}")"
mkdir -p "$out"
out="$(realpath "$out")"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
source "$root/tools/cs149/course-renderer.sh"
render="$(build_course_renderer "$checkout" "$work")"

: >"$out/verdicts.txt"
failed=0
for scene in snow bouncingballs hypnosis fireworks; do
    mkdir -p "$work/course" "$work/racelab"
    # The course's harness reads its data files (snow's among them) from where it runs: its render/ folder.
    (cd "$(dirname "$render")" && "$render" -r cuda -s "$size" -b "0:$frames" -f "$work/course/$scene" "$scene") \
        >"$work/course.log" 2>&1 || { echo "$scene: the course's render failed: $(tail -2 "$work/course.log")"; exit 2; }
    "$racelab" frames --kernel "$solution" --scene "circles/$scene" --size "${size}x${size}" --frames "$frames" --ppm \
        --out-dir "$work/racelab" >"$work/racelab.log" 2>&1 || { echo "$scene: racelab failed: $(tail -2 "$work/racelab.log")"; exit 2; }
    seq 0 $((frames - 1)) | xargs -P "$(nproc)" -I{} sh -c '
        f=$(printf %04d {}); r=$(printf %05d {})
        v=$(python3 "$0/tools/cs149/course_rule.py" "$1/course/$2_$f.ppm" "$1/racelab/frame-$r.ppm" 2>&1)
        echo "$2 {} $v"' "$root" "$work" "$scene" | sort -k2,2n >>"$out/verdicts.txt"
    awk -v s="$scene" '$1 == s {
            n++; if ($3 == "PASS") pass++; else if (!seen) { first = $2; seen = 1 }
            split($4, m, "="); if (m[2] + 0 > worst) { worst = m[2] + 0; at = $2 } }
        END { printf "%-14s %d of %d frames pass the course rule", s, pass, n
              if (seen) printf "; first failing frame %s", first
              printf "; most mismatches %d (frame %s)\n", worst, (at == "" ? "-" : at) }' "$out/verdicts.txt"
    [ "$(grep -c "^$scene " "$out/verdicts.txt")" = "$(grep -c "^$scene [0-9]* PASS" "$out/verdicts.txt")" ] || failed=1
    rm -rf "$work/course" "$work/racelab"
done
exit "$failed"
