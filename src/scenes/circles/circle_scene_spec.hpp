// The circle scenes (CS149 asst3's set): names, what they hold, and their generation. Generation follows
// that assignment's loader call for call (glibc srand(seed)/rand(), the same distributions, depths sorted
// far to near), so a frame for a given seed matches its reference renderer under its checker.
#pragma once
#include <string>
#include <vector>

#include "scenes/circles/circle_set.hpp"

namespace racelab::circles {

struct CircleSceneSpec {
    std::string name;         // without the "circles/" prefix
    std::string description;
    int defaultCount;         // circles with the default parameters
    bool countAdjustable;     // random scenes: the count is a parameter
};

const std::vector<CircleSceneSpec>& circleSceneSpecs();
const CircleSceneSpec* findCircleSceneSpec(const std::string& name);

inline constexpr int kMaxCircleCount = 20'000'000;
// The CPU reference's steps behind snowsingle's still frame: those of snow's frame 240 (frame 0 is one step).
inline constexpr int kSnowSingleSteps = 241;

// count <= 0 means the scene's default. Throws UsageError for an unknown name or a count out of range.
CircleSet generateCircles(const std::string& name, unsigned seed, int count = 0);

}  // namespace racelab::circles
