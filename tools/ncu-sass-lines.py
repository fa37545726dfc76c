#!/usr/bin/env python3
"""Where a kernel's instructions and stalls go, from ncu's source page exported as CSV.

    ncu -i REPORT.ncu-rep --page source --csv --print-source sass > sass.csv
    tools/ncu-sass-lines.py sass.csv KERNEL_SUBSTRING [--loops]

Prints the kernel's total warp instructions executed and stall samples, then each SASS instruction that ran:
its index, warp-level executions, stall samples (all), average active threads and the instruction. With
--loops, instead one line per execution count: how many instructions ran that often and what they add up
to, which shows a kernel's parts by how often they run (once a warp, once a staged batch, once a blended
circle). This is how docs/BENCHMARKS.md splits the circle renderer's instructions into its parts.
"""
import csv
import sys
from collections import defaultdict


def rows_of(path, kernel):
    header, name, rows = None, None, []
    with open(path, newline="") as f:
        for row in csv.reader(f):
            if row and row[0] == "Kernel Name":
                name, header = row[1], None
            elif row and row[0] == "Address":
                header = row
            elif header and name and kernel in name and len(row) == len(header):
                rows.append(dict(zip(header, row)))
    return rows


def count(row, column):
    value = row.get(column, "") or "0"
    return int(value) if value.isdigit() else 0


def main(argv):
    if len(argv) < 3 or argv[1] in ("-h", "--help"):
        print(__doc__.strip())
        return 0 if len(argv) > 1 else 2
    rows = rows_of(argv[1], argv[2])
    if not rows:
        print(f"ncu-sass-lines: no kernel whose name holds '{argv[2]}' in {argv[1]}", file=sys.stderr)
        return 1
    executed = [count(r, "Instructions Executed") for r in rows]
    samples = [count(r, "Warp Stall Sampling (All Samples)") for r in rows]
    print(f"{argv[2]}: {sum(executed)} warp instructions executed, {sum(samples)} stall samples")
    if "--loops" in argv:
        groups = defaultdict(lambda: [0, 0])
        for e, s in zip(executed, samples):
            if e:
                groups[e][0] += 1
                groups[e][1] += s
        print(f"{'executions':>12} {'instructions':>12} {'product':>12} {'samples':>8}")
        for e in sorted(groups, key=lambda e: -e * groups[e][0]):
            n, s = groups[e]
            print(f"{e:>12} {n:>12} {e * n:>12} {s:>8}")
        return 0
    for i, (r, e, s) in enumerate(zip(rows, executed, samples)):
        if e:
            print(f"{i:5d} {e:10d} {s:6d} {r.get('Avg. Threads Executed', ''):>5s} {r['Source'].strip()}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
