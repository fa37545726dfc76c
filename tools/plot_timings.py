#!/usr/bin/python3
# (Debian's python3, which python3-matplotlib installs into; see tools/install-deps.sh)
"""Turns a timing CSV recorded by `racelab view --record` or `racelab bench --csv` into a PNG:
a timeline of frame and kernel time per frame, and a histogram of both with the median and p99 marked."""
import argparse
import csv
import statistics
import sys


def percentile(values, q):
    ordered = sorted(values)
    rank = q / 100 * (len(ordered) - 1)
    lower = int(rank)
    upper = min(lower + 1, len(ordered) - 1)
    return ordered[lower] * (1 - (rank - lower)) + ordered[upper] * (rank - lower)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("csv", help="timing CSV (frame,t_s,frame_ms,kernel_ms,...)")
    parser.add_argument("png", help="output image")
    args = parser.parse_args()

    try:
        with open(args.csv, newline="") as f:
            rows = list(csv.DictReader(f))
    except OSError as e:
        sys.exit(f"plot_timings: cannot read {args.csv}: {e.strerror}")
    if not rows or "frame_ms" not in rows[0]:
        sys.exit(f"plot_timings: {args.csv} has no timing rows (expected racelab's CSV header)")
    try:
        frame = [float(r["frame_ms"]) for r in rows]
        kernel = [float(r["kernel_ms"]) for r in rows]
    except (KeyError, ValueError) as e:
        sys.exit(f"plot_timings: {args.csv}: bad row ({e})")

    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    first = rows[0]
    title = f"{first['scene']} {first['variant']} {first['width']}x{first['height']}, {first['backend']}/{first['presenter']}"
    fig, (timeline, histogram) = plt.subplots(1, 2, figsize=(12, 4.5), gridspec_kw={"width_ratios": [2, 1]})
    timeline.plot(frame, label="frame", linewidth=1)
    timeline.plot(kernel, label="kernel", linewidth=1)
    timeline.set_xlabel("frame")
    timeline.set_ylabel("ms")
    timeline.set_ylim(bottom=0)
    timeline.legend()
    timeline.set_title(title)
    for series, name in ((frame, "frame"), (kernel, "kernel")):
        histogram.hist(series, bins=50, alpha=0.6, label=f"{name}: p50 {statistics.median(series):.3f}, p99 {percentile(series, 99):.3f} ms")
    histogram.set_xlabel("ms")
    histogram.set_ylabel("frames")
    histogram.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(args.png, dpi=100)
    print(f"wrote {args.png} ({len(rows)} frames)")


if __name__ == "__main__":
    main()
