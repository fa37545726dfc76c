// Watching a kernel file and the headers it includes for saves, by polling their size, modification time and
// inode: editors save in place, through a temporary file renamed over the original, or by deleting and
// writing anew, and polling sees all three the same way (inotify loses a file renamed over).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace racelab::userkernel {

class FileWatch {
public:
    // Takes the files' state now as the base.
    explicit FileWatch(std::vector<std::string> files = {});
    void setFiles(std::vector<std::string> files);  // re-bases
    // True once after any file changed (written, replaced, removed or created) since the last call.
    bool changed();
    const std::vector<std::string>& files() const { return files_; }

private:
    struct Stamp {
        bool exists = false;
        std::int64_t size = 0, modifiedNs = 0;
        std::uint64_t inode = 0;
        bool operator==(const Stamp&) const = default;
    };
    static Stamp stampOf(const std::string& path);
    std::vector<std::string> files_;
    std::vector<Stamp> stamps_;
};

}  // namespace racelab::userkernel
