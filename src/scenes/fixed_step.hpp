// The animation's fixed step: every animated scene moves on by 1/60 s a frame, as CS149's circles do, whatever
// the display's rate or the frame's own time, so that frame N is one picture in the viewer, a render, a check
// and a grade. Plain constants: the circles' particle step (circles/circle_animation.hpp) is compiled by nvcc.
#pragma once

namespace racelab {

inline constexpr int kFixedStepsPerSecond = 60;
inline constexpr double kFixedStepSeconds = 1.0 / kFixedStepsPerSecond;

}  // namespace racelab
