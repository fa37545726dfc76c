#!/usr/bin/env python3
"""The layers of racelab's source: which folder may include which, and how long a source file may be.

    tools/check-layers.py SOURCE_DIR
    tools/check-layers.py --self-test   (a made-up tree with each kind of breach must fail)

Each folder of src/ is a layer and includes only the layers below it (ALLOWED; docs/ARCHITECTURE.md draws the
same arrows, and CMakeLists.txt links one library per layer the same way). In particular nothing under
src/frame, src/core or src/ui includes src/app; src/core includes nothing but itself; src/judge knows no
workload code (src/scenes). kernels/ implements interfaces declared beside their callers under src/, so it
may include src/, but no file under src/ includes anything from kernels/. No source file (src, kernels,
tests, fuzz, tools, cmake) is longer than MAX_LINES lines.

An include is resolved as the build resolves it: beside the including file first, then under src/, then
under kernels/. Prints each breach as path:line and exits 1, or prints a summary and exits 0.
"""
import os
import re
import sys

MAX_LINES = 450

# The folders of src/ each folder of src/ may include (itself always).
ALLOWED = {
    "core": set(),
    "judge": {"core"},
    "scenes": {"core", "judge"},
    "userkernel": {"core", "judge", "scenes"},
    "present": {"core"},
    "video": {"core"},
    "frame": {"core", "judge", "scenes", "userkernel", "present"},
    "ui": {"core", "scenes", "userkernel", "frame"},
    "app": {"core", "judge", "scenes", "userkernel", "present", "video", "frame", "ui"},
}

SOURCE_SUFFIXES = (".cpp", ".hpp", ".cu", ".cuh", ".h", ".c", ".py", ".sh", ".cmake")
LENGTH_CHECKED = ("src", "kernels", "tests", "fuzz", "tools", "cmake")
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')


def code_files(root, tops, suffixes):
    for top in tops:
        for folder, _, files in os.walk(os.path.join(root, top)):
            for name in files:
                path = os.path.join(folder, name)
                if name.endswith(suffixes) or name == "CMakeLists.txt" or is_script(path):
                    yield os.path.relpath(path, root)


def is_script(path):
    """An executable text file without a suffix (tools/bench-table and the like)."""
    if "." in os.path.basename(path) or not os.access(path, os.X_OK):
        return False
    with open(path, "rb") as f:
        return f.read(2) == b"#!"


def resolve(root, including, target):
    """The file `target` names, relative to the root, or None when it is not ours (a system header)."""
    for base in (os.path.dirname(including), "src", "kernels"):
        candidate = os.path.normpath(os.path.join(base, target))
        if os.path.isfile(os.path.join(root, candidate)):
            return candidate
    return None


def layer(path):
    """("src", folder) for a file of src/<folder>/, ("kernels", None) for kernels/, else None."""
    parts = path.split(os.sep)
    if parts[0] == "src" and len(parts) > 2:
        return ("src", parts[1])
    if parts[0] == "kernels":
        return ("kernels", None)
    return None


def include_breaches(root):
    found = []
    for path in code_files(root, ("src", "kernels"), (".cpp", ".hpp", ".cu", ".cuh", ".h")):
        mine = layer(path)
        if mine is None:
            continue
        with open(os.path.join(root, path), encoding="utf-8") as text:
            for number, line in enumerate(text, 1):
                m = INCLUDE.match(line)
                target = resolve(root, path, m.group(1)) if m else None
                theirs = layer(target) if target else None
                if theirs is None or theirs == mine:
                    continue
                if mine[0] == "kernels":
                    continue  # kernels implement what src/ declares
                if theirs[0] == "kernels":
                    found.append(f"{path}:{number}: src/ includes {target} from kernels/ (declare it under src/)")
                elif theirs[1] not in ALLOWED.get(mine[1], set()):
                    found.append(f"{path}:{number}: src/{mine[1]} includes {target} from src/{theirs[1]}, "
                                 f"a layer it may not use")
    return found


def length_breaches(root):
    found = []
    for path in code_files(root, LENGTH_CHECKED, SOURCE_SUFFIXES):
        with open(os.path.join(root, path), encoding="utf-8", errors="replace") as text:
            lines = sum(1 for _ in text)
        if lines > MAX_LINES:
            found.append(f"{path}: {lines} lines, more than {MAX_LINES}: split it by job")
    return found


def unknown_folders(root):
    folders = sorted(d for d in os.listdir(os.path.join(root, "src")) if os.path.isdir(os.path.join(root, "src", d)))
    return [f"src/{d}: a folder with no place in the layers (add it to ALLOWED in tools/check-layers.py)"
            for d in folders if d not in ALLOWED]


def breaches(root):
    return unknown_folders(root) + include_breaches(root) + length_breaches(root)


def self_test():
    """Each kind of breach in a made-up tree is found, and a clean tree passes."""
    import tempfile
    clean = {
        "src/core/a.hpp": "#pragma once\n",
        "src/scenes/s.hpp": '#include "core/a.hpp"\n#include <vector>\n',
        "src/frame/loop.hpp": '#include "scenes/s.hpp"\n#include "loop_detail.hpp"\n',
        "src/frame/loop_detail.hpp": "#pragma once\n",
        "src/app/main.cpp": '#include "frame/loop.hpp"\n',
        "kernels/k.cu": '#include "frame/loop.hpp"\n#include "common/launch.cuh"\n',
        "kernels/common/launch.cuh": '#include "core/a.hpp"\n',
        "tools/short.py": "print()\n" * MAX_LINES,
    }
    bad = {
        "src/frame/up.cpp": '#include "app/main.cpp"\n',          # the engine reaches into app
        "src/core/b.cpp": '#include "scenes/s.hpp"\n',            # core uses a workload layer
        "src/scenes/k.cpp": '#include "common/launch.cuh"\n',     # src/ includes kernels/
        "src/ui/p.cpp": '#include "app/main.cpp"\n',              # ui reaches into app
        "src/judge/j.cpp": '#include "scenes/s.hpp"\n',           # the judge knows a workload
        "src/extra/x.cpp": "\n",                                  # a folder the layers do not know
        "tests/long_test.cpp": "\n" * (MAX_LINES + 1),            # too long
    }
    with tempfile.TemporaryDirectory() as root:
        def write(tree):
            for path, text in tree.items():
                os.makedirs(os.path.dirname(os.path.join(root, path)), exist_ok=True)
                with open(os.path.join(root, path), "w", encoding="utf-8") as f:
                    f.write(text)
        write(clean)
        found = breaches(root)
        if found:
            print("self-test: the clean tree was judged wrongly:", found)
            return 1
        write(bad)
        found = breaches(root)
        for path in bad:
            if not any(line.startswith(path + ":") or line.startswith(os.path.dirname(path) + ":") for line in found):
                print(f"self-test: the breach in {path} was not found; found: {found}")
                return 1
        if len(found) != len(bad):
            print(f"self-test: expected {len(bad)} findings, got {found}")
            return 1
    print("self-test: every kind of breach is found, the clean tree passes")
    return 0


def main():
    if sys.argv[1:] == ["--self-test"]:
        return self_test()
    if len(sys.argv) != 2 or sys.argv[1].startswith("-"):
        print(__doc__.strip().splitlines()[2].strip())
        return 2
    found = breaches(sys.argv[1])
    for line in found:
        print(line)
    if found:
        print(f"{len(found)} breach(es) of the layers")
        return 1
    print(f"layers hold: {len(ALLOWED)} folders of src/ include only the layers below them, src/ nothing from "
          f"kernels/, no source file over {MAX_LINES} lines")
    return 0


if __name__ == "__main__":
    sys.exit(main())
