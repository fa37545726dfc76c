// The circles family's contract with a user kernel, as racelab declares it (the device side, in CS149's names
// and layout, is kernel_contract.cuh): what the family descriptor offers, and the byte layout of
// GlobalConstants that circle_kernel_side.cpp fills each frame.
#pragma once
#include <cstddef>
#include <string>

#include "scenes/kernel_contract.hpp"

namespace racelab::circles {

KernelContract circleKernelContract();

// GlobalConstants (kernel_contract.cuh) on a 64-bit device: offsets of its fields.
struct CourseParameterLayout {
    static constexpr std::size_t sceneName = 0, numCircles = 4, position = 8, velocity = 16, color = 24, radius = 32,
                                 imageWidth = 40, imageHeight = 44, imageData = 48, bytes = 56;
};

// The course's SceneName of a preset (harness/course_scene_names.h); the random scenes of any count keep theirs.
int courseSceneName(const std::string& preset);

}  // namespace racelab::circles
