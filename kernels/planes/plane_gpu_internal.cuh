// Private to kernels/planes/: what the planes workload's translation units share. Not for scene code (that
// includes plane_gpu.cuh only).
//
// generation (generate.cu): one 256-thread block per (plane, 32x32 tile). The block computes the plane's
//   circles from the counter-based random numbers, keeps (in order) those that reach the tile, and each
//   thread blends them into 4 pixels of one row, which it stores with one 16-byte write.
// composite (composite.cu, good): the read of N planes is the whole cost, so the kernel is built to stream:
//   each thread owns 4 pixels (one 16-byte load per plane, cache-streaming) and loads 8 planes ahead of
//   blending them. The planes are split into ordered groups, one grid row each, so that there are many more
//   blocks than fit at once (a 512x512 frame is only 65,536 four-pixel units: one group would leave a ragged
//   last wave); the groups' partial results are joined in plane order afterwards (both blend modes are
//   affine, so the join is exact up to rounding). Planes scroll by whole 4-pixel steps so every load stays
//   aligned.
// composite (composite.cu, bad): a thread per (pixel, plane) reads, blends and writes the result with no
//   synchronization.
// plane_gpu.cu holds the rest of PlaneGpuCuda (construction, download, sizes). Each kernel lives in the unit
// that launches it.
#pragma once

#include "core/device_buffer.hpp"
#include "planes/plane_gpu.cuh"

namespace racelab::planes {

struct PlaneGpuCuda::Impl {
    DeviceBuffer<std::uint8_t> planes;
    DeviceBuffer<int2> offsets;
    DeviceBuffer<float4> racyResult, partialColor;
    DeviceBuffer<float> partialKeep;
    int width = 0, height = 0, count = 0;
    int smCount = 132;
    int lastGroups = 1;
};

}  // namespace racelab::planes
