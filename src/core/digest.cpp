#include "core/digest.hpp"

#include <cstdio>

namespace racelab {
namespace {

constexpr std::uint64_t kPrime = 0x100000001b3ull;

}  // namespace

void Digest::add(const std::string& bytes) {
    for (const char c : bytes) {
        const auto byte = static_cast<std::uint8_t>(c);
        a_ = (a_ ^ byte) * kPrime;
        b_ = (b_ ^ static_cast<std::uint8_t>(byte + 0x5b)) * kPrime;
    }
    std::string length = "#";  // appended, not "#" + std::to_string(): that trips GCC 12's false -Wrestrict
    length += std::to_string(bytes.size());
    for (const char c : length) a_ = (a_ ^ static_cast<std::uint8_t>(c)) * kPrime, b_ = (b_ ^ static_cast<std::uint8_t>(c)) * kPrime;
}

void Digest::add(const std::vector<std::uint8_t>& bytes) { add(std::string(bytes.begin(), bytes.end())); }

std::string Digest::hex() const {
    char text[33];
    std::snprintf(text, sizeof text, "%016llx%016llx", static_cast<unsigned long long>(a_),
                  static_cast<unsigned long long>(b_));
    return text;
}

}  // namespace racelab
