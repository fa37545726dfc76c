// A private temporary file holding bytes for another process to read (a compiled kernel, a solution's library:
// the worker's socket keeps its messages small), removed when this goes unless kept.
#pragma once
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include "core/errors.hpp"

namespace racelab::userkernel {

class TemporaryFile {
public:
    // In `folder`, else in $TMPDIR or /tmp.
    explicit TemporaryFile(const std::vector<std::uint8_t>& bytes, const std::string& folder = "") {
        const char* tmp = std::getenv("TMPDIR");
        std::string pattern = (!folder.empty() ? folder : std::string(tmp && *tmp ? tmp : "/tmp")) + "/racelab-kernel-XXXXXX";
        const int fd = mkstemp(pattern.data());
        if (fd < 0) throw Error("cannot write a temporary file for the compiled kernel in " + pattern);
        path_ = pattern;
        const bool written = write(fd, bytes.data(), bytes.size()) == static_cast<ssize_t>(bytes.size());
        close(fd);
        if (!written) throw Error("cannot write the compiled kernel to " + path_);
    }
    ~TemporaryFile() {
        if (!path_.empty()) std::remove(path_.c_str());
    }
    TemporaryFile(const TemporaryFile&) = delete;
    TemporaryFile& operator=(const TemporaryFile&) = delete;
    const std::string& path() const { return path_; }
    // Leaves the file for its reader to remove (the compile process's cubin, read back by racelab).
    std::string keep() { return std::exchange(path_, std::string()); }

private:
    std::string path_;
};

}  // namespace racelab::userkernel
