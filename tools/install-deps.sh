#!/usr/bin/env bash
# Installs racelab's build and test dependencies from Debian 12 packages (idempotent: skips what is there).
set -euo pipefail
packages=(
  build-essential cmake ninja-build pkg-config python3
  libglfw3-dev libglm-dev libimgui-dev libstb-dev python3-glad libcli11-dev libgtest-dev
  libegl-dev libgl-dev libgles-dev xvfb xauth python3-matplotlib libtinyobjloader-dev
  libopencv-imgproc-dev nlohmann-json3-dev
  clang libomp-dev  # the sanitizer build (clang, with its OpenMP) that also makes the fuzzers
  libavcodec-dev libavformat-dev libavfilter-dev libswscale-dev libavutil-dev  # video: view --video, frames --mp4/--gif
  bubblewrap libseccomp-dev  # whole-file solutions' worker: its sandbox and its limits (docs/HARDENING.md)
  libboost-dev libjpeg-dev  # racelab serve: Boost.Beast (header-only) and libjpeg-turbo's JPEG frames
  chromium chromium-driver python3-selenium  # the test of racelab serve in a real browser (Serve.InChromium)
  dpkg-dev  # dpkg-shlibdeps: the .deb's Depends (cpack -G DEB, CTest Package.DebAndInstallRun)
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages present"
  exit 0
fi
echo "install-deps: installing ${missing[*]}"
sudo_cmd=()
[ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -qq
"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "install-deps: done"
