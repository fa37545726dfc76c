#!/usr/bin/env bash
# Packages a built tree and runs racelab the way a user gets it (CTest: Package.DebAndInstallRun):
#   1. cpack -G DEB; the package's Depends (from dpkg-shlibdeps) must name the Debian runtime packages;
#   2. dpkg -x into a scratch root (the files apt install would unpack): bin/racelab --help and list,
#      list must report the assets under that root, and fourier/text must render from them;
#   3. cmake --install --prefix a scratch prefix: the same.
# Usage: tools/package-check.sh BUILD_DIR [SCRATCH_DIR]   (needs cpack, dpkg-deb and dpkg-shlibdeps;
#        $CPACK and $CMAKE name the cpack and cmake to use, as CTest does)
set -euo pipefail
build=$(cd "${1:?usage: tools/package-check.sh BUILD_DIR [SCRATCH_DIR]}" && pwd)
scratch=${2:-$build/package-check}
rm -rf "$scratch"
mkdir -p "$scratch"
if ! "${CPACK:-cpack}" -G DEB --config "$build/CPackConfig.cmake" -B "$scratch/deb" >"$scratch/cpack.log" 2>&1; then
  cat "$scratch/cpack.log"
  echo "FAIL: cpack -G DEB"
  exit 1
fi
deb=$(ls "$scratch"/deb/racelab_*.deb)
depends=$(dpkg-deb -f "$deb" Depends)
echo "package $(basename "$deb"), Depends: $depends"
# The OpenMP runtime is the compiler's: GCC's libgomp1 (Release), clang's libomp5 (the sanitizer build).
for package in libc6 "libstdc\\+\\+6" "libgomp1|libomp5" libglfw3 libopencv-core libopencv-imgproc libstb0 libegl1 libgl1; do
  grep -qE "(^|[ ,])($package)" <<<"$depends" || { echo "FAIL: Depends does not name ${package//\\/}"; exit 1; }
done

check() {  # check PREFIX: racelab under PREFIX runs and takes its assets from PREFIX/share/racelab
  local prefix=$1 list
  "$prefix/bin/racelab" --help >/dev/null
  list=$(env -u RACELAB_ASSETS "$prefix/bin/racelab" list)
  if ! grep -qx "assets: $prefix/share/racelab" <<<"$list"; then
    echo "FAIL: $prefix/bin/racelab does not take its assets from $prefix/share/racelab:"
    head -4 <<<"$list"
    exit 1
  fi
  env -u RACELAB_ASSETS "$prefix/bin/racelab" render --scene fourier/text --backend cpu --size 160x90 \
    --out "$scratch/fourier-text.png" >/dev/null
  echo "ok: $prefix/bin/racelab ($(head -1 <<<"$list"))"
}

dpkg -x "$deb" "$scratch/root"
check "$scratch/root/usr"
"${CMAKE:-cmake}" --install "$build" --prefix "$scratch/prefix" >/dev/null
check "$scratch/prefix"
