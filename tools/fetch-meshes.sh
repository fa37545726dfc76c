#!/usr/bin/env bash
# Extracts the real meshes the mesh scenes use (bunny, armadillo, dragon, elephant) from Debian's
# libcgal-demo package into assets/meshes/. Nothing is installed; the files are not committed.
set -euo pipefail
cd "$(dirname "$0")/.."
target=assets/meshes
files=(bunny00.off armadillo.off ChineseDragon-10kv.off refined_elephant.off)
missing=0
for f in "${files[@]}"; do [ -s "$target/$f" ] || missing=1; done
if [ $missing -eq 0 ]; then echo "fetch-meshes: all meshes present in $target"; exit 0; fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "fetch-meshes: downloading libcgal-demo (about 24 MB)..."
(cd "$work" && apt-get download libcgal-demo >/dev/null) || {
  echo "fetch-meshes: apt-get download libcgal-demo failed (run apt-get update?); the procedural meshes still work" >&2
  exit 1
}
dpkg-deb -x "$work"/libcgal-demo_*.deb "$work/x"
mkdir -p "$target"
tar -xzf "$work/x/usr/share/doc/libcgal-dev/data.tar.gz" -C "$work" $(printf 'data/meshes/%s ' "${files[@]}")
for f in "${files[@]}"; do cp "$work/data/meshes/$f" "$target/$f"; done
echo "fetch-meshes: wrote ${files[*]} to $target"
