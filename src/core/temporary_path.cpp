#include "core/temporary_path.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <utility>

#include "core/errors.hpp"

namespace racelab {

std::string temporaryRoot() {
    const char* tmp = std::getenv("TMPDIR");
    return tmp && *tmp ? tmp : "/tmp";
}

TemporaryFile::TemporaryFile(const std::vector<std::uint8_t>& bytes, const std::string& folder) {
    std::string pattern = (!folder.empty() ? folder : temporaryRoot()) + "/racelab-kernel-XXXXXX";
    const int fd = mkstemp(pattern.data());
    if (fd < 0) throw Error("cannot write a temporary file for the compiled kernel in " + pattern);
    path_ = pattern;
    const bool written = write(fd, bytes.data(), bytes.size()) == static_cast<ssize_t>(bytes.size());
    close(fd);
    if (!written) {
        std::remove(path_.c_str());
        throw Error("cannot write the compiled kernel to " + path_);
    }
}

TemporaryFile::~TemporaryFile() {
    if (!path_.empty()) std::remove(path_.c_str());
}

std::string TemporaryFile::keep() { return std::exchange(path_, std::string()); }

TemporaryFolder::TemporaryFolder(const std::string& prefix, const std::string& purpose) {
    std::string pattern = temporaryRoot() + "/" + prefix + "XXXXXX";
    if (!mkdtemp(pattern.data()))
        throw Error("cannot make a folder for " + purpose + " in " + pattern + ": " + std::strerror(errno));
    path_ = pattern;
}

TemporaryFolder::~TemporaryFolder() {
    std::error_code ignored;  // a destructor cannot report it; what is left stays in the temporary folder
    std::filesystem::remove_all(path_, ignored);
}

}  // namespace racelab
