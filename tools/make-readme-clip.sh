#!/usr/bin/env bash
# README's recorded clips, made by the viewer itself in a real window under Xvfb (view --video, scripted with
# --press), each checked to stay under 2 MB:
#   race    - circles/rand10k on the cuda backend in a 640x220 window: the good variant, B (the racy one) at
#             frame 15, then V four times at frame 30 to the heat view, where the race builds up (needs an NVIDIA GPU: the comparison
#             views are drawn on the GPU) -> docs/views/race-heat.gif
#   drawing - fourier/text on the cpu backend: the epicycles drawing the whole word (one turn at speed 4 is
#             150 frames) -> docs/views/recorded-drawing.gif
# Usage: tools/make-readme-clip.sh race|drawing [OUT.gif]   (RACELAB_BIN: the folder with racelab, default build/bin)
set -euo pipefail
what=${1:?usage: tools/make-readme-clip.sh race|drawing [OUT.gif]}
bin=$(readlink -f "${RACELAB_BIN:-build/bin}/racelab")
size=${CLIP_SIZE:-800x260}
# The panel takes at most half the window: an 800x260 window leaves the scene 400x260 (CLIP_SIZE: another).
view=(xvfb-run -a -s "-screen 0 1280x800x24" "$bin" view --size "$size" --no-vsync --video-fps 20)
case "$what" in
  race)
    out=${2:-docs/views/race-heat.gif}
    # 90 frames of 320x220 scene: 1.96 MB on the H100 (120 frames of 400x260 were 3.4 MB)
    [ -n "${CLIP_SIZE:-}" ] || view[7]=640x220
    "${view[@]}" --backend cuda --scene circles/rand10k --frames 90 --press 15:B \
      --press 30:V --press 30:V --press 30:V --press 30:V --video "$out" ;;
  drawing)
    out=${2:-docs/views/recorded-drawing.gif}
    "${view[@]}" --backend cpu --scene fourier/text --param speed=4 --frames 150 --video "$out" ;;
  *) echo "unknown clip '$what' (race or drawing)" >&2; exit 2 ;;
esac
bytes=$(stat -c %s "$out")
echo "$out: $bytes bytes"
if [ "$bytes" -ge 2000000 ]; then
  echo "$out is over 2 MB: shorten the clip (--frames) or the window (--size)" >&2
  exit 1
fi
