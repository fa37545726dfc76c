#include "userkernel/build/file_watch.hpp"

#include <sys/stat.h>

namespace racelab::userkernel {

FileWatch::FileWatch(std::vector<std::string> files) { setFiles(std::move(files)); }

void FileWatch::setFiles(std::vector<std::string> files) {
    files_ = std::move(files);
    stamps_.clear();
    for (const std::string& file : files_) stamps_.push_back(stampOf(file));
}

FileWatch::Stamp FileWatch::stampOf(const std::string& path) {
    struct stat info {};
    if (stat(path.c_str(), &info) != 0) return {};
    return {true, static_cast<std::int64_t>(info.st_size),
            static_cast<std::int64_t>(info.st_mtim.tv_sec) * 1'000'000'000 + info.st_mtim.tv_nsec,
            static_cast<std::uint64_t>(info.st_ino)};
}

bool FileWatch::changed() {
    bool any = false;
    for (std::size_t i = 0; i < files_.size(); ++i) {
        const Stamp now = stampOf(files_[i]);
        if (!(now == stamps_[i])) {
            stamps_[i] = now;
            any = true;
        }
    }
    return any;
}

}  // namespace racelab::userkernel
