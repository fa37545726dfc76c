"""Reading racelab records (racelab-record/1: `bench --json`, `bench --suite --json`, the viewer's summary),
shared by tools/bench-compare, tools/bench-table and tools/bench-docs. A bench record written since bench
recorded them also has "command", "limits" and "notes" (a suite: "command" and "limits" at the top and in every
run); older records lack them, and the readers say "not recorded" rather than fail."""
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


def kernel_steps(run):
    """The run's per-step table (bench's "kernels" object) as rows of (name, calls per frame, median us, p95 us,
    share of the kernel stage as text); [] when the run has none."""
    kernels = run.get("kernels")
    if not kernels:
        return []
    stage_us = 1000.0 * kernels["kernel_stage_p50_ms"]
    return [(step["name"], step["calls_per_frame"], step["p50_us"], step["p95_us"],
             f"{100.0 * step['p50_us'] / stage_us:.0f} %" if stage_us > 0 else "-") for step in kernels["steps"]]


def steps_markdown(run, extra=()):
    """Markdown rows of kernel_steps(run): step, calls/frame, median and p95 us, share, then `extra` cells."""
    tail = "".join(f" {cell} |" for cell in extra)
    return [f"| {name} | {calls:.1f} | {p50:.1f} | {p95:.1f} | {share} |{tail}"
            for name, calls, p50, p95, share in kernel_steps(run)]


# The limits bench measures beside every run (record key, what it is, unit, digits bench prints).
LIMITS = [
    ("launch_us", "empty kernel launch", "µs", 2),
    ("copy_gbs", "device-to-device copy (read + write)", "GB/s", 0),
    ("read_gbs", "streaming read", "GB/s", 0),
    ("sync_roundtrip_us", "device-to-host sync round trip", "µs", 1),
]


def limits_text(limits):
    """One line naming the measured limits; None when the record has none (no CUDA device, or older)."""
    if not limits:
        return None
    named = {key for key, *_ in LIMITS}
    known = [f"{what} {limits[key]:.{digits}f} {unit}" for key, what, unit, digits in LIMITS if key in limits]
    return ", ".join(known + [f"{key} {value}" for key, value in sorted(limits.items()) if key not in named])
