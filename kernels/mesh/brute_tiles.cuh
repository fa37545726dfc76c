// The brute-force loops (private to kernels/mesh/): a block of 256 rays tests every triangle, 256 at a time
// staged in shared memory between two barriers. kBarriers = false is the bad variant: the same loop without
// the barriers, so warps overwrite the tile others still read. tiledBrute() serves the frames, tiledBlocked()
// the visibility queries (the triangle test is then the chosen rule, as on the CPU).
#pragma once
#include "mesh/mesh_gpu_internal.cuh"

namespace racelab::mesh::gpu {

// Triangles staged through shared memory in tiles of blockDim.x. kBarriers = false is the bad variant.
template <bool kBarriers, bool kAnyHit>
__device__ HitRecord tiledBrute(const Triangle* triangles, int n, Vec3 origin, Vec3 direction, float tMin, float tMax,
                                bool active) {
    __shared__ Triangle tile[256];
    HitRecord best{false, tMax, 0u, {}, {}, {}};
    for (int base = 0; base < n; base += blockDim.x) {
        if (base + static_cast<int>(threadIdx.x) < n) tile[threadIdx.x] = triangles[base + threadIdx.x];
        if (kBarriers) __syncthreads();  // the tile is complete before anyone reads it
        const int count = min(static_cast<int>(blockDim.x), n - base);
        if (active && !(kAnyHit && best.hit))
            for (int k = 0; k < count; ++k) {
                Vec3 a = xyz(tile[k].a), b = xyz(tile[k].b), c = xyz(tile[k].c);
                Hit h = intersect(origin, direction, a, b, c, tMin, best.t);
                if (h.hit) best = {true, h.t, static_cast<unsigned>(__float_as_int(tile[k].a.w)), a, b, c};
            }
        if (kBarriers) __syncthreads();  // everyone is done with the tile before it is overwritten
    }
    return best;
}

// The brute tiles of tiledBrute with the rule as the test. kBarriers = false is the bad variant.
template <bool kBarriers>
__device__ bool tiledBlocked(const Triangle* triangles, int n, const VisibilityRule& rule, Vec3 origin, Vec3 target,
                             Vec3 direction, bool active) {
    __shared__ Triangle tile[256];
    bool blocked = false;
    for (int base = 0; base < n; base += blockDim.x) {
        if (base + static_cast<int>(threadIdx.x) < n) tile[threadIdx.x] = triangles[base + threadIdx.x];
        if (kBarriers) __syncthreads();  // the tile is complete before anyone reads it
        const int count = min(static_cast<int>(blockDim.x), n - base);
        if (active)
            for (int k = 0; k < count && !blocked; ++k)
                blocked = ruleBlocks(rule, origin, target, direction, xyz(tile[k].a), xyz(tile[k].b), xyz(tile[k].c));
        if (kBarriers) __syncthreads();  // everyone is done with the tile before it is overwritten
    }
    return blocked;
}

}  // namespace racelab::mesh::gpu
