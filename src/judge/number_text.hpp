// Numbers in the records and rule texts: the shortest decimal text that reads back to the same double ("9",
// "1.25", "0.1"), so a record written and read again holds the same values.
#pragma once
#include <charconv>
#include <string>

namespace racelab::judge {

inline std::string numberText(double value) {
    char text[32];
    const auto [end, error] = std::to_chars(text, text + sizeof text, value);
    return error == std::errc() ? std::string(text, end) : std::to_string(value);
}

}  // namespace racelab::judge
