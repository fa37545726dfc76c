#include "fuzz_file.hpp"

#include <cstdio>
#include <filesystem>
#include <stdexcept>
#include <unistd.h>

namespace racelab::fuzz {

std::string writeInputFile(const std::uint8_t* data, std::size_t size, const std::string& extension) {
    const std::string path = (std::filesystem::temp_directory_path() /
                              ("racelab-fuzz-" + std::to_string(getpid()) + extension)).string();
    std::FILE* file = std::fopen(path.c_str(), "wb");
    if (!file) throw std::runtime_error("cannot write " + path);
    if (size) std::fwrite(data, 1, size, file);
    std::fclose(file);
    return path;
}

}  // namespace racelab::fuzz
