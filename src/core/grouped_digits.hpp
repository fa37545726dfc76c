// A whole number with its thousands set apart, as racelab prints counts: 4194304 -> "4,194,304".
#pragma once
#include <string>

namespace racelab {

inline std::string groupedDigits(long long n) {
    const std::string digits = std::to_string(n < 0 ? -n : n);
    std::string out;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
        out += digits[i];
    }
    return n < 0 ? "-" + out : out;
}

}  // namespace racelab
