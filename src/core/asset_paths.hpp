// Where racelab's data files (assets/: files the workloads draw, e.g. a drawing or the default mesh) are at run time, so the same
// binary works from the build tree, from an installed prefix and from an unpacked .deb:
//   1. $RACELAB_ASSETS, when set;
//   2. next to the executable: <dir of the binary>/RACELAB_ASSETS_RELATIVE (../share/racelab). An install
//      puts bin/racelab and share/racelab/ under one prefix, and the build tree mirrors that layout
//      (build/bin/racelab, build/share/racelab/), so both are found the same way, wherever they are moved;
//   3. the source tree the binary was built from (RACELAB_SOURCE_ROOT/assets), for a developer's checkout
//      (and the meshes tools/fetch-meshes.sh puts there).
#pragma once
#include <string>
#include <vector>

namespace racelab {

// The candidate folders, in the order above (those that do not exist included).
std::vector<std::string> assetRoots();
// The path of `relative` (e.g. "fourier/racelab.svg") under the first root that has it; a UsageError that
// names every folder looked in when none has.
std::string findAsset(const std::string& relative);
// The folder the binary's own assets come from (the first root that has the README.md every asset folder
// carries), or "" if none.
std::string assetRootInUse();
// The running executable (/proc/self/exe), "" if unknown.
std::string executablePath();

}  // namespace racelab
