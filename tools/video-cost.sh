#!/usr/bin/env bash
# What recording a video costs the viewer (docs/BENCHMARKS.md, "Recording a video"): the same scripted run of
# the real window, alternately without a video, with one recording every frame (--video-queue wait) and with one
# that drops frames when the encoder falls behind (drop), ROUNDS times each; then the median over the rounds of
# each run's median frame time, the ratio to the run without, and the frames dropped. Uses $DISPLAY when set,
# otherwise a 1920x1080 Xvfb (Mesa).
# Usage: tools/video-cost.sh OUT [ROUNDS] [view options...]   (RACELAB_BIN: the folder with racelab, default
#        build/bin; default options: --size 1920x1080 --frames 300 --no-vsync)
set -euo pipefail
out=${1:?usage: tools/video-cost.sh OUT [ROUNDS] [view options...]}
rounds=${2:-3}
shift $(( $# >= 2 ? 2 : 1 ))
options=("$@")
[ ${#options[@]} -gt 0 ] || options=(--size 1920x1080 --frames 300 --no-vsync)
bin=$(readlink -f "${RACELAB_BIN:-build/bin}/racelab")
mkdir -p "$out"
display=()
if [ -z "${DISPLAY:-}" ]; then
  display=(env __GLX_VENDOR_LIBRARY_NAME=mesa xvfb-run -a -s "-screen 0 1920x1080x24")
fi
for round in $(seq 1 "$rounds"); do
  for mode in off wait drop; do
    video=()
    [ "$mode" = off ] || video=(--video "$out/$mode-$round.mp4" --video-queue "$mode")
    "${display[@]}" "$bin" view "${options[@]}" --record "$out/$mode-$round.csv" "${video[@]}" > "$out/$mode-$round.log" 2>&1
  done
done
python3 - "$out" "$rounds" <<'PY'
import json, re, statistics, sys
out, rounds = sys.argv[1], int(sys.argv[2])
def run(mode, r):
    record = json.load(open(f"{out}/{mode}-{r}.json"))
    log = open(f"{out}/{mode}-{r}.log").read()
    dropped = re.search(r"(\d+) dropped", log)
    return record["stages_ms"]["frame"]["p50"], int(dropped.group(1)) if dropped else 0, record
base = None
for mode in ("off", "wait", "drop"):
    runs = [run(mode, r) for r in range(1, rounds + 1)]
    p50 = statistics.median(x[0] for x in runs)
    base = base or p50
    record = runs[0][2]
    print(f"{mode:5} frame p50 {p50:8.3f} ms ({1000 / p50:7.1f} FPS)  x{p50 / base:.3f}  dropped {sum(x[1] for x in runs)}"
          f"  [{record['scene']} {record['backend']} {record['presenter']} {record['width']}x{record['height']};"
          f" runs: {', '.join(f'{x[0]:.3f}' for x in runs)}]")
PY
