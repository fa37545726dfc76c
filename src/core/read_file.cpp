#include "core/read_file.hpp"

#include <filesystem>
#include <fstream>
#include <iterator>

namespace racelab {

std::optional<std::string> readWholeFile(const std::string& path) {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) return std::nullopt;  // opens, then throws on the first read
    std::ifstream in(path, std::ios::binary);
    if (!in) return std::nullopt;
    try {
        std::string bytes(std::istreambuf_iterator<char>(in), {});
        if (in.bad()) return std::nullopt;
        return bytes;
    } catch (const std::ios_base::failure&) {
        return std::nullopt;  // a file that cannot be read to its end (a device, a vanished mount)
    }
}

}  // namespace racelab
