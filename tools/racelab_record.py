"""Reading racelab records (racelab-record/1: `bench --json`, `bench --suite --json`, the viewer's summary),
shared by tools/bench-compare and tools/bench-table."""
import json
import sys

FORMAT = "racelab-record/1"


def load(path, tool):
    """The record at `path`; exits 2 naming `tool` and the problem when it cannot be read or is no record."""
    def fail(message):
        print(f"{tool}: {message}", file=sys.stderr)
        sys.exit(2)
    try:
        with open(path, encoding="utf-8") as f:
            record = json.load(f)
    except OSError as e:
        fail(f"cannot read '{path}': {e.strerror}")
    except json.JSONDecodeError as e:
        fail(f"'{path}' is not JSON: {e}")
    if not isinstance(record, dict) or not ("runs" in record or "stages_ms" in record):
        fail(f"'{path}' is not a racelab record (no \"runs\" and no \"stages_ms\")")
    return record


def runs_of(record):
    """A suite record lists its runs; a single-run record is its own run."""
    return record["runs"] if "runs" in record else [record]


def provenance_of(record):
    """The record's provenance, or {} for a record from before racelab-record/1."""
    p = record.get("provenance")
    return p if isinstance(p, dict) else {}


def commit_label(provenance, length=7):
    """The record's commit, shortened, with "+dirty" when it was built from a dirty tree."""
    commit = str(provenance.get("git_commit", "unknown"))[:length]
    return commit + ("+dirty" if provenance.get("git_dirty") is True else "")
