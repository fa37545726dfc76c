// A whole file as a string (empty when it cannot be read), for tests that check what racelab wrote.
#pragma once
#include <filesystem>
#include <string>

#include "core/read_file.hpp"

inline std::string readFile(const std::filesystem::path& path) { return racelab::readWholeFile(path.string()).value_or(""); }
