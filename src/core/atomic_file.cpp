#include "core/atomic_file.hpp"

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "core/errors.hpp"

namespace racelab {

void writeFileAtomically(const std::string& path, const std::function<bool(const std::string&)>& write) {
    if (path.empty()) throw UsageError("output path is empty");
    const std::string temporary = path + ".tmp";
    if (!write(temporary)) {
        std::remove(temporary.c_str());
        throw UsageError("cannot write '" + path + "' (check that the folder exists and is writable)");
    }
    std::error_code ec;
    std::filesystem::rename(temporary, path, ec);
    if (ec) {
        std::remove(temporary.c_str());
        throw UsageError("cannot write '" + path + "': " + ec.message());
    }
}

void writeTextFileAtomically(const std::string& path, const std::function<void(std::ostream&)>& fill) {
    writeFileAtomically(path, [&](const std::string& temporary) {
        std::ofstream file(temporary, std::ios::trunc);
        if (!file) return false;
        fill(file);
        file.flush();
        return static_cast<bool>(file);
    });
}

}  // namespace racelab
