// A digest of bytes for naming things by what they hold: the kernel cache's entries (userkernel/kernel_cache.hpp),
// a teacher's --reference in a grade's facts (app/grade_plan.hpp). 128 bits as 32 hex digits, two FNV-1a 64-bit
// passes with different bases. Not cryptographic: the cache trusts its own files, and an entry also stores its
// whole key text, compared on load.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace racelab {

class Digest {
public:
    // Each part ends with its length, so ("ab", "c") and ("a", "bc") differ.
    void add(const std::string& bytes);
    void add(const std::vector<std::uint8_t>& bytes);
    std::string hex() const;

private:
    std::uint64_t a_ = 0xcbf29ce484222325ull, b_ = 0x84222325cbf29ce4ull;
};

}  // namespace racelab
