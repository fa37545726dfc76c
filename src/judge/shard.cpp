// Parsing and printing "K/N" (shard.hpp).
#include "judge/shard.hpp"

#include <charconv>

#include "core/errors.hpp"

namespace racelab::judge {
namespace {

UsageError shardError(std::string_view text, const std::string& problem) {
    return UsageError("shard \"" + std::string(text) + "\": " + problem +
                      " (the form is K/N: grade every N-th submission from the K-th, 0 <= K < N, e.g. 0/4)");
}

int parseCount(std::string_view text, std::string_view part, const char* name) {
    int value = 0;
    const auto [end, error] = std::from_chars(part.data(), part.data() + part.size(), value);
    if (part.empty() || error != std::errc() || end != part.data() + part.size())
        throw shardError(text, std::string(name) + " '" + std::string(part) + "' is not a whole number");
    return value;
}

}  // namespace

Shard parseShard(std::string_view text) {
    const std::size_t slash = text.find('/');
    if (slash == std::string_view::npos) throw shardError(text, "no '/'");
    Shard shard;
    shard.index = parseCount(text, text.substr(0, slash), "K");
    shard.count = parseCount(text, text.substr(slash + 1), "N");
    if (shard.count < 1) throw shardError(text, "N must be at least 1");
    if (shard.index < 0 || shard.index >= shard.count)
        throw shardError(text, "K must be in 0.." + std::to_string(shard.count - 1));
    return shard;
}

std::string shardText(const Shard& shard) { return std::to_string(shard.index) + "/" + std::to_string(shard.count); }

}  // namespace racelab::judge
