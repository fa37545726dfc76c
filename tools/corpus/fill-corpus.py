#!/usr/bin/env python3
"""Fills a folder with the public solutions listed in tools/corpus/solutions.tsv, each at its commit.

Run once, at set-up time, where the repositories can be had: from local git mirrors (--mirrors FOLDER, holding
owner+name/repo or owner+name/repo/.git or owner/name.git bare directories), or else cloned from GitHub into
--cache (~/.cache/racelab-corpus-git). Nothing here runs in CI and nothing needs the network afterwards:
tools/corpus/run-corpus.py reads only the folder.

Each solution gets a folder of its own, named after its repository (and its file, where a repository has
several), holding the solution's file and every header and included helper (.h, .cuh, .hpp, .inl, .cu_inl) of
the folder it lives in: the folder as its author handed it in, the course's headers of that year included
(circleRenderer.h, sceneLoader.h, image.h, ...), which racelab's build finds before its own.

    tools/corpus/fill-corpus.py --mirrors /path/to/mirrors /path/to/corpus
"""
import argparse
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True  # no __pycache__ beside the scripts
sys.path.insert(0, HERE)
from corpus_list import entry_name, read_list  # noqa: E402

CARRIED = (".h", ".cuh", ".hpp", ".inl", ".cu_inl")


def git_dir(repo, mirrors, cache):
    """A git directory holding `repo`: a mirror where one exists, else a bare clone made (or kept) in cache."""
    owner, name = repo.split("/")
    if mirrors:
        for candidate in (os.path.join(mirrors, owner + "+" + name, "repo", ".git"),
                          os.path.join(mirrors, owner + "+" + name, "repo"),
                          os.path.join(mirrors, owner, name + ".git")):
            if os.path.isdir(os.path.join(candidate, "objects")):
                return candidate
    target = os.path.join(cache, owner + "+" + name + ".git")
    if not os.path.isdir(target):
        subprocess.run(["git", "clone", "--quiet", "--bare", f"https://github.com/{repo}.git", target], check=True)
    return target


def git(gitdir, *args):
    return subprocess.run(["git", "--git-dir=" + gitdir, *args], check=True, capture_output=True).stdout


def fill(row, gitdir, destination):
    """Writes the row's file and the helpers beside it into destination; returns the files written."""
    folder = os.path.dirname(row["path"])
    listing = git(gitdir, "ls-tree", "--name-only", row["commit"] + ":" + folder if folder else row["commit"])
    wanted = [row["path"]]
    for name in listing.decode().splitlines():
        if name.endswith(CARRIED):
            wanted.append(os.path.join(folder, name) if folder else name)
    os.makedirs(destination, exist_ok=True)
    written = []
    for path in wanted:
        kind = git(gitdir, "cat-file", "-t", row["commit"] + ":" + path).decode().strip()
        if kind != "blob":
            continue
        with open(os.path.join(destination, os.path.basename(path)), "wb") as out:
            out.write(git(gitdir, "show", row["commit"] + ":" + path))
        written.append(os.path.basename(path))
    return written


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("corpus", help="the folder to fill (RACELAB_CORPUS for run-corpus.py)")
    parser.add_argument("--list", default=os.path.join(HERE, "solutions.tsv"))
    parser.add_argument("--mirrors", help="a folder of git mirrors (owner+name/repo, or owner/name.git)")
    parser.add_argument("--cache", default=os.path.expanduser("~/.cache/racelab-corpus-git"),
                        help="where repositories without a mirror are cloned (bare), kept for the next fill")
    args = parser.parse_args()
    rows = read_list(args.list)
    cache = args.cache
    os.makedirs(cache, exist_ok=True)
    failed = 0
    for row in rows:
        name = entry_name(row, rows)
        try:
            files = fill(row, git_dir(row["repo"], args.mirrors, cache), os.path.join(args.corpus, name))
            print(f"{name}: {', '.join(files)}")
        except subprocess.CalledProcessError as e:
            failed += 1
            print(f"{name}: not filled ({' '.join(e.cmd[:3])} failed: {e.stderr.decode().strip() if e.stderr else e})",
                  file=sys.stderr)
    print(f"{len(rows) - failed} of {len(rows)} solutions in {args.corpus}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
