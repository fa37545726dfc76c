#!/usr/bin/env python3
"""Lists the GPU code an executable carries, without cuobjdump, and checks it against what is promised.

The CUDA code of an executable sits in its ELF section .nv_fatbin: one fat binary container per
translation unit, one after another. A container is a 16-byte header (magic 0xBA55ED50, version,
header size, size of what follows) and entries, each a header followed by its payload. The fields
read here (the layout as NVIDIA's fatbinary.h and public reverse-engineering notes describe it):

    container header      entry header (header size at +4, >= 64 bytes)
    +0  u32 magic         +0  u16 kind: 1 = PTX, 2 = ELF (SASS, a cubin)
    +4  u16 version       +4  u32 size of this entry header
    +6  u16 header size   +8  u64 size of the payload after the header
    +8  u64 size of the   +28 u32 architecture: 75 = sm_75 / compute_75
        entries

Usage:
  fatbin_archs.py BINARY                         print what BINARY carries
  fatbin_archs.py BINARY --list sass|ptx         one architecture number a line (for diff with cuobjdump)
  fatbin_archs.py BINARY --sass 75,80 --ptx 75   exit 1 unless every container carries exactly that
      [--readme README.md --toolkit 13.0]        ... and README's row "| CUDA 13.x ..." promises the same
  fatbin_archs.py --skip REASON                  print why there is nothing to check, exit 77 (CTest: skipped)
"""
import argparse
import re
import struct
import sys

FATBIN_MAGIC = 0xBA55ED50
KIND_PTX, KIND_ELF = 1, 2


def section(data, wanted):
    """The bytes of the ELF section named `wanted` (64-bit little-endian ELF), or None."""
    if data[:4] != b"\x7fELF":
        raise ValueError("not an ELF file")
    if data[4] != 2 or data[5] != 1:
        raise ValueError("only 64-bit little-endian ELF files are read")
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)

    def header(i):  # name offset, file offset, size
        name, = struct.unpack_from("<I", data, shoff + i * shentsize)
        offset, size = struct.unpack_from("<QQ", data, shoff + i * shentsize + 0x18)
        return name, offset, size

    _, names_at, _ = header(shstrndx)
    for i in range(shnum):
        name, offset, size = header(i)
        end = data.index(b"\0", names_at + name)
        if data[names_at + name:end].decode() == wanted:
            return data[offset:offset + size]
    return None


def containers(fatbin):
    """Each container as a list of (kind, arch) entries."""
    out, at = [], 0
    while at + 16 <= len(fatbin):
        magic, _version, header_size, size = struct.unpack_from("<IHHQ", fatbin, at)
        if magic != FATBIN_MAGIC:
            if magic == 0:  # padding between containers (the linker aligns each one)
                at += 4
                continue
            raise ValueError(f"no fat binary container at offset {at:#x} (magic {magic:#010x})")
        entries, entry, end = [], at + header_size, at + header_size + size
        if end > len(fatbin):
            raise ValueError(f"container at {at:#x} runs past the end of the section")
        while entry < end:
            kind, entry_header, payload = struct.unpack_from("<HxxIQ", fatbin, entry)
            arch, = struct.unpack_from("<I", fatbin, entry + 28)
            if entry_header < 64:
                raise ValueError(f"entry at {entry:#x} has a {entry_header}-byte header")
            entries.append((kind, arch))
            entry += entry_header + payload
        out.append(entries)
        at = end
    return out


def archs(entries, kind):
    return sorted({arch for k, arch in entries if k == kind})


def covers(label, version):
    """Whether a README row label ("CUDA 13.x", "CUDA 12.8+", "CUDA 12.0-12.7") covers version (13, 0)."""
    m = re.match(r"CUDA (\d+)\.(x|\d+)(\+)?(?:\s*(?:-|\u2013)\s*(\d+)\.(\d+))?", label)
    if not m:
        return False
    low = (int(m[1]), 0 if m[2] == "x" else int(m[2]))
    high = (int(m[4]), int(m[5])) if m[4] else (low[0], 10**6) if m[2] == "x" or m[3] else low
    return low <= version <= high and version[0] == low[0]


def readme_promise(path, toolkit):
    """(SASS, PTX) from README's table row for the toolkit: '| CUDA 13.x ... | sm_75 sm_80 ... | compute_75 | ...'."""
    version = tuple(int(p) for p in toolkit.split("."))
    with open(path, encoding="utf-8") as f:
        for line in f:
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if len(cells) >= 3 and covers(cells[0], version):
                return ([int(a) for a in re.findall(r"sm_(\d+)", cells[1])],
                        [int(a) for a in re.findall(r"compute_(\d+)", cells[2])])
    raise ValueError(f"{path} has no table row for CUDA {toolkit}")


def numbers(text):
    return sorted(int(a) for a in text.split(",") if a.strip())


def named(prefix, list_):
    return " ".join(f"{prefix}_{a}" for a in list_) or "none"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("binary", nargs="?")
    parser.add_argument("--skip", help="nothing to check, and why (exit 77)")
    parser.add_argument("--list", choices=["sass", "ptx"], help="print one kind's architectures, one a line")
    parser.add_argument("--sass", help="expected SASS architectures, e.g. 75,80,86")
    parser.add_argument("--ptx", help="expected PTX architectures, e.g. 75")
    parser.add_argument("--readme", help="README whose 'CUDA <toolkit>' table row must promise the same")
    parser.add_argument("--toolkit", help="the CUDA version of the build (13.0), for --readme")
    args = parser.parse_args()
    if args.skip:
        print(f"skipped: {args.skip}")
        return 77
    if not args.binary:
        parser.error("no BINARY")
    with open(args.binary, "rb") as f:
        data = f.read()
    fatbin = section(data, ".nv_fatbin")
    if fatbin is None:
        print(f"{args.binary}: no .nv_fatbin section (no CUDA code)")
        return 1 if args.sass or args.ptx else 0
    found = containers(fatbin)
    every = [e for c in found for e in c]
    sass, ptx = archs(every, KIND_ELF), archs(every, KIND_PTX)
    if args.list:
        print("\n".join(str(a) for a in (sass if args.list == "sass" else ptx)))
        return 0
    print(f"{args.binary}: {len(found)} fat binary containers, {len(every)} entries")
    print(f"  SASS: {named('sm', sass)}")
    print(f"  PTX:  {named('compute', ptx)}")
    if args.sass is None and args.ptx is None:
        return 0
    expected = (numbers(args.sass or ""), numbers(args.ptx or ""))
    failures = []
    for i, c in enumerate(found):  # every translation unit, not only the union: none may lack a target
        if (archs(c, KIND_ELF), archs(c, KIND_PTX)) != expected:
            failures.append(f"container {i}: SASS {named('sm', archs(c, KIND_ELF))}, "
                            f"PTX {named('compute', archs(c, KIND_PTX))}")
    if args.readme:
        promised = readme_promise(args.readme, args.toolkit)
        if promised != expected:
            failures.append(f"{args.readme} promises SASS {named('sm', promised[0])}, PTX {named('compute', promised[1])} "
                            f"for CUDA {args.toolkit}, but the build was configured for SASS "
                            f"{named('sm', expected[0])}, PTX {named('compute', expected[1])}")
    if failures:
        print(f"expected in every container: SASS {named('sm', expected[0])}, PTX {named('compute', expected[1])}")
        for f in failures:
            print("  MISMATCH " + f)
        return 1
    print("  as expected" + (f" and as {args.readme} promises" if args.readme else ""))
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except (OSError, ValueError, struct.error) as e:
        print(f"fatbin_archs: {e}", file=sys.stderr)
        sys.exit(2)
