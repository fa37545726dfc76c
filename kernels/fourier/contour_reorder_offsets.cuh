// The end of both greedy order kernels (contour_order.cu, contour_order_chunks.cu): once order[] is complete,
// the offsets of the contours in their new order, the sizes scanned a block-wide tile at a time by the
// kernel's own block. Private to kernels/fourier/.
#pragma once
#include <cub/block/block_scan.cuh>

namespace racelab::fourier::contour_gpu {

// `offsets[c]`..`offsets[c + 1]` are contour c's points; writes newOffsets[0..contours]. Every thread of the
// block calls it (the scan's barriers).
template <int kThreads>
__device__ void scanReorderedOffsets(const int* order, const int* offsets, int contours,
                                     typename cub::BlockScan<int, kThreads>::TempStorage& storage, int* newOffsets) {
    using Scan = cub::BlockScan<int, kThreads>;
    int before = 0;
    for (int first = 0; first < contours; first += kThreads) {
        const int k = first + static_cast<int>(threadIdx.x);
        const int size = k < contours ? offsets[order[k] + 1] - offsets[order[k]] : 0;
        int mineBefore = 0, tileTotal = 0;
        Scan(storage).ExclusiveSum(size, mineBefore, tileTotal);
        if (k < contours) newOffsets[k] = before + mineBefore;
        before += tileTotal;
        __syncthreads();  // the storage is used again by the next tile
    }
    if (threadIdx.x == 0) newOffsets[contours] = before;
}

}  // namespace racelab::fourier::contour_gpu
