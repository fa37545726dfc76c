#!/usr/bin/env bash
# How long racelab takes to build a whole-file solution (`racelab compile`, nvcc and the link), the first time
# (an empty kernel cache: nvcc runs its own steps, and the harness entry is compiled beside it) and after each
# of EDITS one-line edits (the entry from the cache, the solution's host and device steps side by side:
# src/userkernel/build/nvcc_two_chains.hpp). The GPU's half of save -> frame is in the GPU tests' "save to first
# frame" lines (tests/gpu/user_kernel_gpu_test.cpp).
# Usage: tools/whole-file-build-time.sh OUT.json [SOLUTION_FOLDER] [EDITS]
#   (SOLUTION_FOLDER: tests/data/whole_file/tiled_thrust, a course-style solution that includes thrust; EDITS: 5;
#    RACELAB_BIN: build/bin)
set -euo pipefail
out=${1:?usage: tools/whole-file-build-time.sh OUT.json [SOLUTION_FOLDER] [EDITS]}
solution=${2:-tests/data/whole_file/tiled_thrust}
edits=${3:-5}
racelab=${RACELAB_BIN:-build/bin}/racelab
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cp -r "$solution" "$scratch/solution"
file=$(ls "$scratch"/solution/*.cu | head -1)
seconds() { local start end; start=$(date +%s.%N); RACELAB_KERNEL_CACHE="$scratch/cache" "$racelab" compile "$scratch/solution" >"$scratch/log" 2>&1 || { cat "$scratch/log" >&2; exit 1; }; end=$(date +%s.%N); python3 -c "print(round($end - $start, 3))"; }
first=$(seconds)
echo "first build: $first s"
after=()
for i in $(seq "$edits"); do
  echo "// edit $i" >>"$file"
  after+=("$(seconds)")
  echo "after edit $i: ${after[-1]} s"
done
python3 - "$out" "$solution" "$first" "${after[@]}" <<'PY'
import json, os, platform, statistics, subprocess, sys
out, solution, first, *after = sys.argv[1:]
after = [float(x) for x in after]
version = subprocess.run([os.environ.get("RACELAB_BIN", "build/bin") + "/racelab", "--version"], capture_output=True, text=True).stdout.splitlines()
json.dump({"record": "whole-file build time (tools/whole-file-build-time.sh)", "solution": solution,
           "racelab": version[0] if version else "", "cpu_cores": os.cpu_count(), "machine": platform.node(),
           "first_build_ms": round(1000 * float(first), 1), "after_edit_ms": [round(1000 * x, 1) for x in after],
           "after_edit_median_ms": round(1000 * statistics.median(after), 1)}, open(out, "w"), indent=1)
print(f"median after an edit: {statistics.median(after):.2f} s")
PY
