#include "core/bytes_text.hpp"

#include <cstdio>

namespace racelab {

std::string bytesText(long long bytes) {
    const char* units[] = {"bytes", "KiB", "MiB", "GiB", "TiB"};
    int unit = 0;
    double value = static_cast<double>(bytes);
    while (value >= 1024 && unit < 4 && static_cast<long long>(value) % 1024 == 0) value /= 1024, ++unit;
    char text[48];
    std::snprintf(text, sizeof text, "%g %s", value, units[unit]);
    return text;
}

}  // namespace racelab
