#include "core/asset_paths.hpp"

#include <cstdlib>
#include <filesystem>
#include <system_error>

#include "core/errors.hpp"

// Set by CMake for this file: the relative path from the binary's folder to its assets, and the source tree.
#ifndef RACELAB_ASSETS_RELATIVE
#define RACELAB_ASSETS_RELATIVE "../share/racelab"
#endif

namespace racelab {
namespace fs = std::filesystem;

std::string executablePath() {
    std::error_code error;
    const fs::path self = fs::read_symlink("/proc/self/exe", error);  // symlinks to the binary resolved
    return error ? std::string() : self.string();
}

std::vector<std::string> assetRoots() {
    std::vector<std::string> roots;
    if (const char* env = std::getenv("RACELAB_ASSETS"); env && *env) roots.emplace_back(env);
    if (const std::string self = executablePath(); !self.empty())
        roots.push_back((fs::path(self).parent_path() / RACELAB_ASSETS_RELATIVE).lexically_normal().string());
#ifdef RACELAB_SOURCE_ROOT
    roots.push_back((fs::path(RACELAB_SOURCE_ROOT) / "assets").string());
#endif
    return roots;
}

std::string findAsset(const std::string& relative) {
    std::string looked;
    for (const std::string& root : assetRoots()) {
        const fs::path candidate = fs::path(root) / relative;
        std::error_code error;
        if (fs::is_regular_file(candidate, error)) return candidate.string();
        looked += (looked.empty() ? "" : ", ") + root;
    }
    throw UsageError("asset " + relative + " not found (looked in " + looked +
                     "); set RACELAB_ASSETS to the folder that holds it, e.g. share/racelab of the install prefix");
}

std::string assetRootInUse() {
    for (const std::string& root : assetRoots()) {
        std::error_code error;
        if (fs::is_regular_file(fs::path(root) / "README.md", error)) return root;  // every asset folder has one
    }
    return "";
}

}  // namespace racelab
