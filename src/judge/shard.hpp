// A shard of a grading run: "K/N" grades every N-th submission starting from the K-th (0-based, in the sorted
// order of grade_shards.hpp), so N machines given 0/N .. N-1/N grade every submission exactly once.
#pragma once
#include <cstddef>
#include <string>
#include <string_view>

namespace racelab::judge {

struct Shard {
    int index = 0;  // K, 0 <= K < N
    int count = 1;  // N >= 1; 0/1 is the whole run
    bool operator==(const Shard&) const = default;
};

// "K/N" with decimal K and N; throws UsageError naming the bad part and the valid form.
Shard parseShard(std::string_view text);
std::string shardText(const Shard& shard);  // "K/N"
// Whether the submission at `position` of the sorted list belongs to `shard`.
inline bool inShard(std::size_t position, const Shard& shard) {
    return position % static_cast<std::size_t>(shard.count) == static_cast<std::size_t>(shard.index);
}

}  // namespace racelab::judge
