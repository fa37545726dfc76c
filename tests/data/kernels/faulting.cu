// Faults on its first frame: a write through a pointer to an address no allocation holds.
#include <racelab/circles.cuh>

__global__ void renderPixels() { *(volatile int*)(0x10) = 1; }

RACELAB_LAUNCHES(RACELAB_PER_PIXEL(renderPixels, 16, 16));
