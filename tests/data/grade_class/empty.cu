// Draws nothing: a launch list that launches one kernel, a 16x16 block per pixel tile, whose body does
// nothing. It compiles and keeps the contract, and never faults or hangs; the image stays as racelab cleared it
// (white, or the snow scenes' grey ramp), so every pixel a circle covers is missing.
// A grader must say: `wrong` on every circles scene (the same wrong pixels in every run: a bug, not a race),
// never `race`, `fault`, `timeout`, `compile-error` or `contract-error`; 0 points on every scene.
#include <racelab/circles.cuh>

__global__ void renderNothing() {}

RACELAB_LAUNCHES(RACELAB_PER_PIXEL(renderNothing, 16, 16));
