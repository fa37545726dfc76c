#!/usr/bin/env python3
"""CS149's comparison rule (render/benchmark.cu, compare_images) on two whole PPM frames.

usage: course_rule.py COURSE.ppm RACELAB.ppm

A channel value mismatches when the two differ by more than 0.1 on [0, 1] (alpha ignored); the frame fails
with more than 5 mismatching values. The course's PPM truncates 255*v and racelab's rounds, so the two bytes
of one value may be one step further apart: a mismatch is a byte difference above 25.5 + 1.
Prints 'PASS|FAIL mismatches max-difference identical-bytes%' and exits 0 on PASS, 1 on FAIL.
"""
import sys

from ppm import read_ppm


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    (w1, h1, a, _), (w2, h2, b, _) = read_ppm(sys.argv[1]), read_ppm(sys.argv[2])
    if (w1, h1) != (w2, h2) or len(a) != len(b):
        sys.exit(f"sizes differ: {w1}x{h1} vs {w2}x{h2}")
    mismatches, largest, same = 0, 0, 0
    for x, y in zip(a, b):
        d = abs(x - y)
        largest = max(largest, d)
        same += d == 0
        mismatches += d > 26
    verdict = "PASS" if mismatches <= 5 else "FAIL"
    print(f"{verdict} mismatches={mismatches} max_difference={largest} identical_bytes={100.0 * same / len(a):.2f}%")
    sys.exit(0 if verdict == "PASS" else 1)


if __name__ == "__main__":
    main()
