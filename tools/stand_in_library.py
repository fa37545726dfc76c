#!/usr/bin/env python3
"""Builds a stand-in for a shared library: the same soname, version nodes and exported symbols, none of which
does anything (functions return at once, data is zeroed at its size). For a library that a binary loads but
never calls on the machine it is carried to: the video codecs behind libavcodec, say, in a bundle for GPU tests
and benchmarks that record no video (tools/portable-bundle.sh). Calling into a stand-in is a bug of the bundle,
not of the program: the function returns garbage.

usage: tools/stand_in_library.py LIBRARY OUT_FOLDER   (writes OUT_FOLDER/<file name of LIBRARY>; needs readelf, cc)
       tools/stand_in_library.py --self-test          (a stand-in of the system's libz keeps what the loader checks)
"""
import os
import re
import subprocess
import sys
import tempfile


def readelf(*args):
    return subprocess.run(["readelf", "-W", *args], capture_output=True, text=True, check=True).stdout


def version_nodes(library):
    """The library's own version nodes in definition order (the BASE entry, its file name, left out)."""
    text = readelf("-V", library)
    if "Version definition section" not in text:
        return []
    section = text.split("Version definition section", 1)[1].split("Version needs section", 1)[0]
    return [m.group(2) for m in re.finditer(r"Flags: (\S+)\s+Index: \d+\s+Cnt: \d+\s+Name: (\S+)", section)
            if m.group(1) != "BASE"]


def exported_symbols(library):
    """(name, version or None, default version?, kind 'f' or 'd', size) of every defined global symbol."""
    symbols = []
    for line in readelf("--dyn-syms", library).splitlines():
        f = line.split()
        if len(f) < 8 or not f[0].rstrip(":").isdigit():
            continue
        kind, bind, index, name = f[3], f[4], f[6], f[7]
        if index in ("UND", "ABS") or bind not in ("GLOBAL", "WEAK") or kind not in ("FUNC", "IFUNC", "OBJECT"):
            continue
        version, default = None, True
        if "@@" in name:
            name, version = name.split("@@", 1)
        elif "@" in name:
            name, version = name.split("@", 1)
            default = False
        size = int(f[2], 0) if re.fullmatch(r"0x[0-9a-fA-F]+|\d+", f[2]) else 0
        symbols.append((name, version, default, "d" if kind == "OBJECT" else "f", size))
    return symbols


def soname_of(library):
    match = re.search(r"\(SONAME\).*\[(.*)\]", readelf("-d", library))
    return match.group(1) if match else os.path.basename(library)


def build(library, out_folder):
    soname = soname_of(library)
    nodes = version_nodes(library)
    source, listed = [], {node: [] for node in nodes}
    for i, (name, version, default, kind, size) in enumerate(exported_symbols(library)):
        local = f"stand_in_{i}"
        quoted = name.replace('"', '\\"')
        hidden = '__attribute__((visibility("hidden")))'
        if kind == "d":
            source.append(f"{hidden} char {local}[{max(size, 1)}] __attribute__((aligned(16)));")
        else:
            source.append(f"{hidden} void {local}(void) {{}}")
        if version and not default:  # an older version kept beside the default one
            source.append(f'__asm__(".symver {local},{quoted}@{version}");')
            continue
        source.append(f'extern __typeof__({local}) alias_{i} __asm__("{quoted}") __attribute__((alias("{local}")));')
        if version:  # unversioned ones stay in the base version: the script below names no `local: *`
            listed.setdefault(version, []).append(quoted)
    with tempfile.TemporaryDirectory() as work:
        c_file, map_file = os.path.join(work, "stand_in.c"), os.path.join(work, "stand_in.map")
        with open(c_file, "w") as f:
            f.write("\n".join(source) + "\n")
        with open(map_file, "w") as f:
            for node in listed:
                f.write(f"{node} {{" + (" global:" + "".join(f' "{n}";' for n in listed[node]) if listed[node] else "")
                        + " };\n")
        out = os.path.join(out_folder, os.path.basename(library))
        script = [f"-Wl,--version-script={map_file}"] if listed else []
        subprocess.run(["cc", "-shared", "-fPIC", "-nostdlib", "-o", out, c_file, f"-Wl,-soname,{soname}", *script],
                       check=True)
    return out


def self_test():
    """A stand-in of the system's libz (versioned symbols, data and functions) has its soname, its version nodes
    and every exported symbol with the same version, loads, and is a fraction of its size."""
    import ctypes
    import ctypes.util
    name = ctypes.util.find_library("z")
    found = subprocess.run(["ldconfig", "-p"], capture_output=True, text=True).stdout
    paths = [line.split("=>")[1].strip() for line in found.splitlines() if name and name in line and "=>" in line]
    if not paths:
        print("stand_in_library self-test: no libz found by ldconfig", file=sys.stderr)
        return 1
    real = os.path.realpath(paths[0])
    with tempfile.TemporaryDirectory() as folder:
        stand_in = build(real, folder)
        problems = []
        if soname_of(stand_in) != soname_of(real):
            problems.append(f"soname {soname_of(stand_in)} instead of {soname_of(real)}")
        if version_nodes(stand_in) != version_nodes(real):
            problems.append(f"version nodes {version_nodes(stand_in)} instead of {version_nodes(real)}")
        key = lambda symbols: {(n, v, d) for n, v, d, _, _ in symbols}
        missing = key(exported_symbols(real)) - key(exported_symbols(stand_in))
        if missing:
            problems.append(f"{len(missing)} symbols missing, e.g. {sorted(missing)[:3]}")
        if len(exported_symbols(real)) < 50:
            problems.append(f"only {len(exported_symbols(real))} symbols in {real}: not the library meant")
        ctypes.CDLL(stand_in)
        if os.path.getsize(stand_in) >= os.path.getsize(real):
            problems.append("the stand-in is not smaller")
    for p in problems:
        print(f"stand_in_library self-test: {p}", file=sys.stderr)
    print(f"stand_in_library self-test: {'FAIL' if problems else 'ok'} ({real})")
    return 1 if problems else 0


def main():
    if sys.argv[1:] == ["--self-test"]:
        sys.exit(self_test())
    if len(sys.argv) != 3:
        sys.exit(__doc__.strip().splitlines()[-2])
    library, out_folder = sys.argv[1], sys.argv[2]
    out = build(library, out_folder)
    print(f"{os.path.basename(library)}: stand-in of {os.path.getsize(out)} bytes for {os.path.getsize(library)}")


if __name__ == "__main__":
    main()
