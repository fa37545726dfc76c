// racelab/access_check_warp.cuh: the warp syncs' vector clocks of an instrumented user kernel whose module has a
// __syncwarp(mask) of a partial mask (racelab/access_check.cuh). Users never include it.
//
// A __syncwarp orders only the lanes its mask names. Each thread keeps, for every lane of its warp, the count of
// that lane's warp syncs it has synchronized with (32 counts of 16 bits: RacelabAccessConfig::warpClocks). At a
// sync, each lane of the mask takes the largest count of every lane over the mask's lanes, and one more for the
// lanes of the mask themselves. An access of another lane is then ordered before this thread's when this
// thread's count for that lane passed the count the access's record keeps (access_check_order.cuh, warpOrdered).
#pragma once
#include "racelab/access_check_order.cuh"

namespace racelab_access {

__device__ __forceinline__ uint4 loadClockQuarter(const unsigned short* row, int quarter) {
    const volatile uint4* at = reinterpret_cast<const volatile uint4*>(row) + quarter;
    uint4 v;
    v.x = at->x, v.y = at->y, v.z = at->z, v.w = at->w;
    return v;
}

// `t`: this thread, linear in the launch. Called right after the user's bar.warp.sync of `mask`, by every lane
// the mask names (the sync's own rule): each reads the rows of the others, syncs once more with the same mask
// so that no row changes before every lane has read it, then writes its own.
__device__ __noinline__ void mergeWarpClocks(unsigned mask, unsigned long long t) {
    const RacelabAccessConfig& c = racelabAccessConfig;
    const unsigned lane = threadInBlock() & 31u, firstOfWarp = threadInBlock() - lane;
    const unsigned long long lane0 = t - lane;
    unsigned merged[16];  // two lanes' counts a word, lane 2i low
#pragma unroll
    for (int i = 0; i < 16; ++i) merged[i] = 0u;
    unsigned members = 0;  // the mask's lanes that exist (a last warp may be short)
    for (unsigned k = 0; k < 32u; ++k) {
        if (!((mask >> k) & 1u) || firstOfWarp + k >= blockThreads()) continue;
        members |= 1u << k;
        const unsigned short* row = c.warpClocks + 32ull * (lane0 + k);
#pragma unroll
        for (int q = 0; q < 4; ++q) {
            const uint4 v = loadClockQuarter(row, q);
            merged[4 * q] = __vmaxu2(merged[4 * q], v.x), merged[4 * q + 1] = __vmaxu2(merged[4 * q + 1], v.y);
            merged[4 * q + 2] = __vmaxu2(merged[4 * q + 2], v.z), merged[4 * q + 3] = __vmaxu2(merged[4 * q + 3], v.w);
        }
    }
    // Each lane of the mask passed one more sync: its own count, which no lane knows larger than itself, plus one.
#pragma unroll
    for (int i = 0; i < 16; ++i)
        merged[i] = __vadd2(merged[i], ((members >> (2 * i)) & 1u) | (((members >> (2 * i + 1)) & 1u) << 16));
    __syncwarp(mask);
    uint4* own = reinterpret_cast<uint4*>(c.warpClocks + 32ull * t);
#pragma unroll
    for (int q = 0; q < 4; ++q) own[q] = make_uint4(merged[4 * q], merged[4 * q + 1], merged[4 * q + 2], merged[4 * q + 3]);
}

}  // namespace racelab_access
