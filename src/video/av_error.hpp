// libav* calls return negative AVERROR codes; these turn one into racelab's Error with the library's words.
#pragma once
#include <string>

namespace racelab {

std::string avErrorText(int code);  // av_strerror's text
// Throws Error("<what>: <library's text>") when `code` is negative; returns it otherwise.
int checkAv(int code, const std::string& what);

}  // namespace racelab
