"""The corpus list (solutions.tsv) as both corpus scripts read it."""
import os


def read_list(path):
    """The list's rows as dicts keyed by its header (repo, commit, path, year, course, full_mark, broken);
    comment lines (#) and blank lines skipped."""
    with open(path) as f:
        lines = [line.rstrip("\n") for line in f if line.strip() and not line.startswith("#")]
    header = lines[0].split("\t")
    return [dict(zip(header, line.split("\t"))) for line in lines[1:]]


def entry_name(row, rows):
    """The solution's folder in the corpus: owner+name, and the file's stem where the repository has several
    rows."""
    name = row["repo"].replace("/", "+")
    if sum(1 for r in rows if r["repo"] == row["repo"]) > 1:
        name += "+" + os.path.splitext(os.path.basename(row["path"]))[0]
    return name
