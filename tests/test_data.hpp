// Where the test binaries find their data (tests/data/), wherever they are started from and wherever the build
// tree went: first beside the binary itself, in <binary's folder>/../share/racelab-tests/ (the build copies
// tests/data there, as it mirrors the assets into share/racelab), then in the source tree baked in at build
// time (RACELAB_SOURCE_DIR). Never relative to the working folder.
#pragma once
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include <unistd.h>

namespace racelab::testing {

// The folders looked in, in order.
inline std::vector<std::filesystem::path> testDataRoots() {
    std::vector<std::filesystem::path> roots;
    char self[4096];
    const ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n > 0)
        roots.push_back(std::filesystem::path(std::string(self, static_cast<std::size_t>(n))).parent_path().parent_path() /
                        "share" / "racelab-tests");
    roots.push_back(std::filesystem::path(RACELAB_SOURCE_DIR) / "tests");
    return roots;
}

// e.g. testDataPath("data/cs149_probes.txt"); throws naming every folder looked in when none has it.
inline std::string testDataPath(const std::string& relative) {
    std::string looked;
    for (const auto& root : testDataRoots()) {
        if (std::filesystem::exists(root / relative)) return (root / relative).string();
        looked += (looked.empty() ? "" : ", ") + (root / relative).string();
    }
    throw std::runtime_error("cannot find the test data " + relative + " (looked in " + looked + ")");
}

}  // namespace racelab::testing
