// The rule a kernel's frame is judged by against the CPU reference. Each scene states its own
// (Scene::checkRule); the judge applies it (judge/scene_check.hpp) without knowing the scene.
#pragma once
#include <string>

namespace racelab {

// How a GPU frame is judged against the CPU reference.
struct CheckRule {
    float channelTolerance;  // per RGB channel on [0,1]; alpha ignored
    long maxDifferingPixels;
    std::string description;
};

}  // namespace racelab
