#!/usr/bin/python3
"""Writes the fuzzers' seed corpus -- real and broken inputs for every entry point -- into OUT/<entry>/.

Usage: make_seeds.py OUT
Real: small valid meshes, images and command lines. Broken: truncated, out-of-range, huge-claiming and
non-numeric ones, so that the fuzzers start next to every error path.
"""
import os
import struct
import sys
import zlib


def png(width, height, pixels, color_type=0, claim=None):
    """A PNG of 8-bit gray (color_type 0) or RGB (2) rows; `claim` overrides the header's size."""
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
    w, h = claim or (width, height)
    channels = 3 if color_type == 2 else 1
    rows = b"".join(b"\x00" + bytes(pixels[y * width * channels:(y + 1) * width * channels]) for y in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, color_type, 0, 0, 0)) +
            chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def disk(size):
    return [255 if (x - size / 2) ** 2 + (y - size / 2) ** 2 < (size / 3) ** 2 else 0
            for y in range(size) for x in range(size)]


TETRA_OFF = b"OFF\n4 4 6\n0 0 0\n1 0 0\n0 1 0\n0 0 1\n3 0 1 2\n3 0 1 3\n3 0 2 3\n3 1 2 3\n"
TETRA_OBJ = b"v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nvn 0 0 1\nf 1//1 2//1 3//1\nf 1 2 4\nf -4 -2 -1\nf 2 3 4\n"

SEEDS = {
    "meshFiles": {
        "off-tetra": b"\x00" + TETRA_OFF,
        "off-quad": b"\x00OFF\n4 1 0\n0 0 0\n1 0 0\n1 1 0\n0 1 0\n4 0 1 2 3\n",
        "off-comments": b"\x00# comment\nOFF\n3 1 0\n0 0 0\n1 0 0\n0 1 0\n3 0 1 2\n",
        "off-bad-index": b"\x00OFF\n3 1 0\n0 0 0\n1 0 0\n0 1 0\n3 0 1 7\n",
        "off-huge-count": b"\x00OFF\n4000000000 1 0\n0 0 0\n",
        "off-truncated": TETRA_OFF[:30],
        "obj-tetra": b"\x01" + TETRA_OBJ,
        "obj-bad-index": b"\x01v 0 0 0\nv 1 0 0\nf 1 2 9\n",
        "obj-polygon": b"\x01v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nv 0 2 0\nf 1 2 3 4 5\n",
        "csv-verts": b"\x020,0,0\n1,0,0\n0,1,0\n0.5,0.5,1e3\n",
        "csv-verts-nan": b"\x020,0,0\nnan,0,0\n",
        "csv-verts-short": b"\x020,0\n",
        "csv-tris": b"\x03\x04" + b"0.0,1.0,2.0\n1,2,3\n",
        "csv-tris-fraction": b"\x03\x04" + b"0.5,1,2\n",
        "csv-tris-negative": b"\x03\x04" + b"-1,1,2\n",
    },
    "image": {
        "gray-disk": png(32, 32, disk(32)),
        "rgb": png(8, 8, [(i * 37) % 256 for i in range(8 * 8 * 3)], color_type=2),
        "flat": png(16, 16, [128] * 256),
        "claims-huge": png(4, 4, [0] * 16, claim=(200000, 200000)),
        "truncated": png(32, 32, disk(32))[:60],
        "pgm-refused": b"P5\n16 16\n255\n" + bytes(disk(16)),
        "jpeg-header-only": b"\xff\xd8\xff\xe0\x00\x10JFIF\x00",
        "ppm-short": b"P6\n100 100\n255\n\x00\x01",
        "text": b"this is not an image",
        "empty": b"",
    },
    "svg": {
        "path-every-command": b"<svg viewBox='0 0 100 100'><path d='M10,10 20,10 h10 v10 c0,5 5,5 5,0 s5-5 5,0 "
                              b"Q 60 30 70 20 T 90 20 A 5 5 0 0 1 90 30 z m 1 1 l 2 0'/></svg>",
        "shapes-transforms": b"<?xml version='1.0'?><!-- c --><svg width='200px' height='100'><g transform='translate(10 20) "
                             b"rotate(30 5 5) scale(2 1) skewX(10) matrix(1 0 0 1 2 2)'><rect width='10' height='5'/>"
                             b"<circle cx='5' cy='5' r='3'/><ellipse cx='1' cy='1' rx='2' ry='1'/><line x2='9' y2='9'/>"
                             b"<polyline points='0 0 1 1 2 0'/><polygon points='0,0 4,0 2,3'/></g><defs><path d='M0 0 L9 9'/>"
                             b"</defs></svg>",
        "no-viewbox": b"<svg><path d='M-5 -5 L 30 20 L 1e6 0'/></svg>",
        "doctype": b"<!DOCTYPE svg [ <!ENTITY a 'b'> ]><svg viewBox='0 0 1 1'><![CDATA[ x ]]><path d='m0 0 1 1'/></svg>",
        "unclosed-quote": b"<svg viewBox='0 0 1 1'><path d='M0 0 L1 1/></svg>",
        "bad-command": b"<svg viewBox='0 0 1 1'><path d='M0 0 X 1 1'/></svg>",
        "huge-coordinates": b"<svg viewBox='0 0 1 1'><path d='M0 0 L 1e300 1e300'/></svg>",
        "arc-flags-packed": b"<svg viewBox='0 0 9 9'><path d='M1 1a1 1 0 00.5.5a1e-9 0 0 011 1'/></svg>",
        "deep": b"<svg viewBox='0 0 1 1'>" + b"<g>" * 300,
        "text": b"this is not an SVG",
        "empty": b"",
    },
    "commandLine": {
        "render": b"render\n--scene\ncircles/rgb\n--size\n64x48\n--out\nx.png",
        "bench-param": b"bench\n--scene\ncircles/pattern\n--param\nalpha=0.3\n--frames\n3",
        "check-planes": b"check\n--scene\nplanes/default\n--param\nplanes=7\n--param\nblend=seed",
        "view-size-zero": b"view\n--size\n0x0",
        "view-size-huge": b"view\n--size\n99999999999x2",
        "bad-backend": b"render\n--backend\nvulkan\n--out\nx.png",
        "bad-variant": b"check\n--variant\nugly",
        "bad-scene": b"bench\n--scene\nnope/none",
        "negative-count": b"render\n--count\n-5\n--out\nx.png",
        "param-not-assignment": b"bench\n--param\nalpha",
        "param-out-of-range": b"bench\n--scene\ncircles/rgb\n--param\nalpha=1e40",
        "visibility": b"visibility\n--scene\nmesh/torus\n--origin\n0,2,0\n--out\nv.txt",
        "fourier": b"fourier\n--frames\n-1\n--out-dir\n/",
        "help": b"--help-all",
    },
}


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    for entry, seeds in SEEDS.items():
        folder = os.path.join(sys.argv[1], entry)
        os.makedirs(folder, exist_ok=True)
        for name, data in seeds.items():
            with open(os.path.join(folder, name), "wb") as f:
                f.write(data)
    print(f"seed corpus: {sum(len(s) for s in SEEDS.values())} files in {sys.argv[1]}")


if __name__ == "__main__":
    main()
