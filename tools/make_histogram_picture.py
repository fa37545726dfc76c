#!/usr/bin/env python3
"""Writes assets/images/rings.png: a 256x256 grey picture of the project's own, the input `grade` gives
histogram/image (a scene that otherwise needs --image) so that every scene of the family can be graded.

Concentric rings in four grey levels with hard edges, over a left-to-right ramp: its luminance histogram has
four broad peaks rather than one spike, and its edges are sharp enough for fourier/image's Canny detector to
find contours in. The PNG is stored without compression
(deflate's "stored" blocks) so that the file is the same bytes with every zlib.

Usage: make_histogram_picture.py [OUT]          (default: assets/images/rings.png next to this script)
       make_histogram_picture.py --check FILE   exit 1 when FILE differs from what this script writes
"""
import math
import os
import struct
import sys
import zlib

from committed_asset import write_or_check

SIDE = 256


def grey(x, y):
    r = math.hypot(x - SIDE / 2, y - SIDE / 2) / (SIDE / 2)
    ramp = x / (SIDE - 1)
    band = int(r * 6) % 4  # rings a sixth of the radius wide, four levels in turn
    value = 0.12 + 0.2 * band + 0.15 * ramp
    return max(0, min(255, int(round(value * 255))))


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def png():
    rows = b"".join(b"\x00" + bytes(grey(x, y) for x in range(SIDE)) for y in range(SIDE))
    header = struct.pack(">IIBBBBB", SIDE, SIDE, 8, 0, 0, 0, 0)  # 8-bit grey, no interlace
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 0)) +
            chunk(b"IEND", b""))


def main(argv):
    default = os.path.join(os.path.dirname(__file__), "..", "assets", "images", "rings.png")
    return write_or_check(argv, png(), default, "make_histogram_picture.py")


if __name__ == "__main__":
    sys.exit(main(sys.argv))
