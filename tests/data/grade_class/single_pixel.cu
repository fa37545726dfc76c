// Draws one pixel and nothing else: a single thread (a fixed grid of one block of one thread) sets pixel (0, 0)
// of the course's image -- row 0 is at the bottom, so it is the bottom-left corner, (0, height - 1) in the PNG's
// top-left-first terms -- to opaque magenta, rgba(1, 0, 1, 1). Every other pixel stays as racelab cleared it.
// A grader must say: `wrong` on every circles scene (the same wrong pixels in every run), never `race`,
// `fault`, `timeout` or `contract-error`; 0 points on every scene. Its wrong pixels are empty.cu's with the
// corner's verdict redone: one more where empty.cu's corner was right (the cleared colour there is white or
// the snow ramp's grey, and magenta is more than 0.1 off either in green), so at least as many as empty.cu's
// and at most one more (unless the reference happens to be within 0.1 of magenta at the corner).
#include <racelab/circles.cuh>

__global__ void renderOnePixel() {
    if (blockIdx.x != 0 || threadIdx.x != 0) return;
    if (cuConstRendererParams.imageWidth < 1 || cuConstRendererParams.imageHeight < 1) return;
    *(float4*)&cuConstRendererParams.imageData[0] = make_float4(1.f, 0.f, 1.f, 1.f);
}

RACELAB_LAUNCHES(RACELAB_FIXED(renderOnePixel, 1, 1, 1, 1));
