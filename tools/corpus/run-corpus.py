#!/usr/bin/env python3
"""Builds every public solution of the corpus with racelab, and where a GPU is here, grades them.

The corpus is the folder RACELAB_CORPUS names (or --corpus), filled once by tools/corpus/fill-corpus.py from
the list tools/corpus/solutions.tsv; nothing is fetched here. For each solution it reports whether
`racelab compile` builds it (and the first error where it does not). Where a GPU is here it then grades the
whole folder with `racelab grade` (the course's scenes and rule) and reports, per solution, the scenes it
passes. Without a GPU it says so and stops after the compiles.

Exit status: 0 when every solution builds except those the list names as broken (its `broken` column, with
the reason), 1 when one more fails (or a GPU run fails), 77 when there is no corpus to read (CTest: skipped).

    RACELAB_CORPUS=/path/to/corpus tools/corpus/run-corpus.py --racelab build/bin/racelab [--markdown out.md]
"""
import argparse
import concurrent.futures
import json
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True  # no __pycache__ beside the scripts
sys.path.insert(0, HERE)
from corpus_list import entry_name, read_list  # noqa: E402

SKIPPED = 77


def first_error(output):
    """The line a reader needs: nvcc's first `error` line, else the last non-empty line."""
    lines = [line for line in output.splitlines() if line.strip()]
    for line in lines:
        if "error" in line:
            return line.strip()
    return lines[-1].strip() if lines else ""


def compile_one(racelab, file, arch):
    argv = [racelab, "compile", file] + (["--arch", arch] if arch else [])
    run = subprocess.run(argv, capture_output=True, text=True)
    return run.returncode, run.stdout + run.stderr


def gpu_here():
    """(True, "") where nvidia-smi lists a GPU, else (False, why)."""
    smi = shutil.which("nvidia-smi")
    if not smi:
        return False, "nvidia-smi is not on PATH"
    run = subprocess.run([smi, "-L"], capture_output=True, text=True)
    if run.returncode != 0 or "GPU" not in run.stdout:
        return False, "nvidia-smi lists no GPU"
    return True, ""


def grade(racelab, corpus, out):
    """racelab grade over the corpus folder (each subfolder a submission; one that does not build is a
    compile-error row): (exit status, {name: {scene: status}})."""
    os.makedirs(out, exist_ok=True)
    record = os.path.join(out, "grade.json")
    argv = [racelab, "grade", corpus, "--json", record, "--csv", os.path.join(out, "grade.csv"),
            "--html", os.path.join(out, "html")]
    print("$ " + " ".join(argv), flush=True)
    run = subprocess.run(argv)
    statuses = {}
    if os.path.exists(record):
        with open(record) as f:
            for row in json.load(f).get("rows", []):
                statuses.setdefault(row["submission"], {})[row["scene"]] = row["status"]
    return run.returncode, statuses


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--corpus", default=os.environ.get("RACELAB_CORPUS", ""))
    parser.add_argument("--list", default=os.path.join(HERE, "solutions.tsv"))
    parser.add_argument("--racelab", default=os.path.join(HERE, "..", "..", "build", "bin", "racelab"))
    parser.add_argument("--arch", help="the architecture to compile for (default: racelab's)")
    parser.add_argument("--jobs", type=int, default=1, help="compiles at once")
    parser.add_argument("--out", help="where the GPU run writes its grade records (default: a folder in /tmp)")
    parser.add_argument("--compile-only", action="store_true", help="no GPU run even where a GPU is here")
    parser.add_argument("--markdown", help="also write the compile table as Markdown rows to this file")
    args = parser.parse_args()

    if not args.corpus:
        print("RACELAB_CORPUS is not set: no corpus of public solutions to build (fill one with "
              "tools/corpus/fill-corpus.py, then set RACELAB_CORPUS to its folder); skipped")
        return SKIPPED
    if not os.path.isdir(args.corpus):
        print(f"RACELAB_CORPUS={args.corpus} is not a folder; skipped")
        return SKIPPED
    if not os.access(args.racelab, os.X_OK):
        print(f"{args.racelab}: no racelab binary to build with (--racelab)")
        return 1

    rows = read_list(args.list)
    files = {}
    for row in rows:
        name = entry_name(row, rows)
        files[name] = os.path.join(args.corpus, name, os.path.basename(row["path"]))
    present = {name: file for name, file in files.items() if os.path.isfile(file)}
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        results = dict(zip(present, pool.map(lambda f: compile_one(args.racelab, f, args.arch), present.values())))

    built, unexpected, table = [], [], []
    for row in rows:
        name = entry_name(row, rows)
        broken = row.get("broken", "-")
        if name not in results:
            verdict, detail = "missing", "not in the corpus folder (fill-corpus.py)"
            unexpected.append(name)
        else:
            code, output = results[name]
            if code == 0:
                verdict, detail = "yes", ""
                built.append(name)
            elif code == 1:
                verdict, detail = "no", broken if broken != "-" else first_error(output)
                if broken == "-":
                    unexpected.append(name)
            else:
                print(f"{name}: racelab cannot compile here (exit {code}):\n{output}")
                return 1
        table.append((row, verdict, detail))
        print(f"{name:58} {row['year']} {row['course']:7} compiles: {verdict:3} {detail}", flush=True)
    print(f"{len(built)} of {len(rows)} compile" + (f"; unexpected: {', '.join(unexpected)}" if unexpected else ""))

    if args.markdown:
        with open(args.markdown, "w") as out:
            for row, verdict, detail in table:
                note = " (" + row["full_mark"] + ")" if row["full_mark"] != "-" else ""
                out.write(f"| {row['repo']}@{row['commit'][:7]} | `{row['path']}` | {row['year']} | {row['course']}{note} | "
                          f"{verdict} | {detail.replace('|', '/')} |\n")

    status = 1 if unexpected else 0
    if args.compile_only:
        print("GPU runs not asked for (--compile-only): compile results only")
        return status
    here, why = gpu_here()
    if not here:
        print(f"no GPU here ({why}): compile results only; running, checking and grading skipped")
        return status
    out = args.out or os.path.join("/tmp", "racelab-corpus-grade")
    code, statuses = grade(args.racelab, os.path.abspath(args.corpus), out)
    for name in built:
        scenes = statuses.get(name, {})
        passed = [s for s, v in scenes.items() if v == "pass"]
        failed = [f"{s}: {v}" for s, v in scenes.items() if v != "pass"]
        print(f"{name:58} passes {len(passed)} of {len(scenes)} scenes" + (f"; {', '.join(failed)}" if failed else ""))
    print(f"grade records: {out}/grade.json, {out}/grade.csv, {out}/html/index.html")
    return status if code == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
