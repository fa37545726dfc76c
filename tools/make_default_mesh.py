#!/usr/bin/env python3
"""Writes assets/meshes/trefoil.off: a trefoil knot as a closed triangle tube, the project's own small mesh.

A mesh that ships with racelab (the fetched ones are not committed): it has concave regions and parts
that hide each other from almost any viewpoint, which the visibility task and the ray-cast masks need,
and at 3,840 triangles it loads instantly. The centre line is the trefoil
(sin t + 2 sin 2t, cos t - 2 cos 2t, -sin 3t); a circle of radius TUBE is swept along it with frames
carried by parallel transport (no twist), the small twist left where the loop closes spread evenly.
Triangles wind counter-clockwise seen from outside. Coordinates are rounded to 6 decimals so the file
is the same on every machine.

Usage: make_default_mesh.py [OUT]          (default: assets/meshes/trefoil.off next to this script)
       make_default_mesh.py --check FILE   exit 1 when FILE differs from what this script writes
"""
import math
import os
import sys

from committed_asset import write_or_check

SEGMENTS = 120  # along the knot
SIDES = 16      # around the tube
TUBE = 0.45


def add(a, b): return (a[0] + b[0], a[1] + b[1], a[2] + b[2])
def sub(a, b): return (a[0] - b[0], a[1] - b[1], a[2] - b[2])
def mul(a, s): return (a[0] * s, a[1] * s, a[2] * s)
def dot(a, b): return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
def cross(a, b): return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])
def unit(a): return mul(a, 1.0 / math.sqrt(dot(a, a)))


def centre(t):
    return (math.sin(t) + 2 * math.sin(2 * t), math.cos(t) - 2 * math.cos(2 * t), -math.sin(3 * t))


def tangent(t):
    return unit((math.cos(t) + 4 * math.cos(2 * t), -math.sin(t) + 4 * math.sin(2 * t), -3 * math.cos(3 * t)))


def frames():
    ts = [2 * math.pi * i / SEGMENTS for i in range(SEGMENTS)]
    tangents = [tangent(t) for t in ts]
    normal = unit(cross(tangents[0], (0.0, 0.0, 1.0)))
    normals = []
    for tan in tangents + [tangents[0]]:  # once round, back to the start
        normal = unit(sub(normal, mul(tan, dot(normal, tan))))
        normals.append(normal)
    # The transported normal comes back rotated about the first tangent; undo that a little at every step.
    first, last = normals[0], normals[-1]
    twist = math.atan2(dot(cross(first, last), tangents[0]), dot(first, last))
    out = []
    for i, t in enumerate(ts):
        n, tan = normals[i], tangents[i]
        b = cross(tan, n)
        a = -twist * i / SEGMENTS
        out.append((centre(t), add(mul(n, math.cos(a)), mul(b, math.sin(a))), add(mul(b, math.cos(a)), mul(n, -math.sin(a)))))
    return out


def off():
    vertices, faces = [], []
    for c, n, b in frames():
        for k in range(SIDES):
            a = 2 * math.pi * k / SIDES
            vertices.append(add(c, add(mul(n, TUBE * math.cos(a)), mul(b, TUBE * math.sin(a)))))
    for i in range(SEGMENTS):
        j = (i + 1) % SEGMENTS
        for k in range(SIDES):
            l = (k + 1) % SIDES
            p, q, r, s = i * SIDES + k, j * SIDES + k, j * SIDES + l, i * SIDES + l
            faces += [(p, r, q), (p, s, r)]
    lines = ["OFF", "# trefoil knot tube, written by tools/make_default_mesh.py (edit the script, not this file)",
             f"{len(vertices)} {len(faces)} 0"]
    lines += [" ".join(f"{v:.6f}".replace("-0.000000", "0.000000") for v in vertex) for vertex in vertices]
    lines += [f"3 {a} {b} {c}" for a, b, c in faces]
    return "\n".join(lines) + "\n"


def main(argv):
    default = os.path.join(os.path.dirname(__file__), "..", "assets", "meshes", "trefoil.off")
    return write_or_check(argv, off(), default, "make_default_mesh.py")


if __name__ == "__main__":
    sys.exit(main(sys.argv))
