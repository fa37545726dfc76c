// Base64 (RFC 4648, with padding) for PNG thumbnails inside JSON records and HTML data URIs.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace racelab::judge {

std::string base64Encoded(const std::vector<std::uint8_t>& bytes);
// Throws UsageError naming `what` for text that is not padded base64 of the standard alphabet.
std::vector<std::uint8_t> base64Decoded(std::string_view text, const std::string& what);

}  // namespace racelab::judge
