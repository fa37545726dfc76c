// A correct trail: the starter's splats (one block per new segment, a thread per sample, a disc around each),
// with every pixel's maximum kept by atomicMax, which reads, compares and writes as one indivisible step. The
// order the discs land in no longer matters: the maximum of the same coverages is the same whatever the order,
// so the trail equals the family's good variant and the CPU reference.
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
                if (cover != 0) atomicMax(&trailParams.trail[y * width + x], cover);
            }
    }
}

RACELAB_LAUNCHES(RACELAB_PER_ITEM(drawSegments, RACELAB_SEGMENT_THREADS, RACELAB_THREADS_PER_SEGMENT));
