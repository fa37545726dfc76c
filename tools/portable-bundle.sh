#!/usr/bin/env bash
# Packs racelab's binaries, with every shared library they load, for a GPU machine of another Linux
# distribution that lacks racelab's Debian packages (its GPU tests, benchmarks and sanitizer runs):
#   OUT/bins.tar.xz  the files and folders given, their paths kept (e.g. build/bin/racelab, build/share)
#   OUT/libs.tar.xz  every library ldd finds for the binaries among them; the video codecs behind libavcodec,
#                    ICU's data and LAPACK as stand-ins (tools/stand_in_library.py: loaded, never called), since
#                    the real ones are 130 MB and only recording or OpenCV's solvers call them (--keep-codecs:
#                    the real ones, for recording videos there)
#   OUT/env.sh       sourced there from the folder the bins were unpacked in: unpacks the libraries once and
#                    puts them first on LD_LIBRARY_PATH, with the CUDA toolkit's lib64
# Left to that machine: glibc, libstdc++, the CUDA driver and runtime, and GL's dispatch libraries (glvnd),
# which must be its own to reach its driver.
# usage: tools/portable-bundle.sh [--keep-codecs] OUT FILE_OR_FOLDER...
set -euo pipefail
keep=0
[ "${1:-}" = --keep-codecs ] && { keep=1; shift; }
out=${1:?usage: tools/portable-bundle.sh [--keep-codecs] OUT FILE_OR_FOLDER...}
shift
[ $# -gt 0 ] || { echo "portable-bundle: name the binaries (and folders) to pack" >&2; exit 2; }
here="$(cd "$(dirname "$0")" && pwd)"
mkdir -p "$out"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir "$work/libs"
for file in "$@"; do
  [ -e "$file" ] || { echo "portable-bundle: '$file' does not exist" >&2; exit 2; }
  [ -f "$file" ] && [ -x "$file" ] || continue
  ldd "$file" | awk '/=> \//{print $3}' >>"$work/found" || true
done
sort -u "$work/found" 2>/dev/null | while read -r lib; do
  name="$(basename "$lib")"
  case "$name" in
    libc.so*|libm.so*|libdl.so*|libpthread.so*|librt.so*|libstdc++.so*|libgcc_s.so*|ld-linux*) continue ;;
    libcuda.so*|libcudart.so*|libGL.so*|libEGL.so*|libGLX.so*|libGLdispatch.so*|libOpenGL.so*) continue ;;
  esac
  case "$name" in
    libicudata.so*|libcodec2.so*|libx265.so*|librsvg-2.so*|libplacebo.so*|libSvtAv1Enc.so*|libaom.so*|libflite*.so*|\
    librav1e.so*|libopenmpt.so*|libdav1d.so*|libjxl.so*|liblapack.so*|libgfortran.so*)
      if [ $keep -eq 0 ]; then python3 "$here/stand_in_library.py" "$lib" "$work/libs" >/dev/null; continue; fi ;;
  esac
  cp -L "$lib" "$work/libs/$name"
done
tar -C "$work" -cf - libs | xz -6 -T0 >"$out/libs.tar.xz"
tar -cf - "$@" | xz -6 -T0 >"$out/bins.tar.xz"
cat >"$out/env.sh" <<'EOF'
# Sourced on the GPU machine from the folder bins.tar.xz was unpacked in (tools/portable-bundle.sh).
_bundle="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
[ -d "$_bundle/libs" ] || tar -C "$_bundle" -xJf "$_bundle/libs.tar.xz"
export LD_LIBRARY_PATH="$_bundle/libs:/usr/local/cuda/lib64${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
EOF
echo "portable-bundle: $out/bins.tar.xz ($(du -h "$out/bins.tar.xz" | cut -f1)), $out/libs.tar.xz" \
  "($(du -h "$out/libs.tar.xz" | cut -f1), $(tar -tJf "$out/libs.tar.xz" | grep -c '\.so') libraries), $out/env.sh"
