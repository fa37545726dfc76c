#!/usr/bin/env python3
"""Runs the labelled race suite (tests/data/races/suite) under racelab's own checks (check --races) and under
compute-sanitizer's racecheck and memcheck (check --sanitize), and prints one table: for each class of race, how
many racy kernels each tool named at both of their lines, found at all, and how many race-free kernels it
reported anything on. The table goes into docs/HARDENING.md once run on a GPU.

    tools/race-suite-compare.py [--racelab build/bin/racelab] [--detail] [--only CLASS] [--out table.md] [--jobs N]

--jobs runs N kernels at once (each in its own racelab process on the one GPU; the verdicts do not depend on it).

Needs a CUDA device and, for the sanitizer columns, compute-sanitizer (racelab finds it as check --sanitize does).
"""
import argparse
import collections
import concurrent.futures
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SUITE = os.path.join(HERE, "..", "tests", "data", "races", "suite")
FORMS = ("launch_list", "whole_file")  # tests/race_suite.hpp reads the same folders
LABEL = re.compile(r"^// suite: class=(\S+) twin=(\S+) verdict=(race|clean)\s*$")
EXPECT = re.compile(r"^// expect: (read-write|write-write) (within|across) [A-Z] [A-Z] lines (\d+) (\d+)\s*$")
MARK = re.compile(r"// \[[A-Z]\]\s*$")
PAIR_HEAD = re.compile(r"^  (read-write|write-write) race (across blocks|within a block), ")
PAIR_LINE = re.compile(r"^    (\S+):(\d+)  ")
SANITIZER = re.compile(r"^(\S+):(\d+): error: (racecheck|memcheck): ")


def read_kernel(path):
    kernel = {"path": os.path.abspath(path), "scene": None, "size": "256x256", "expected": [], "marked": set()}
    with open(path) as f:
        for number, line in enumerate(f, start=1):
            line = line.rstrip("\n")
            if MARK.search(line):
                kernel["marked"].add(number)
            m = LABEL.match(line)
            if m:
                kernel["class"], kernel["twin"], kernel["racy"] = m.group(1), m.group(2), m.group(3) == "race"
            elif line.startswith("// scene: "):
                kernel["scene"] = line.split()[2]
            elif line.startswith("// size: "):
                kernel["size"] = line.split()[2]
            else:
                m = EXPECT.match(line)
                if m:
                    kernel["expected"].append((m.group(1), m.group(2), int(m.group(3)), int(m.group(4))))
    return kernel if "class" in kernel and kernel["scene"] else None


def suite_kernels():
    kernels = []
    for form in FORMS:
        folder = os.path.join(SUITE, form)
        if not os.path.isdir(folder):
            continue
        for name in sorted(os.listdir(folder)):
            if name.endswith(".cu"):
                k = read_kernel(os.path.join(folder, name))
                if k:
                    k["form"] = form
                    kernels.append(k)
    return kernels


def run_check(racelab, kernel, extra):
    command = [racelab, "check", "--scene", kernel["scene"], "--size", kernel["size"], "--kernel", kernel["path"]] + extra
    if kernel["scene"].startswith("histogram/"):
        command += ["--count", "65536"]
    done = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=900)
    return done.stdout


def racelab_pairs(output, kernel):
    """The pairs check --races printed: (kind, relation, line a, line b), those of other files as line 0."""
    pairs, lines = [], output.splitlines()
    name = os.path.basename(kernel["path"])
    for i, line in enumerate(lines):
        m = PAIR_HEAD.match(line)
        if not m or i + 2 >= len(lines):
            continue
        ends = [PAIR_LINE.match(lines[i + 1]), PAIR_LINE.match(lines[i + 2])]
        at = [int(e.group(2)) if e and os.path.basename(e.group(1)) == name else 0 for e in ends]
        pairs.append((m.group(1), "across" if m.group(2) == "across blocks" else "within", at[0], at[1]))
    return pairs


def racelab_verdict(kernel, pairs):
    if not kernel["racy"]:
        return "quiet" if not pairs else "reported"
    def found(e):
        kind, relation, a, b = e
        return any(p[0] == kind and p[1] == relation and (sorted(p[2:]) == sorted((a, b)) if kind == "write-write" else p[2:] == (a, b))
                   for p in pairs)
    stray = any(p[2] not in kernel["marked"] or p[3] not in kernel["marked"] for p in pairs)
    if all(found(e) for e in kernel["expected"]) and not stray:
        return "named"
    return "found" if pairs else "missed"


def sanitizer_verdicts(kernel, output):
    """racecheck's and memcheck's verdicts from check --sanitize: the lines of the kernel's file each names."""
    named = {"racecheck": set(), "memcheck": set()}
    for line in output.splitlines():
        m = SANITIZER.match(line)
        if m and os.path.abspath(m.group(1)) == kernel["path"]:
            named[m.group(3)].add(int(m.group(2)))
    verdicts = {}
    for tool, lines in named.items():
        if not kernel["racy"]:
            verdicts[tool] = "quiet" if not lines else "reported"
        elif all({a, b} <= lines for _, _, a, b in kernel["expected"]):
            verdicts[tool] = "named"
        else:
            verdicts[tool] = "found" if lines else "missed"
    return verdicts


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--racelab", default=os.path.join(HERE, "..", "build", "bin", "racelab"))
    parser.add_argument("--only", help="one class of the suite")
    parser.add_argument("--detail", action="store_true", help="a row a kernel as well")
    parser.add_argument("--out", help="also write the table to this file")
    parser.add_argument("--jobs", type=int, default=1, help="kernels checked at once (default 1)")
    args = parser.parse_args()
    kernels = [k for k in suite_kernels() if not args.only or k["class"] == args.only]
    if not kernels:
        sys.exit("no kernel of the suite found in " + SUITE)
    tools = ("racelab", "racecheck", "memcheck")
    tally = collections.OrderedDict()
    detail = []
    def verdicts_of(k):
        verdicts = {"racelab": racelab_verdict(k, racelab_pairs(run_check(args.racelab, k, ["--races"]), k))}
        verdicts.update(sanitizer_verdicts(k, run_check(args.racelab, k, ["--sanitize"])))
        print("%-44s %s" % (os.path.basename(k["path"]), "  ".join("%s %s" % (t, verdicts[t]) for t in tools)),
              file=sys.stderr, flush=True)
        return verdicts
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        all_verdicts = list(pool.map(verdicts_of, kernels))
    for k, verdicts in zip(kernels, all_verdicts):
        name = os.path.basename(k["path"])
        detail.append("| %s | %s | %s |" % (name, k["class"], " | ".join(verdicts[t] for t in tools)))
        row = tally.setdefault(k["class"], collections.Counter())
        row["racy" if k["racy"] else "clean"] += 1
        for t in tools:
            row[t + " " + verdicts[t]] += 1
    header = ["class", "racy", "race-free"] + ["%s: named / found / false positives" % t for t in tools]
    table = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    total = collections.Counter()
    for name, row in list(tally.items()) + [("all", None)]:
        row = row if row is not None else total
        cells = [name, str(row["racy"]), str(row["clean"])]
        for t in tools:
            cells.append("%d / %d / %d" % (row[t + " named"], row[t + " named"] + row[t + " found"], row[t + " reported"]))
        table.append("| " + " | ".join(cells) + " |")
        if name != "all":
            total.update(row)
    text = "\n".join(table) + "\n"
    if args.detail:
        text += "\n| kernel | class | " + " | ".join(tools) + " |\n|---|---|" + "---|" * len(tools) + "\n" + "\n".join(detail) + "\n"
    print(text, end="")
    if args.out:
        with open(args.out, "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
