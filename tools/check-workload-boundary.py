#!/usr/bin/env python3
"""A workload is its own folders; nothing else knows its name.

    tools/check-workload-boundary.py SOURCE_DIR
    tools/check-workload-boundary.py --self-test   (a made-up tree with each kind of crossing must fail)

The families are the folders src/scenes/<family>/ that hold a workload.cpp (the build registers them from
there, cmake/Workloads.cmake). Each family owns src/scenes/<family>/ and kernels/<family>/. This checks:
  * shared code (the rest of src/ and kernels/) includes no family's files and names no scene of a family
    (a string starting "<family>/");
  * a family's code includes no other family's files (shared maths live in src/core/device_math.hpp).
Tests, tools and docs may name scenes: they are data there. Prints each violation as path:line and exits 1,
or prints a summary and exits 0.
"""
import os
import re
import sys


def families(root):
    scenes = os.path.join(root, "src", "scenes")
    return sorted(d for d in os.listdir(scenes) if os.path.isfile(os.path.join(scenes, d, "workload.cpp")))


def owner(path, names):
    """The family that owns `path` (relative to the root), or None for shared code."""
    parts = path.split(os.sep)
    if parts[:2] == ["src", "scenes"] and len(parts) > 3 and parts[2] in names:
        return parts[2]
    if parts[0] == "kernels" and len(parts) > 2 and parts[1] in names:
        return parts[1]
    return None


def sources(root):
    for top in ("src", "kernels"):
        for folder, _, files in os.walk(os.path.join(root, top)):
            for name in files:
                if name.endswith((".cpp", ".hpp", ".cu", ".cuh", ".h")):
                    yield os.path.relpath(os.path.join(folder, name), root)


def violations(root):
    names = families(root)
    include = re.compile(r'^\s*#\s*include\s+"([^"]+)"')
    found = []
    for path in sources(root):
        mine = owner(path, names)
        with open(os.path.join(root, path), encoding="utf-8") as text:
            for number, line in enumerate(text, 1):
                m = include.match(line)
                if m:
                    target = m.group(1)
                    parts = target.split("/")
                    other = parts[1] if parts[0] == "scenes" and len(parts) > 2 else parts[0] if len(parts) > 1 else None
                    if other in names and other != mine:
                        who = "shared code" if mine is None else "family " + mine
                        found.append(f"{path}:{number}: {who} includes {target} of family {other}")
                    continue
                code = line.split("//", 1)[0]  # comments may give examples
                if mine is None:
                    for family in names:
                        if f'"{family}/' in code:
                            found.append(f"{path}:{number}: shared code names a scene of family {family}: {line.strip()}")
    return names, found


def self_test():
    """Each kind of crossing in a made-up tree is found, and a clean tree passes."""
    import tempfile
    files = {
        "src/scenes/alpha/workload.cpp": "// RACELAB_WORKLOAD(alpha)\n",
        "src/scenes/beta/workload.cpp": '#include "scenes/beta/beta_scene.hpp"\n',
        "src/scenes/beta/beta_scene.hpp": '#include "core/device_math.hpp"\n',
        "kernels/beta/draw.cu": '#include "beta/draw.cuh"\n',
        "src/app/main.cpp": '// e.g. "alpha/one" in a comment is fine\n',
    }
    crossings = {
        "src/app/cmd_x.cpp": '#include "scenes/alpha/alpha_scene.hpp"\n',       # shared code includes a family
        "src/core/y.cpp": 'const char* scene = "beta/default";\n',            # shared code names a scene
        "kernels/alpha/k.cu": '#include "beta/draw.cuh"\n',                      # a family includes another's
    }
    with tempfile.TemporaryDirectory() as root:
        def write(tree):
            for path, text in tree.items():
                os.makedirs(os.path.dirname(os.path.join(root, path)), exist_ok=True)
                with open(os.path.join(root, path), "w", encoding="utf-8") as f:
                    f.write(text)
        write(files)
        names, found = violations(root)
        if names != ["alpha", "beta"] or found:
            print("self-test: the clean tree was judged wrongly:", names, found)
            return 1
        write(crossings)
        _, found = violations(root)
        for path in crossings:
            if not any(line.startswith(path + ":") for line in found):
                print(f"self-test: the crossing in {path} was not found; found: {found}")
                return 1
        if len(found) != len(crossings):
            print(f"self-test: expected {len(crossings)} findings, got {found}")
            return 1
    print("self-test: every kind of crossing is found, the clean tree passes")
    return 0


def main():
    if sys.argv[1:] == ["--self-test"]:
        return self_test()
    if len(sys.argv) != 2:
        print(__doc__.strip().splitlines()[2].strip())
        return 2
    names, found = violations(sys.argv[1])
    for line in found:
        print(line)
    if found:
        print(f"{len(found)} place(s) cross the workload boundary")
        return 1
    print(f"workload boundary holds for {len(names)} families: {', '.join(names)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
