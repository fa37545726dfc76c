// Never ends: clock64() is read again on every pass, so the loop cannot be optimized away.
#include <racelab/circles.cuh>

__global__ void renderPixels() {
    while (clock64() >= 0) {
    }
}

RACELAB_LAUNCHES(RACELAB_PER_PIXEL(renderPixels, 16, 16));
