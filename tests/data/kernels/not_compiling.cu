// Does not compile: a name that is declared nowhere (line 5).
#include <racelab/circles.cuh>

__global__ void renderPixels() {
    undeclaredImage[0] = 1.f;
}

RACELAB_LAUNCHES(RACELAB_PER_PIXEL(renderPixels, 16, 16));
