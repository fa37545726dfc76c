#!/usr/bin/env python3
"""Every racelab command quoted in README.md and docs/*.md must parse with the racelab it documents.

    tools/check-doc-commands.py RACELAB_BINARY SOURCE_DIR

Where commands are found:
  * code blocks (``` fences, any language): every line, `\\` continuations joined;
  * inline code spans (`...`) in the prose and tables.
A command is a line or span whose first shell word is `racelab` or a path ending in `/racelab`, or whose
first word is a tool in WRAPPERS that runs it (`compute-sanitizer --tool racecheck ... racelab render ...`);
it ends at a shell operator (`|`, `&&`, `;`, `>`) or a `#` comment. (Prose inside a code block, such as the
diagram in ARCHITECTURE.md, is not a command.) Each runs as `RACELAB --dry-parse ARGS`: CLI11 checks option names, types and ranges, and
racelab checks scene and variant names, sizes, backend, --present and visibility rules without doing any work
(CommandLine::checkWithoutRunning), --param included (against the family's declared parameters and ranges).

Placeholders are substituted by PLACEHOLDERS below (whole words, or the <...> part of a word); a new
placeholder in the docs needs a line there.

An inline span is often a fragment naming one option of a command (`racelab visibility --rule NAME`,
`racelab view --soak SECONDS`), so for spans, and only for them, two CLI11 errors are accepted: a required
option missing (exit 106) and a value missing after the span's last word when that word is an option
(exit 114). A span that is only `racelab SUBCOMMAND` is checked with --help (the subcommand must exist).

Prints one line per command; exits 1 naming doc:line, the command and racelab's error for each that does
not parse, 0 otherwise.
"""
import glob
import os
import re
import shlex
import subprocess
import sys

PLACEHOLDERS = {
    "<scene>": "rand10k",  # BENCHMARKS.md: racelab bench --scene circles/<scene> ...
    "SECONDS": "60",       # view --soak SECONDS
    "NAME": "geometric",   # visibility --rule NAME
    "FILE": "photo.png",   # --image FILE
    "OUT": "out",          # output folders
    "${SLURM_ARRAY_TASK_ID}": "3",  # README: racelab grade --shard ${SLURM_ARRAY_TASK_ID}/8 in a job array
}
# The user's own kernel file in docs/YOUR_KERNEL.md parses as the circles starter it is made from (--kernel
# wants a file that exists). Other paths of the source tree (assets/kernels/circles/tiled.cu, a whole-file
# solution's folder such as tests/data/whole_file/tiled_thrust) are found there, wherever the check runs from.
KERNEL_FILES = {"my_renderer.cu": "assets/kernels/circles/starter.cu"}
SOURCE_DIR = "."
WRAPPERS = {"compute-sanitizer", "ncu", "nsys", "xvfb-run", "time", "env", "gdb", "valgrind"}
SHELL_OPERATORS = {"|", "||", "&&", ";", ">", ">>", "2>", "2>&1", "&"}
CLI11_REQUIRED_MISSING = 106  # CLI::ExitCodes::RequiredError
CLI11_ARGUMENT_MISMATCH = 114  # CLI::ExitCodes::ArgumentMismatch (an option without its value)


def doc_files(source_dir):
    return [os.path.join(source_dir, "README.md")] + sorted(glob.glob(os.path.join(source_dir, "docs", "*.md")))


def code_texts(path):
    """(line number, text, is_inline_span) for every code line and inline code span of a Markdown file."""
    out = []
    in_block = False
    pending, pending_line = "", 0
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            stripped = line.rstrip("\n")
            if stripped.lstrip().startswith("```"):
                in_block = not in_block
                continue
            if in_block:
                if pending:
                    stripped = pending + " " + stripped.strip()
                else:
                    pending_line = number
                if stripped.endswith("\\"):
                    pending = stripped[:-1]
                    continue
                out.append((pending_line, stripped, False))
                pending = ""
            else:
                for span in re.findall(r"`([^`]+)`", stripped):
                    out.append((number, span, True))
    return out


def is_racelab(word):
    return word == "racelab" or word.endswith("/racelab")


def racelab_arguments(text):
    """The arguments after the racelab word, or None when the text runs no racelab command."""
    try:
        words = shlex.split(text, comments=True)
    except ValueError:
        return None
    if not words or not (is_racelab(words[0]) or words[0] in WRAPPERS):
        return None
    start = next((i for i, w in enumerate(words) if is_racelab(w)), None)
    if start is None:
        return None
    args = []
    for word in words[start + 1:]:
        if word in SHELL_OPERATORS:
            break
        args.append(word)
    return args


def substitute(word):
    if word in PLACEHOLDERS:
        return PLACEHOLDERS[word]
    if word in KERNEL_FILES:
        return os.path.join(SOURCE_DIR, KERNEL_FILES[word])
    if "/" in word and not os.path.isabs(word) and os.path.exists(os.path.join(SOURCE_DIR, word)):
        return os.path.join(SOURCE_DIR, word)
    # shell variables (README's Slurm job array: ${SLURM_ARRAY_TASK_ID}) by their PLACEHOLDERS value
    word = re.sub(r"\$\{[A-Z_]+\}", lambda m: PLACEHOLDERS.get(m.group(0), m.group(0)), word)
    return re.sub(r"<[^<>]+>", lambda m: PLACEHOLDERS.get(m.group(0), m.group(0)), word)


def check(binary, args, inline):
    """None when the command parses, else racelab's error."""
    if inline and len(args) == 1 and not args[0].startswith("-"):
        args = args + ["--help"]  # `racelab check` in prose: the subcommand must exist
    result = subprocess.run([binary, "--dry-parse"] + args, capture_output=True, text=True, timeout=60)
    if result.returncode == 0:
        return None
    if inline and result.returncode == CLI11_REQUIRED_MISSING:
        return None
    if inline and result.returncode == CLI11_ARGUMENT_MISMATCH and args[-1].startswith("--"):
        return None
    message = (result.stderr + result.stdout).strip().splitlines()
    return f"exit {result.returncode}: " + (message[0] if message else "(no message)")


def main():
    if len(sys.argv) != 3:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    binary, source_dir = sys.argv[1], sys.argv[2]
    global SOURCE_DIR
    SOURCE_DIR = source_dir
    checked, failures = 0, []
    for path in doc_files(source_dir):
        name = os.path.relpath(path, source_dir)
        for number, text, inline in code_texts(path):
            args = racelab_arguments(text)
            if not args:
                continue  # no racelab command, or the bare program name
            args = [substitute(a) for a in args]
            unknown = [a for a in args if re.search(r"<[^<>]+>|\$\{[A-Z_]+\}", a)]
            error = f"unknown placeholder {unknown[0]} (add it to PLACEHOLDERS)" if unknown else check(binary, args, inline)
            checked += 1
            shown = "racelab " + " ".join(shlex.quote(a) for a in args)
            print(f"{'ok  ' if error is None else 'FAIL'} {name}:{number}: {shown}")
            if error is not None:
                failures.append(f"{name}:{number}: {shown}\n    {error}")
    print(f"{checked} documented commands checked, {len(failures)} do not parse")
    for failure in failures:
        print("FAIL " + failure, file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
