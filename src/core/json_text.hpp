// JSON string literals for the records racelab writes by hand (no JSON library in the build): names come from
// the user (--image paths), the driver (device names) and /proc/cpuinfo, so they are escaped, not trusted.
#pragma once
#include <cstdio>
#include <string>
#include <string_view>

namespace racelab {

// `text` as a quoted JSON string: quotes, backslashes and control characters escaped; bytes >= 0x80 pass
// through (UTF-8 stays UTF-8).
inline std::string jsonQuoted(std::string_view text) {
    std::string out = "\"";
    for (const char c : text) {
        switch (c) {
            case '"': out += "\\\""; break;
            case '\\': out += "\\\\"; break;
            case '\n': out += "\\n"; break;
            case '\t': out += "\\t"; break;
            case '\r': out += "\\r"; break;
            default:
                if (static_cast<unsigned char>(c) < 0x20) {
                    char escaped[8];
                    std::snprintf(escaped, sizeof escaped, "\\u%04x", static_cast<unsigned char>(c));
                    out += escaped;
                } else {
                    out += c;
                }
        }
    }
    return out + "\"";
}

}  // namespace racelab
