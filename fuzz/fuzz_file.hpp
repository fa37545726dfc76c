// Fuzz input written to a file, because the loaders read paths as users give them. One file per process
// and extension, rewritten for every input.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>

namespace racelab::fuzz {

std::string writeInputFile(const std::uint8_t* data, std::size_t size, const std::string& extension);

}  // namespace racelab::fuzz
