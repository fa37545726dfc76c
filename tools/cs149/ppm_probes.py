#!/usr/bin/env python3
"""Pixel probes of one PPM frame written by CS149's renderer, for tests/data/cs149_probes.txt.

usage: ppm_probes.py FRAME.ppm SCENE SIZE FRAME_NUMBER SEED [PROBES]

Prints one case: a header line and one line of hex RGB bytes (6 hex digits a probe), the bytes exactly as the
course's PPM holds them. Probe positions are not stored: probe k is the k-th (x, y) pair drawn from a
xorshift32 generator seeded with 2463534242, x = draw % width, y = draw % height, y counted from the bottom
row (CS149's and racelab's row 0). tests/cs149_probes.hpp draws the same positions.
"""
import hashlib
import sys

from ppm import read_ppm


def xorshift32_positions(count, width, height):
    state = 2463534242
    def draw():
        nonlocal state
        state ^= (state << 13) & 0xFFFFFFFF
        state ^= state >> 17
        state ^= (state << 5) & 0xFFFFFFFF
        return state
    for _ in range(count):
        x = draw() % width
        y = draw() % height
        yield x, y


def main():
    if len(sys.argv) not in (6, 7):
        sys.exit(__doc__)
    path, scene, size, frame, seed = sys.argv[1:6]
    count = int(sys.argv[6]) if len(sys.argv) == 7 else 1024
    width, height, pixels, data = read_ppm(path)
    digest = hashlib.sha256(data).hexdigest()
    if f"{width}x{height}" != size:
        sys.exit(f"{path}: {width}x{height}, expected {size}")
    out = []
    for x, y in xorshift32_positions(count, width, height):
        row_in_file = height - 1 - y  # the course writes its top row first
        offset = 3 * (row_in_file * width + x)
        out.append(pixels[offset:offset + 3].hex())
    print(f"case {scene} {size} {frame} {seed} {count} {digest}")
    print("".join(out))


if __name__ == "__main__":
    main()
