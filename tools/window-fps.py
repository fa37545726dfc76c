#!/usr/bin/env python3
"""What a window showed, from a timing CSV recorded by `racelab view --record`: frames per second by the
wall clock (the t_s column, after the first tenth of the frames as warm-up) and the median of each stage,
so a reader sees whether the kernels, the GL copy or the swap (present) bounds the frame rate."""
import csv
import statistics
import sys


def main(argv):
    if len(argv) != 2 or argv[1] in ("-h", "--help"):
        print(__doc__ + "\nusage: tools/window-fps.py TIMINGS.csv")
        return 0 if len(argv) == 2 else 2
    try:
        with open(argv[1], newline="") as f:
            rows = list(csv.DictReader(f))
    except OSError as e:
        print(f"window-fps: cannot read {argv[1]}: {e.strerror}", file=sys.stderr)
        return 1
    rows = rows[len(rows) // 10:]
    if len(rows) < 2:
        print(f"window-fps: {argv[1]} has fewer than two frames after warm-up", file=sys.stderr)
        return 1
    seconds = float(rows[-1]["t_s"]) - float(rows[0]["t_s"])
    fps = (len(rows) - 1) / seconds if seconds > 0 else 0.0
    stages = ["frame_ms", "kernel_ms", "upload_ms", "present_ms"]
    medians = ", ".join(f"{s[:-3]} {statistics.median(float(r[s]) for r in rows):.4f} ms" for s in stages if s in rows[0])
    print(f"{fps:.1f} frames/s by the wall clock over {len(rows)} frames; medians: {medians}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
