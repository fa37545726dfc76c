"""The command line shared by the scripts that write racelab's committed assets (make_racelab_svg.py,
make_default_mesh.py, make_histogram_picture.py): write the asset, or with --check FILE fail when FILE is
not what the script writes (so a hand edit of a generated asset is caught by the tests)."""
import os
import sys


def write_or_check(argv, text, default_path, script):
    """`text`: a str (written as UTF-8) or bytes (written as they are)."""
    binary = isinstance(text, bytes)
    if len(argv) == 3 and argv[1] == "--check":
        with open(argv[2], "rb" if binary else "r", **({} if binary else {"encoding": "utf-8"})) as f:
            if f.read() != text:
                print(f"{argv[2]} is not what tools/{script} writes; run the script", file=sys.stderr)
                return 1
        return 0
    out = argv[1] if len(argv) > 1 else default_path
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    with open(out, "wb" if binary else "w", **({} if binary else {"encoding": "utf-8"})) as f:
        f.write(text)
    return 0
