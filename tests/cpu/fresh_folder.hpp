// An empty folder of its own for a test: under the temporary folder, named after the test's purpose and the
// process, emptied first (a failed earlier run may have left it).
#pragma once
#include <unistd.h>

#include <filesystem>
#include <string>

inline std::filesystem::path freshTestFolder(const std::string& name) {
    const std::filesystem::path dir = std::filesystem::temp_directory_path() / ("racelab-" + name + "-" + std::to_string(getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    return dir;
}
