#include "web/request_target.hpp"

namespace racelab::web {
namespace {

int hexValue(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

// %XX decoded ('+' is a space in a query); false for a broken escape or one that decodes to NUL.
bool decode(std::string_view text, bool plusIsSpace, std::string& out) {
    out.clear();
    for (std::size_t i = 0; i < text.size(); ++i) {
        char c = text[i];
        if (c == '%') {
            if (i + 2 >= text.size()) return false;  // "%", "%A" at the end
            const int high = hexValue(text[i + 1]), low = hexValue(text[i + 2]);
            if (high < 0 || low < 0) return false;
            c = static_cast<char>(high * 16 + low);
            i += 2;
        } else if (c == '+' && plusIsSpace) {
            c = ' ';
        }
        if (c == '\0') return false;
        out += c;
    }
    return true;
}

}  // namespace

std::optional<RequestTarget> parseRequestTarget(std::string_view target) {
    if (target.empty() || target.size() > kMaxTargetLength || target.front() != '/') return std::nullopt;
    const std::size_t mark = target.find('?');
    RequestTarget parsed;
    if (!decode(target.substr(0, mark), false, parsed.path)) return std::nullopt;
    if (mark == std::string_view::npos) return parsed;
    std::string_view query = target.substr(mark + 1);
    while (!query.empty()) {
        const std::size_t amp = query.find('&');
        const std::string_view pair = query.substr(0, amp);
        query = amp == std::string_view::npos ? std::string_view() : query.substr(amp + 1);
        if (pair.empty()) continue;
        const std::size_t eq = pair.find('=');
        std::string name, value;
        if (!decode(pair.substr(0, eq), true, name)) return std::nullopt;
        if (eq != std::string_view::npos && !decode(pair.substr(eq + 1), true, value)) return std::nullopt;
        parsed.query.emplace(std::move(name), std::move(value));  // emplace keeps the first of a repeated name
    }
    return parsed;
}

std::string tokenOf(const RequestTarget& target) {
    const auto found = target.query.find("token");
    return found == target.query.end() ? std::string() : found->second;
}

}  // namespace racelab::web
