// Escaping for the terminal, HTML and CSV (text_escape.hpp).
#include "judge/text_escape.hpp"

#include <cstdio>

namespace racelab::judge {

std::string terminalSafe(std::string_view text, bool keepNewlines) {
    std::string out;
    out.reserve(text.size());
    for (const char c : text) {
        const auto byte = static_cast<unsigned char>(c);
        if ((byte < 0x20 && !(keepNewlines && c == '\n')) || byte == 0x7f) {
            char escaped[8];
            std::snprintf(escaped, sizeof escaped, "\\x%02x", byte);
            out += escaped;
        } else {
            out += c;
        }
    }
    return out;
}

std::string htmlEscaped(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (const char c : text) {
        switch (c) {
            case '&': out += "&amp;"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '"': out += "&quot;"; break;
            case '\'': out += "&#39;"; break;
            default: out += c;
        }
    }
    return out;
}

std::string csvField(std::string_view text) {
    std::string cell;
    // push_back, not = "'": the assignment trips GCC 12's false -Wrestrict under AddressSanitizer
    if (!text.empty() && std::string_view("=+-@\t\r").find(text.front()) != std::string_view::npos) cell.push_back('\'');
    cell += text;
    if (cell.find_first_of(",\"\r\n") == std::string::npos) return cell;
    std::string quoted = "\"";
    for (const char c : cell) {
        if (c == '"') quoted += '"';
        quoted += c;
    }
    return quoted + "\"";
}

std::size_t displayWidth(std::string_view text) {
    std::size_t width = 0;
    for (const char c : text)
        if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++width;  // continuation bytes are 10xxxxxx
    return width;
}

}  // namespace racelab::judge
