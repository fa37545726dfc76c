#!/usr/bin/env bash
# Runs the test binaries from a scratch folder outside the source and build trees (CTest
# TestBinaries.PassFromAnotherFolder): every test must find its data from the binary's own location or a path
# baked in at build time (tests/test_data.hpp), and none may leave files in the folder it was started from.
# Usage: tools/test-from-another-folder.sh CPU_TEST_BINARY [GPU_TEST_BINARY]
set -euo pipefail
[ $# -ge 1 ] || { echo "usage: $0 CPU_TEST_BINARY [GPU_TEST_BINARY]" >&2; exit 2; }
binaries=()
for b in "$@"; do binaries+=("$(readlink -f "$b")"); done
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cd "$scratch"
echo "running from $scratch"
for b in "${binaries[@]}"; do
  echo "== $b"
  "$b" --gtest_brief=1
done
left=$(ls -A)
if [ -n "$left" ]; then
  echo "the tests left files in the folder they were started from: $left" >&2
  exit 1
fi
echo "all test binaries passed from $scratch"
