// The racing pixels of an instrumented frame: the words of output 0 the checks saw race
// (AccessReport::racingWords), as a mask over the frame when output 0 is an image of the frame's size. The
// viewer paints it over any view ("find the race"); a race in a buffer that is no image (a histogram's bins, a
// scratch buffer) has no pixels, and `elsewhere` says where it lies instead.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "userkernel/racecheck/access_findings.hpp"

namespace racelab::userkernel {

struct RacingPixels {
    int width = 0, height = 0;          // the frame's (0: output 0 is no image of it)
    std::vector<std::uint8_t> mask;     // width * height, the bottom row first (as outputs hold it); 1: racing
    long long count = 0;                // pixels set in the mask
    bool truncated = false;             // the report carried only the first runs of racing words
    std::string elsewhere;              // the outputs with racing words that are no image ("" when none)
};

RacingPixels racingPixels(const AccessReport& report, const FindingContext& context);

}  // namespace racelab::userkernel
