#!/usr/bin/env python3
"""Every measured number README.md quotes must be one of the committed records' numbers.

    tools/check-readme-numbers.py SOURCE_DIR
    tools/check-readme-numbers.py --self-test

A measured number is a time (ms, µs), a rate (G rays/s, GB/s, TB/s, FPS, frames/s) or a speed-up (N× or Nx).
It is backed when a racelab-record JSON under bench/ holds a number of the same kind that rounds to it at the
precision the README prints (a time: a stage statistic or a *_ms field, 0.313 ms matching a p50 of 0.31347;
frames per second: an fps_* field), or a string holding it with its unit (bench notes such as
"7.80 G rays/s"; rates and speed-ups are backed only that way). Sizes (GB of planes, MiB) are not measurements and are not checked. Prints each unbacked
number as README.md:line and exits 1, or a summary and exits 0.
"""
import glob
import json
import os
import re
import sys

MEASURED = re.compile(r"(?<![\w.])(\d[\d,]*(?:\.\d+)?)\s*(ms|µs|us|G rays/s|GB/s|TB/s|FPS|frames/s|×(?!\d)|x(?=\s|$|[,.;)]))")  # 16×16 is a size, not a speed-up


def record_values(root):
    """Numbers by kind: "ms" (stage times and *_ms fields), "fps" (fps_* fields); and every string (bench notes)."""
    numbers = {"ms": set(), "fps": set()}
    texts = []

    def walk(x, key="", in_stages=False):
        if isinstance(x, dict):
            for k, v in x.items():
                walk(v, k, in_stages or k == "stages_ms")
        elif isinstance(x, list):
            for v in x:
                walk(v, key, in_stages)
        elif isinstance(x, bool):
            pass
        elif isinstance(x, (int, float)):
            if in_stages and key != "count" or key.endswith("_ms"):
                numbers["ms"].add(float(x))
            elif key.startswith("fps"):
                numbers["fps"].add(float(x))
        elif isinstance(x, str):
            texts.append(x)

    for path in glob.glob(os.path.join(root, "bench", "**", "*.json"), recursive=True):
        with open(path, encoding="utf-8") as f:
            walk(json.load(f))
    return numbers, texts


def kind_of(unit):
    if unit in ("ms", "µs", "us"):
        return "ms"
    if unit in ("FPS", "frames/s"):
        return "fps"
    return None  # rates and speed-ups: only as printed in a note


def backed(text, unit, numbers, texts):
    value = float(text.replace(",", ""))
    if unit in ("µs", "us"):
        value /= 1000.0
    decimals = len(text.split(".")[1]) if "." in text else 0
    if unit in ("µs", "us"):
        decimals += 3
    kind = kind_of(unit)
    if kind and any(round(n, decimals) == value for n in numbers[kind]):
        return True
    return any(text in t and unit in t for t in texts)


def unbacked(readme_text, numbers, texts):
    found = []
    for number, line in enumerate(readme_text.splitlines(), 1):
        for m in MEASURED.finditer(line):
            if not backed(m.group(1), m.group(2), numbers, texts):
                found.append(f"README.md:{number}: {m.group(1)} {m.group(2)} is in no committed record")
    return found


def check(root):
    numbers, texts = record_values(root)
    with open(os.path.join(root, "README.md"), encoding="utf-8") as f:
        problems = unbacked(f.read(), numbers, texts)
    for p in problems:
        print(p)
    if problems:
        print(f"{len(problems)} number(s) in README.md without a record under bench/")
        return 1
    print("README.md: every measured number is in a committed record")
    return 0


def self_test():
    numbers = {"ms": {0.31347}, "fps": {300.0}}
    texts = ["1048576 primary rays per frame -> 7.80 G rays/s", "speed-up: ... 12.5×"]
    readme = "rand1M takes 0.313 ms\nthe bunny: 7.80 G rays/s\na 10.5 GB plane stack\nspeed-up 12.5×\n300 FPS\n"
    if unbacked(readme, numbers, texts):
        print("self-test: backed numbers were refused:", unbacked(readme, numbers, texts))
        return 1
    # a time, a speed-up, and numbers that exist only with another unit (an FPS value read as ms, a time as FPS)
    bad = "rand1M takes 0.299 ms\n258x faster\n300 ms\n0.313 FPS\n16×16 tiles\n"
    found = unbacked(bad, numbers, texts)
    if len(found) != 4:
        print("self-test: expected both unbacked numbers to be found, got", found)
        return 1
    print("self-test: backed numbers pass, unbacked ones are found")
    return 0


if __name__ == "__main__":
    if sys.argv[1:] == ["--self-test"]:
        sys.exit(self_test())
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    sys.exit(check(sys.argv[1]))
