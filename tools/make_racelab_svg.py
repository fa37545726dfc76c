#!/usr/bin/env python3
"""Writes assets/fourier/racelab.svg: the word "racelab" as glyph outlines, for the fourier/text scene.

The letters are our own geometric design, not a font: every glyph is built from a stem (a rectangle) and
a bowl (a ring of outer radius R and stroke width W around a centre on the x-height's middle line), and
its outline is computed here as closed paths -- straight lines and circular arcs, the arcs written as
cubic Beziers. Outer outlines run counter-clockwise and holes clockwise (in y-up design units), so the
file fills correctly with either fill rule. 11 closed contours: r 1, a 2, c 1, e 2, l 1, a 2, b 2.

Usage: make_racelab_svg.py [OUT]          (default: assets/fourier/racelab.svg next to this script)
       make_racelab_svg.py --check FILE   exit 1 when FILE differs from what this script writes
"""
import math
import os
import sys

from committed_asset import write_or_check

X_HEIGHT = 100.0   # design units, y up from the baseline
ASCENDER = 150.0
W = 18.0           # stroke width
R = 50.0           # bowl outer radius: the bowl spans the x-height
RI = R - W         # bowl inner radius
GAP = 16.0         # between the glyphs' boxes
MARGIN = 20.0


class Outline:
    """One closed contour: a start point, then lines and arcs."""

    def __init__(self, x, y):
        self.start = (x, y)
        self.pieces = []  # ("L", (x, y)) or ("C", (c1, c2, end))
        self.at = (x, y)

    def line(self, x, y):
        self.pieces.append(("L", (x, y)))
        self.at = (x, y)
        return self

    def arc(self, cx, cy, radius, a0, a1):
        """From the point at angle a0 (degrees, where the outline must be) to a1, split into <= 90 degree cubics.

        A cubic with handles 4/3 tan(span/4) * radius long along the tangents stays within 0.03 % of the
        circle for a quarter turn."""
        steps = max(1, math.ceil(abs(a1 - a0) / 90.0 - 1e-9))
        for i in range(steps):
            t0 = math.radians(a0 + (a1 - a0) * i / steps)
            t1 = math.radians(a0 + (a1 - a0) * (i + 1) / steps)
            k = 4.0 / 3.0 * math.tan((t1 - t0) / 4.0) * radius
            p0 = (cx + radius * math.cos(t0), cy + radius * math.sin(t0))
            p3 = (cx + radius * math.cos(t1), cy + radius * math.sin(t1))
            c1 = (p0[0] - k * math.sin(t0), p0[1] + k * math.cos(t0))
            c2 = (p3[0] + k * math.sin(t1), p3[1] - k * math.cos(t1))
            self.pieces.append(("C", (c1, c2, p3)))
            self.at = p3
        return self


def circle(cx, cy, radius, start, clockwise):
    o = Outline(cx + radius * math.cos(math.radians(start)), cy + radius * math.sin(math.radians(start)))
    return o.arc(cx, cy, radius, start, start - 360 if clockwise else start + 360)


def bowl_meets_vertical(x, cx):
    """Half-height of the outer circle (centre cx, y = R) where it crosses the vertical line x."""
    return math.sqrt(R * R - (x - cx) ** 2)


def glyph_r():
    cx, cy, end = W + RI, R, 50.0  # the shoulder: a ring from the stem's side over the top to 50 degrees
    up = math.degrees(math.atan2(bowl_meets_vertical(W, cx), W - cx))
    o = Outline(0, 0).line(W, 0).line(W, cy).arc(cx, cy, RI, 180, end)
    o.line(cx + R * math.cos(math.radians(end)), cy + R * math.sin(math.radians(end)))
    o.arc(cx, cy, R, end, up).line(W, X_HEIGHT).line(0, X_HEIGHT)
    return [o], cx + R * math.cos(math.radians(end))


def glyph_a():
    cx, cy, stem = R, R, 2 * R - W  # single-storey a: a bowl and a stem on its right
    h = bowl_meets_vertical(stem, cx)
    up = math.degrees(math.atan2(h, stem - cx))
    o = Outline(stem, 0).line(2 * R, 0).line(2 * R, X_HEIGHT).line(stem, X_HEIGHT).line(stem, cy + h)
    o.arc(cx, cy, R, up, 360 - up)
    return [o, circle(cx, cy, RI, 0, clockwise=True)], 2 * R


def glyph_c():
    cx, cy, open_ = R, R, 45.0  # a ring open on the right
    o = Outline(cx + R * math.cos(math.radians(open_)), cy + R * math.sin(math.radians(open_)))
    o.arc(cx, cy, R, open_, 360 - open_)
    o.line(cx + RI * math.cos(math.radians(-open_)), cy + RI * math.sin(math.radians(-open_)))
    o.arc(cx, cy, RI, 360 - open_, open_)
    return [o], cx + R * math.cos(math.radians(open_))


def glyph_e():
    cx, cy, end = R, R, -40.0  # a ring from the bar round to 40 degrees below it, and the bar
    low, high = cy - W / 2, cy + W / 2
    outer_low = math.degrees(math.asin((low - cy) / R))  # where the bar's lower edge meets the ring, right
    inner_low = 180 - math.degrees(math.asin((low - cy) / RI))  # ... and the inner circle, left
    inner_high = math.degrees(math.asin((high - cy) / RI))
    o = Outline(cx + R * math.cos(math.radians(outer_low)), low)
    o.arc(cx, cy, R, outer_low, 360 + end)
    o.line(cx + RI * math.cos(math.radians(end)), cy + RI * math.sin(math.radians(end)))
    o.arc(cx, cy, RI, 360 + end, inner_low)
    o.line(cx + R * math.cos(math.radians(outer_low)), low)
    eye = Outline(cx + RI * math.cos(math.radians(inner_high)), high)
    eye.line(cx - RI * math.cos(math.radians(inner_high)), high)
    eye.arc(cx, cy, RI, 180 - inner_high, inner_high)
    return [o, eye], 2 * R


def glyph_l():
    return [Outline(0, 0).line(W, 0).line(W, ASCENDER).line(0, ASCENDER)], W


def glyph_b():
    cx, cy = W + RI, R  # a tall stem and a bowl on its right
    h = bowl_meets_vertical(W, cx)
    down = math.degrees(math.atan2(-h, W - cx)) % 360
    o = Outline(0, ASCENDER).line(0, 0).line(W, 0).line(W, cy - h)
    o.arc(cx, cy, R, down, 360 + (360 - down))  # round the right side, to the upper crossing
    o.line(W, ASCENDER)
    return [o, circle(cx, cy, RI, 180, clockwise=True)], cx + R


GLYPHS = {"r": glyph_r, "a": glyph_a, "c": glyph_c, "e": glyph_e, "l": glyph_l, "b": glyph_b}


def svg(word="racelab"):
    def point(p, dx):  # design units (y up) -> SVG user units (y down)
        return f"{p[0] + dx + MARGIN:.2f} {MARGIN + ASCENDER - p[1]:.2f}"

    paths, x = [], 0.0
    for letter in word:
        outlines, width = GLYPHS[letter]()
        d = []
        for o in outlines:
            d.append("M " + point(o.start, x))
            for kind, data in o.pieces:
                if kind == "L":
                    d.append("L " + point(data, x))
                else:
                    d.append("C " + ", ".join(point(p, x) for p in data))
            d.append("Z")
        paths.append(f'  <path id="{letter}{len(paths)}" d="{" ".join(d)}"/>')
        x += width + GAP
    width, height = x - GAP + 2 * MARGIN, ASCENDER + 2 * MARGIN
    return "\n".join([
        '<?xml version="1.0" encoding="UTF-8"?>',
        "<!-- Generated by tools/make_racelab_svg.py (our own glyph geometry, no font); edit the script, not this file. -->",
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.2f} {height:.2f}" '
        f'width="{width:.0f}" height="{height:.0f}">',
        f"  <title>{word}</title>",
        '  <g fill="#000" fill-rule="nonzero">',
        *["  " + p for p in paths],
        "  </g>",
        "</svg>",
        "",
    ])


def main(argv):
    default = os.path.join(os.path.dirname(__file__), "..", "assets", "fourier", "racelab.svg")
    return write_or_check(argv, svg(), default, "make_racelab_svg.py")


if __name__ == "__main__":
    sys.exit(main(sys.argv))
