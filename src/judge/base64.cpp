// Base64 encoding and strict decoding (base64.hpp).
#include "judge/base64.hpp"

#include "core/errors.hpp"

namespace racelab::judge {
namespace {

constexpr std::string_view kAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

int sextet(char c) {
    const auto at = kAlphabet.find(c);
    return at == std::string_view::npos ? -1 : static_cast<int>(at);
}

}  // namespace

std::string base64Encoded(const std::vector<std::uint8_t>& bytes) {
    std::string out;
    out.reserve((bytes.size() + 2) / 3 * 4);
    for (std::size_t i = 0; i < bytes.size(); i += 3) {
        const std::size_t left = bytes.size() - i;
        const std::uint32_t group = (std::uint32_t(bytes[i]) << 16) | (left > 1 ? std::uint32_t(bytes[i + 1]) << 8 : 0) |
                                    (left > 2 ? std::uint32_t(bytes[i + 2]) : 0);
        out += kAlphabet[(group >> 18) & 63];
        out += kAlphabet[(group >> 12) & 63];
        out += left > 1 ? kAlphabet[(group >> 6) & 63] : '=';
        out += left > 2 ? kAlphabet[group & 63] : '=';
    }
    return out;
}

std::vector<std::uint8_t> base64Decoded(std::string_view text, const std::string& what) {
    const auto bad = [&](const std::string& why) { return UsageError(what + ": not base64 (" + why + ")"); };
    if (text.size() % 4 != 0) throw bad("its length " + std::to_string(text.size()) + " is not a multiple of 4");
    std::vector<std::uint8_t> out;
    out.reserve(text.size() / 4 * 3);
    for (std::size_t i = 0; i < text.size(); i += 4) {
        const bool last = i + 4 == text.size();
        const int padding = last ? (text[i + 3] == '=') + (text[i + 2] == '=') : 0;
        if (padding == 1 && text[i + 2] == '=') throw bad("misplaced '=' at " + std::to_string(i + 2));
        std::uint32_t group = 0;
        for (int k = 0; k < 4; ++k) {
            const char c = text[i + static_cast<std::size_t>(k)];
            const int value = k >= 4 - padding ? 0 : sextet(c);
            if (value < 0) throw bad("character " + std::to_string(i + static_cast<std::size_t>(k)) + " is not of its alphabet");
            group = (group << 6) | static_cast<std::uint32_t>(value);
        }
        out.push_back(static_cast<std::uint8_t>(group >> 16));
        if (padding < 2) out.push_back(static_cast<std::uint8_t>(group >> 8));
        if (padding < 1) out.push_back(static_cast<std::uint8_t>(group));
    }
    return out;
}

}  // namespace racelab::judge
