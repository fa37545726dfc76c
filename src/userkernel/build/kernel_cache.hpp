// The on-disk cache of compiled user kernels: a cubin and its compiler log under a key that digests
// everything that decides the build (the source, the headers it includes, racelab's contract headers, the
// options, the GPU architecture and the NVRTC version), so a reload of an unchanged file costs a file read.
// Files are written atomically (core/atomic_file.hpp): two racelab processes sharing the cache never read a
// half-written entry.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/digest.hpp"

namespace racelab::userkernel {

struct CachedBuild {
    std::vector<std::uint8_t> cubin;
    std::string log;  // the compiler's log of that build (warnings)
};

class KernelCache {
public:
    // `folder` "" disables the cache.
    explicit KernelCache(std::string folder);
    // $RACELAB_KERNEL_CACHE, else $XDG_CACHE_HOME/racelab/kernels, else ~/.cache/racelab/kernels.
    static std::string defaultFolder();

    bool enabled() const { return !folder_.empty(); }
    const std::string& folder() const { return folder_; }
    // `keyText` is the full description of the build; its digest names the entry.
    std::optional<CachedBuild> load(const std::string& keyText) const;
    // Returns false (and says why in `whyNot`) when the entry could not be written; the build still stands.
    bool store(const std::string& keyText, const CachedBuild& build, std::string* whyNot = nullptr) const;

private:
    std::string pathFor(const std::string& keyText, const char* extension) const;
    std::string folder_;
};

}  // namespace racelab::userkernel
