#include "core/toolkit_program.hpp"

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <sstream>

// Set by CMake for this file only: the toolkit's bin folder, e.g. "/usr/local/cuda/bin".
#ifndef RACELAB_CUDA_BIN_DIR
#define RACELAB_CUDA_BIN_DIR ""
#endif

namespace fs = std::filesystem;

namespace racelab {
namespace {

bool executable(const fs::path& path) {
    std::error_code ec;
    return !path.empty() && access(path.c_str(), X_OK) == 0 && fs::is_regular_file(path, ec);
}

}  // namespace

std::string cudaToolkitBinFolder() { return RACELAB_CUDA_BIN_DIR; }

std::string findToolkitProgram(const std::string& name, const char* overrideVariable) {
    if (const char* given = overrideVariable ? std::getenv(overrideVariable) : nullptr; given && *given)
        return executable(given) ? given : "";
    if (const char* path = std::getenv("PATH")) {
        std::istringstream folders(path);
        for (std::string folder; std::getline(folders, folder, ':');)
            if (!folder.empty() && executable(fs::path(folder) / name)) return (fs::path(folder) / name).string();
    }
    for (const char* folder : {RACELAB_CUDA_BIN_DIR, "/usr/local/cuda/bin"})
        if (*folder && executable(fs::path(folder) / name)) return (fs::path(folder) / name).string();
    return "";
}

}  // namespace racelab
