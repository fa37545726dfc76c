#include "userkernel/build/kernel_cache.hpp"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>

#include <nlohmann/json.hpp>

#include "core/read_file.hpp"
#include "core/atomic_file.hpp"
#include "core/errors.hpp"

namespace racelab::userkernel {

KernelCache::KernelCache(std::string folder) : folder_(std::move(folder)) {
    if (folder_.empty()) return;
    std::error_code ec;
    std::filesystem::create_directories(folder_, ec);
    if (!std::filesystem::is_directory(folder_, ec)) folder_.clear();  // unusable: compile every time
}

std::string KernelCache::defaultFolder() {
    if (const char* explicitFolder = std::getenv("RACELAB_KERNEL_CACHE")) return explicitFolder;
    if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg) return std::string(xdg) + "/racelab/kernels";
    if (const char* home = std::getenv("HOME"); home && *home) return std::string(home) + "/.cache/racelab/kernels";
    return "";
}

std::string KernelCache::pathFor(const std::string& keyText, const char* extension) const {
    Digest digest;
    digest.add(keyText);
    return folder_ + "/" + digest.hex() + extension;
}

std::optional<CachedBuild> KernelCache::load(const std::string& keyText) const {
    if (!enabled()) return std::nullopt;
    const auto meta = readWholeFile(pathFor(keyText, ".json"));
    const auto cubin = readWholeFile(pathFor(keyText, ".cubin"));
    if (!meta || !cubin) return std::nullopt;
    const nlohmann::json entry = nlohmann::json::parse(*meta, nullptr, false);
    if (entry.is_discarded() || entry.value("key", "") != keyText ||
        entry.value("cubinBytes", std::size_t{0}) != cubin->size())
        return std::nullopt;  // another build under the same digest, or a torn pair: compile again
    return CachedBuild{std::vector<std::uint8_t>(cubin->begin(), cubin->end()), entry.value("log", "")};
}

bool KernelCache::store(const std::string& keyText, const CachedBuild& build, std::string* whyNot) const {
    if (!enabled()) return false;
    try {
        // The cubin first: a reader takes the pair only when the metadata names the cubin's size.
        writeFileAtomically(pathFor(keyText, ".cubin"), [&](const std::string& path) {
            std::ofstream out(path, std::ios::binary);
            out.write(reinterpret_cast<const char*>(build.cubin.data()), static_cast<std::streamsize>(build.cubin.size()));
            return static_cast<bool>(out);
        });
        const nlohmann::json entry = {{"schema", "racelab-kernel-cache/1"},
                                      {"key", keyText},
                                      {"cubinBytes", build.cubin.size()},
                                      {"log", build.log}};
        writeTextFileAtomically(pathFor(keyText, ".json"), [&](std::ostream& out) { out << entry.dump(1) << "\n"; });
        return true;
    } catch (const Error& e) {
        if (whyNot) *whyNot = e.what();
        return false;
    }
}

}  // namespace racelab::userkernel
