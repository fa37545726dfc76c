#include "web/access_token.hpp"

#include <cstdlib>
#include <random>

#include "core/errors.hpp"

namespace racelab::web {

std::string makeAccessToken() {
    static constexpr char kHex[] = "0123456789abcdef";
    std::random_device source;  // getrandom(2): not a seeded generator whose state could be recovered
    std::string token;
    token.reserve(32);
    while (token.size() < 32) {
        unsigned word = source();
        for (int i = 0; i < 8 && token.size() < 32; ++i, word >>= 4) token += kHex[word & 0xfu];
    }
    return token;
}

bool isWellFormedToken(std::string_view token) {
    if (token.size() < 16 || token.size() > 128) return false;
    for (char c : token) {
        const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
        if (!ok) return false;
    }
    return true;
}

std::string chooseAccessToken(bool& fromEnvironment) {
    const char* fixed = std::getenv("RACELAB_SERVE_TOKEN");
    fromEnvironment = fixed != nullptr && *fixed != '\0';
    if (!fromEnvironment) return makeAccessToken();
    if (!isWellFormedToken(fixed))
        throw UsageError("RACELAB_SERVE_TOKEN must be 16 to 128 characters of A-Z a-z 0-9 _ - (it goes into the URL)");
    return fixed;
}

bool tokensMatch(std::string_view expected, std::string_view given) {
    // The length is no secret (always 32 for a made one); every byte is compared whatever the first mismatch.
    if (expected.size() != given.size() || expected.empty()) return false;
    unsigned char differ = 0;
    for (std::size_t i = 0; i < expected.size(); ++i)
        differ |= static_cast<unsigned char>(expected[i] ^ given[i]);
    return differ == 0;
}

}  // namespace racelab::web
