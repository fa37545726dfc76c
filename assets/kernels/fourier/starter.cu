// A first trail: one block per new segment, each thread taking samples along it (one every half pixel) and
// splatting a disc around each into the trail, every pixel keeping the largest coverage any disc gives it.
// Written by `racelab new-kernel fourier FILE`.
//
// It has a race. "Keep the largest" is done as read, compare, write: two threads whose discs cover the same
// pixel (neighbouring samples are half a pixel apart, so their discs always overlap) can both read the old
// value, and if the one with the lower coverage writes last, the higher coverage is lost. The trail gets
// darker speckles along its edges, different every run. Run it in the viewer
// (`racelab view --scene fourier/text --kernel FILE`), press H for the heat view, and fix it (atomicMax).
#include <racelab/fourier.cuh>

__global__ void drawSegments() {
    const int segment = blockIdx.x;
    if (segment >= trailParams.segments) return;
    const float2 a = trailParams.pens[segment], b = trailParams.pens[segment + 1];
    const int samples = trailSampleCount(a, b);
    const int reach = trailReach(), width = trailParams.width, height = trailParams.height;
    for (int s = threadIdx.x; s <= samples; s += blockDim.x) {
        const float2 q = trailSample(a, b, s, samples);
        const int cx = static_cast<int>(floorf(q.x)), cy = static_cast<int>(floorf(q.y));
        for (int y = cy - reach; y <= cy + reach; ++y)
            for (int x = cx - reach; x <= cx + reach; ++x) {
                if (x < 0 || y < 0 || x >= width || y >= height) continue;
                const unsigned cover = trailCoverage(x, y, q);
                unsigned* pixel = &trailParams.trail[y * width + x];
                // Read, compare, write: another thread may write this pixel in between.
                const unsigned old = *pixel;
                if (cover > old) *pixel = cover;
            }
    }
}

RACELAB_LAUNCHES(RACELAB_PER_ITEM(drawSegments, RACELAB_SEGMENT_THREADS, RACELAB_THREADS_PER_SEGMENT));
