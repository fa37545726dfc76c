#!/usr/bin/env python3
"""The layers of racelab's source: which folder may include which, which library may link which, and how
long a source file may be.

    tools/check-layers.py SOURCE_DIR
    tools/check-layers.py --self-test   (a made-up tree with each kind of breach must fail)

Each folder of src/ is a layer and includes only the layers below it (ALLOWED; docs/ARCHITECTURE.md draws the
same arrows). The user's kernel is four layers: its rooms src/userkernel/racecheck, worker and build, and
src/userkernel itself on top. In particular nothing under src/frame, src/core or src/ui includes src/app;
src/core includes nothing but itself; src/judge knows no workload code (src/scenes); the frame engine knows no
user-kernel code.

kernels/ holds CUDA code that implements interfaces declared beside their callers under src/; each of its
files is built into one layer's library (KERNEL_LAYERS: a family's GPU half into scenes, the race views into
frame, ...) and is held to that layer's arrows, so nothing under kernels/ includes a layer above the library
it is built into. No file under src/ includes anything from kernels/.

CMake links one library per layer (LIBRARIES): every link between racelab's libraries in a CMakeLists.txt
must follow ALLOWED, and the links may form no cycle. No source file (src, kernels, tests, fuzz, tools,
cmake) is longer than MAX_LINES lines.

An include is resolved as the build resolves it: beside the including file first, then under src/, then
under kernels/. Prints each breach as path:line and exits 1, or prints a summary and exits 0.
"""
import os
import re
import sys

MAX_LINES = 450

# The folders of src/ each folder of src/ may include (itself always).
RACECHECK, WORKER, BUILD = "userkernel/racecheck", "userkernel/worker", "userkernel/build"
ALLOWED = {
    "core": set(),
    "judge": {"core"},
    "scenes": {"core", "judge"},
    RACECHECK: {"core", "judge", "scenes"},
    WORKER: {"core", "judge", "scenes", RACECHECK},
    BUILD: {"core", "judge", "scenes", RACECHECK, WORKER},
    "userkernel": {"core", "judge", "scenes", RACECHECK, WORKER, BUILD},
    "present": {"core"},
    "video": {"core"},
    "web": {"core"},
    "frame": {"core", "judge", "scenes", "present"},
    "ui": {"core", "scenes", "userkernel", "frame"},
    "app": {"core", "judge", "scenes", RACECHECK, WORKER, BUILD, "userkernel", "present", "video", "frame", "ui", "web"},
}
USERKERNEL_ROOMS = ("racecheck", "worker", "build")

# The layer whose library each part of kernels/ is built into (CMakeLists.txt); a folder not named here is a
# family's GPU half, built into racelab_scenes.
KERNEL_LAYERS = {
    "kernels/common": "core",             # the launch layer, included by every layer's kernels
    "kernels/kernel_image.cu": "core",    # the probe of which GPU code loaded (core/kernel_image.hpp)
    "kernels/race_views.cu": "frame",     # frame/race_view_kernels.hpp
    "kernels/device_limits.cu": "app",    # app/device_limits.hpp
}
FAMILY_KERNEL_LAYER = "scenes"

# Each library of racelab and the layers it holds.
LIBRARIES = {
    "racelab_core": {"core"},
    "racelab_judge": {"judge"},
    "racelab_scenes": {"scenes"},
    "racelab_userkernel_racecheck": {RACECHECK},
    "racelab_userkernel_worker": {WORKER},
    "racelab_userkernel_build": {BUILD},
    "racelab_userkernel": {"userkernel"},
    "racelab_present": {"present"},
    "racelab_frame": {"frame"},
    "racelab_web": {"web"},
    "racelab_app": {"app", "ui", "video"},
}
LINK = re.compile(r"target_link_libraries\(\s*(racelab_\w+)([^)]*)\)", re.S)

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
    """(tree, layer) for a file of src/ ("src", e.g. "frame" or "userkernel/worker") or of kernels/ ("kernels",
    the layer whose library it is built into), else None."""
    parts = path.split(os.sep)
    if parts[0] == "src" and len(parts) > 2:
        if parts[1] == "userkernel" and len(parts) > 3 and parts[2] in USERKERNEL_ROOMS:
            return ("src", f"userkernel/{parts[2]}")
        return ("src", parts[1])
    if parts[0] == "kernels" and len(parts) > 1:
        named = KERNEL_LAYERS.get("/".join(parts[:2]))
        if named:
            return ("kernels", named)
        return ("kernels", FAMILY_KERNEL_LAYER if len(parts) > 2 else None)
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
                if theirs is None or theirs[1] == mine[1]:
                    continue
                if mine[0] == "src" and theirs[0] == "kernels":
                    found.append(f"{path}:{number}: src/ includes {target} from kernels/ (declare it under src/)")
                elif theirs[1] not in ALLOWED.get(mine[1], set()):
                    where = "built into" if mine[0] == "kernels" else "in"
                    found.append(f"{path}:{number}: a file {where} layer {mine[1]} includes {target} of layer "
                                 f"{theirs[1]}, a layer it may not use")
    return found


def cmake_lists(root):
    """Every CMakeLists.txt of the source tree (not of a build tree)."""
    for folder, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if not d.startswith((".", "build"))]
        if "CMakeLists.txt" in files:
            yield os.path.relpath(os.path.join(folder, "CMakeLists.txt"), root)


def link_breaches(root):
    """Links between racelab's libraries that ALLOWED forbids, and any cycle among them."""
    found, edges = [], {}
    for path in cmake_lists(root):
        with open(os.path.join(root, path), encoding="utf-8") as text:
            for m in LINK.finditer(text.read()):
                library, linked = m.group(1), re.findall(r"\bracelab_\w+", m.group(2))
                for other in linked:
                    edges.setdefault(library, set()).add(other)
                    if library in LIBRARIES and other in LIBRARIES and not all(
                            any(b in ALLOWED[a] or b == a for a in LIBRARIES[library]) for b in LIBRARIES[other]):
                        found.append(f"{path}: {library} links {other}, a layer above it or beside it")
    state = {}

    def visit(node, trail):
        state[node] = "open"
        for other in sorted(edges.get(node, ())):
            if state.get(other) == "open":
                found.append("CMakeLists.txt: a cycle of libraries: " + " -> ".join(trail[trail.index(other):] + [other]))
            elif other not in state:
                visit(other, trail + [other])
        state[node] = "done"

    for node in sorted(edges):
        if node not in state:
            visit(node, [node])
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


def unplaced_kernels(root):
    top = os.path.join(root, "kernels")
    if not os.path.isdir(top):
        return []
    return [f"kernels/{name}: a file with no library to be built into (add it to KERNEL_LAYERS)"
            for name in sorted(os.listdir(top))
            if os.path.isfile(os.path.join(top, name)) and f"kernels/{name}" not in KERNEL_LAYERS]


def unknown_rooms(root):
    top = os.path.join(root, "src", "userkernel")
    if not os.path.isdir(top):
        return []
    return [f"src/userkernel/{d}: a room with no place in the layers (add it to USERKERNEL_ROOMS and ALLOWED)"
            for d in sorted(os.listdir(top)) if os.path.isdir(os.path.join(top, d)) and d not in USERKERNEL_ROOMS]


def allowed_is_acyclic():
    """ALLOWED itself must be a hierarchy: a layer never reaches itself through others."""
    def reaches(start, goal, seen):
        return any(n == goal or (n not in seen and reaches(n, goal, seen | {n})) for n in ALLOWED.get(start, ()))
    return [f"tools/check-layers.py: ALLOWED lets {name} reach itself" for name in ALLOWED if reaches(name, name, set())]


def breaches(root):
    return (allowed_is_acyclic() + unknown_folders(root) + unknown_rooms(root) + unplaced_kernels(root) + include_breaches(root)
            + link_breaches(root) + length_breaches(root))


def self_test():
    """Each kind of breach, planted alone in a made-up clean tree, is found; the clean tree passes."""
    import tempfile
    clean = {
        "src/core/a.hpp": "#pragma once\n",
        "src/scenes/s.hpp": '#include "core/a.hpp"\n#include <vector>\n',
        "src/frame/loop.hpp": '#include "scenes/s.hpp"\n#include "loop_detail.hpp"\n',
        "src/frame/loop_detail.hpp": "#pragma once\n",
        "src/userkernel/worker/w.hpp": '#include "scenes/s.hpp"\n',
        "src/userkernel/build/b.hpp": '#include "userkernel/worker/w.hpp"\n',
        "src/userkernel/u.hpp": '#include "userkernel/build/b.hpp"\n',
        "src/app/main.cpp": '#include "frame/loop.hpp"\n#include "userkernel/u.hpp"\n',
        "kernels/race_views.cu": '#include "frame/loop.hpp"\n#include "common/launch.cuh"\n',
        "kernels/fam/g.cu": '#include "scenes/s.hpp"\n#include "common/launch.cuh"\n',
        "kernels/common/launch.cuh": '#include "core/a.hpp"\n',
        "tools/short.py": "print()\n" * MAX_LINES,
        "CMakeLists.txt": "target_link_libraries(racelab_judge PUBLIC racelab_core)\n"
                          "target_link_libraries(racelab_scenes PUBLIC racelab_judge racelab_core)\n"
                          "target_link_libraries(racelab_frame PUBLIC racelab_scenes racelab_present)\n"
                          "target_link_libraries(racelab_app PUBLIC racelab_frame)\n",
    }
    # (file, its text, what the finding must say)
    bad = [
        ("src/frame/up.cpp", '#include "app/main.cpp"\n', "src/frame/up.cpp:1:"),        # the engine reaches into app
        ("src/core/b.cpp", '#include "scenes/s.hpp"\n', "src/core/b.cpp:1:"),            # core uses a workload layer
        ("src/scenes/k.cpp", '#include "common/launch.cuh"\n', "from kernels/"),         # src/ includes kernels/
        ("src/ui/p.cpp", '#include "app/main.cpp"\n', "src/ui/p.cpp:1:"),                # ui reaches into app
        ("src/judge/j.cpp", '#include "scenes/s.hpp"\n', "src/judge/j.cpp:1:"),          # the judge knows a workload
        ("src/frame/k.cpp", '#include "userkernel/u.hpp"\n', "src/frame/k.cpp:1:"),      # the engine knows the user's kernel
        ("src/userkernel/worker/x.cpp", '#include "userkernel/build/b.hpp"\n',
         "src/userkernel/worker/x.cpp:1:"),                                                 # a room reaches one above it
        ("src/extra/x.cpp", "\n", "src/extra:"),                                           # a folder the layers do not know
        ("src/userkernel/attic/x.cpp", "\n", "src/userkernel/attic:"),                     # a room the layers do not know
        ("kernels/fam/up.cu", '#include "app/main.cpp"\n', "kernels/fam/up.cu:1:"),      # a GPU half reaches into app
        ("kernels/stray.cu", "\n", "kernels/stray.cu:"),                                   # a kernel built into no layer
        ("tests/long_test.cpp", "\n" * (MAX_LINES + 1), "tests/long_test.cpp:"),           # too long
        ("cmake/CMakeLists.txt", "target_link_libraries(racelab_core PUBLIC racelab_frame)\n",
         "racelab_core links racelab_frame"),                                               # a library links one above it
        ("fuzz/CMakeLists.txt", "target_link_libraries(racelab_a PUBLIC racelab_b)\n"
                                "target_link_libraries(racelab_b PRIVATE racelab_a)\n",
         "a cycle of libraries: racelab_a -> racelab_b -> racelab_a"),                      # a cycle between libraries
    ]

    def write(root, tree):
        for path, text in tree.items():
            os.makedirs(os.path.dirname(os.path.join(root, path)), exist_ok=True)
            with open(os.path.join(root, path), "w", encoding="utf-8") as f:
                f.write(text)

    with tempfile.TemporaryDirectory() as root:
        write(root, clean)
        found = breaches(root)
        if found:
            print("self-test: the clean tree was judged wrongly:", found)
            return 1
    for path, text, expected in bad:
        with tempfile.TemporaryDirectory() as root:
            write(root, clean)
            write(root, {path: text})
            found = breaches(root)
            if not found or not any(expected in line for line in found):
                print(f"self-test: the breach planted in {path} was not found as '{expected}'; found: {found}")
                return 1
    print(f"self-test: each of {len(bad)} kinds of breach is found, the clean tree passes")
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
    print(f"layers hold: {len(ALLOWED)} layers of src/ and the kernels built into them include only the layers "
          f"below them, src/ nothing from kernels/, {len(LIBRARIES)} libraries link no layer above them and no "
          f"cycle, no source file over {MAX_LINES} lines")
    return 0


if __name__ == "__main__":
    sys.exit(main())
