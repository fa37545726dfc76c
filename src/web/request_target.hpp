// An HTTP request's target ("/serve.js?token=abc"), split into its path and its query's parameters. Anything
// odd (no leading '/', a bad %-escape, a NUL, too long) is not a target at all: the request is refused.
#pragma once
#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace racelab::web {

inline constexpr std::size_t kMaxTargetLength = 2048;

struct RequestTarget {
    std::string path;                           // "/", "/serve.js", "/ws": %-decoded
    std::map<std::string, std::string> query;   // decoded; a repeated name keeps its first value
};

// nullopt for a target that is malformed or longer than kMaxTargetLength.
std::optional<RequestTarget> parseRequestTarget(std::string_view target);

// The request's token when it carries one (query "token"), else "".
std::string tokenOf(const RequestTarget& target);

}  // namespace racelab::web
