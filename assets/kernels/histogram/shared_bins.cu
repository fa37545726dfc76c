// A correct and faster histogram, the way the family's good variant counts (the same kernel, so that `bench`
// shows what running it as your kernel costs): each block keeps its own copy of the bins in shared memory,
// where atomics are cheap and only the block's threads compete, counts a grid-stride share of the inputs into
// it, and then adds every non-zero private bin to the global one with a single atomicAdd. The barriers matter:
// the private bins must be zero before any thread counts, and every count of the block must be in before they
// are merged. The grid is good's too: 8 blocks of 256 threads for every multiprocessor.
#include <racelab/histogram.cuh>

constexpr int kThreads = 256;
constexpr int kBlocksPerSm = 8;

__global__ void __launch_bounds__(kThreads) countInputs() {
    extern __shared__ unsigned local[];  // bins counters: this block's private histogram
    const int bins = histogramParams.bins;
    for (int b = threadIdx.x; b < bins; b += blockDim.x) local[b] = 0;
    __syncthreads();
    const int stride = gridDim.x * blockDim.x;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < histogramParams.count; i += stride)
        atomicAdd(&local[histogramParams.values[i]], 1u);
    __syncthreads();  // every private count is final before it is merged
    for (int b = threadIdx.x; b < bins; b += blockDim.x)
        if (local[b] != 0) atomicAdd(&histogramParams.histogram[b], local[b]);
}

// The dynamic shared memory holds the most bins a scene can ask for (good sizes it to the scene's bins: the
// same occupancy here, 8 blocks a multiprocessor either way).
RACELAB_LAUNCHES(RACELAB_PER_SM(countInputs, kBlocksPerSm, kThreads, RACELAB_MAX_BINS * sizeof(unsigned)));
