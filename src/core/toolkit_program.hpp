// Finding a program of the CUDA toolkit (compute-sanitizer, nvcc): the one an environment variable names, then
// the first on PATH, then the building toolkit's bin folder and /usr/local/cuda/bin. "" when none is found, so
// the caller says what is missing and how to get it.
#pragma once
#include <string>

namespace racelab {

// `name` is the program ("nvcc"); `overrideVariable` the environment variable that names it outright
// ("RACELAB_NVCC"): when set, that path or nothing; nullptr: none.
std::string findToolkitProgram(const std::string& name, const char* overrideVariable);

// The building toolkit's bin folder, set by CMake for toolkit_program.cpp alone ("" without a toolkit).
std::string cudaToolkitBinFolder();

}  // namespace racelab
