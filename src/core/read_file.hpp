// A whole file read as bytes, the counterpart of core/atomic_file.hpp's writing.
#pragma once
#include <optional>
#include <string>

namespace racelab {

// The file's bytes (binary: nothing translated); nullopt when it cannot be opened or read.
std::optional<std::string> readWholeFile(const std::string& path);

}  // namespace racelab
