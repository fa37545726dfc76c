// Running the racelab binary with a kernel cache of the test binary's own, so tests that compile user
// kernels never write the user's cache (~/.cache/racelab/kernels).
#pragma once
#include <string>

#include "fresh_folder.hpp"
#include "process_runner.hpp"

inline ProcessResult runRacelabCompile(const std::string& arguments) {
    static const std::string cache = freshTestFolder("compile-cache").string();
    return runCommand("RACELAB_KERNEL_CACHE='" + cache + "' " + std::string(RACELAB_BINARY) + " " + arguments);
}
