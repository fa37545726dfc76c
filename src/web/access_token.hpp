// The secret every request to `racelab serve` must carry (`?token=...` in the URL, as Jupyter does): without
// it anyone who can reach the port (another user of a shared course or cluster machine, through 127.0.0.1)
// could watch and drive the viewer. The token is 32 random hex digits, or the one RACELAB_SERVE_TOKEN holds so
// that an open page keeps working across a restarted server (the environment, unlike the command line, is not
// visible to other users in `ps`).
#pragma once
#include <string>
#include <string_view>

namespace racelab::web {

// 32 hex digits from the system's random source (std::random_device: getrandom on Linux).
std::string makeAccessToken();

// Whether `token` is acceptable as a fixed token: 16 to 128 characters of [A-Za-z0-9_-] (URL-safe, so it is
// never percent-encoded, and long enough not to be guessed).
bool isWellFormedToken(std::string_view token);

// The token to use: RACELAB_SERVE_TOKEN's value when set (a UsageError when it is not well formed), else a
// new random one. `fromEnvironment` says which.
std::string chooseAccessToken(bool& fromEnvironment);

// Compares in time independent of where the two differ, so the answer's timing does not reveal a prefix.
bool tokensMatch(std::string_view expected, std::string_view given);

}  // namespace racelab::web
