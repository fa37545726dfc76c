#!/usr/bin/env bash
# The working folder of every GoogleTest test (tests/CMakeLists.txt): a scratch folder outside the source and
# build trees, so that each test must find its data from the binary's own location or a path baked in at build
# time (tests/test_data.hpp), never from the folder it was started in; and none may leave files there.
#   tools/test-folder.sh make DIR    empties DIR, or makes it (CTest TestBinaries.StartInAnEmptyFolder)
#   tools/test-folder.sh check DIR   fails, naming them, when the tests left files in DIR
#                                    (CTest TestBinaries.LeaveTheirFolderEmpty, after every test)
set -euo pipefail
[ $# -eq 2 ] && { [ "$1" = make ] || [ "$1" = check ]; } || { echo "usage: $0 make|check DIR" >&2; exit 2; }
dir=$2
case "$dir" in /*) ;; *) echo "test-folder: DIR must be absolute, got $dir" >&2; exit 2 ;; esac
if [ "$1" = make ]; then
  rm -rf "$dir"
  mkdir -p "$dir"
  echo "the tests start in $dir"
  exit 0
fi
[ -d "$dir" ] || { echo "test-folder: $dir is gone: a test removed the folder it was started in" >&2; exit 1; }
left=$(ls -A "$dir")
if [ -n "$left" ]; then
  echo "the tests left files in the folder they were started in ($dir): $left" >&2
  exit 1
fi
echo "the tests left $dir empty"
