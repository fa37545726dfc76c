#include "core/size_parse.hpp"

#include <charconv>
#include <cstdio>

#include "core/errors.hpp"

namespace racelab {
namespace {

int parseDimension(const std::string& text, const std::string& whole) {
    long value = 0;
    const char* end = text.data() + text.size();
    auto [ptr, ec] = std::from_chars(text.data(), end, value);
    if (text.empty() || ec != std::errc() || ptr != end)
        throw UsageError("size '" + whole + "': '" + text + "' is not a whole number (expected WxH, e.g. 1280x720)");
    if (value <= 0) throw UsageError("size '" + whole + "': dimensions must be positive");
    if (value > kMaxDimension)
        throw UsageError("size '" + whole + "': " + text + " exceeds the largest supported dimension " +
                         std::to_string(kMaxDimension));
    return static_cast<int>(value);
}

}  // namespace

Size2 parseSize(const std::string& text) {
    auto x = text.find_first_of("xX");
    if (x == std::string::npos) throw UsageError("size '" + text + "' is not WxH (e.g. 1280x720)");
    return {parseDimension(text.substr(0, x), text), parseDimension(text.substr(x + 1), text)};
}

std::pair<int, int> parsePixel(const std::string& text, const std::string& option) {
    int x = -1, y = -1;
    char extra = 0;
    if (std::sscanf(text.c_str(), "%d,%d%c", &x, &y, &extra) != 2 || x < 0 || y < 0)
        throw UsageError(option + " " + text + ": give X,Y, two whole numbers from 0 (e.g. " + option + " 512,300)");
    return {x, y};
}

}  // namespace racelab
