// racelab/access_check_order.cuh: what orders two accesses of an instrumented user kernel (racelab/access_check.cuh):
// the shadow record that says who made an access and when, and the rules that say whether two of them are
// ordered: a barrier of their block, a warp sync of the lanes involved (a partial mask orders only the lanes it
// names), and between blocks a wide fence and atomic on one side seen by a wide atomic on the other. Users
// never include it.
#pragma once
#include "racelab/access_check_layout.cuh"

// proceed = 1 before racelab sets anything: a launch that reaches no hook of racelab's (a whole file's
// cudaLaunchKernelEx, a launch in a static initialiser) runs unchecked rather than with every access skipped.
__constant__ RacelabAccessConfig racelabAccessConfig = {1u};

namespace racelab_access {

// A shadow record (64 bits): atomic 63 | block-scoped atomic 62 | more readers within the block 61 | more readers
// in other blocks 60 | byte mask 56-59 (0: no record) | site 42-55 | barriers passed 32-41 | warp syncs 27-31 |
// wide fences 25-26 | thread in block 15-24 | block 0-14. The counts and the block wrap (HARDENING.md §2).
constexpr unsigned long long kAtomic = 1ull << 63, kNarrow = 1ull << 62, kManyWithin = 1ull << 61, kManyAcross = 1ull << 60;
constexpr unsigned kMaskShift = 56, kSiteShift = 42, kBarrierShift = 32, kWarpSyncShift = 27, kFenceShift = 25, kThreadShift = 15;
constexpr unsigned long long kBlockBits = (1ull << 15) - 1, kWho = (1ull << 25) - 1;  // block; thread in block and block
constexpr unsigned kUnknownThread = 0xffffffffu;
// A thread's epoch word (RacelabAccessConfig::epochs).
constexpr unsigned kEpochBarriers = 0xfffu, kEpochFenceShift = 12, kEpochWarpShift = 16;

__device__ __forceinline__ unsigned threadInBlock() {
    return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
}
__device__ __forceinline__ unsigned blockThreads() { return blockDim.x * blockDim.y * blockDim.z; }
__device__ __forceinline__ unsigned blockLinear() { return blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z); }
__device__ __forceinline__ unsigned long long threadLinear() {
    return static_cast<unsigned long long>(blockLinear()) * blockThreads() + threadInBlock();
}
__device__ __forceinline__ unsigned epochOfThisThread() {
    const unsigned long long t = threadLinear();
    return t < racelabAccessConfig.epochThreads ? racelabAccessConfig.epochs[t] : 0u;
}

__device__ __forceinline__ unsigned maskOf(unsigned long long r) { return static_cast<unsigned>(r >> kMaskShift) & 0xfu; }
__device__ __forceinline__ bool valid(unsigned long long r) { return maskOf(r) != 0; }
__device__ __forceinline__ unsigned siteOf(unsigned long long r) { return static_cast<unsigned>(r >> kSiteShift) & 0x3fffu; }
__device__ __forceinline__ unsigned barriersOf(unsigned long long r) { return static_cast<unsigned>(r >> kBarrierShift) & 0x3ffu; }
__device__ __forceinline__ unsigned threadOfRecord(unsigned long long r) { return static_cast<unsigned>(r >> kThreadShift) & 0x3ffu; }
__device__ __forceinline__ bool sameThread(unsigned long long a, unsigned long long b) { return ((a ^ b) & kWho) == 0; }
__device__ __forceinline__ bool sameBlock(unsigned long long a, unsigned long long b) { return ((a ^ b) & kBlockBits) == 0; }
__device__ __forceinline__ bool sameEpochs(unsigned long long a, unsigned long long b) {
    return (((a ^ b) >> kWarpSyncShift) & 0x7fffu) == 0;  // barriers and warp syncs alike
}

// This thread's record of an access (its mask added per word by the caller).
__device__ __forceinline__ unsigned long long recordOf(unsigned site, unsigned kind, unsigned epoch) {
    return ((kind & RACELAB_ACCESS_ATOMIC) ? kAtomic : 0ull) |
           ((kind & RACELAB_ACCESS_ATOMIC) && (kind & RACELAB_ACCESS_BLOCK_SCOPE) ? kNarrow : 0ull) |
           (static_cast<unsigned long long>(site & 0x3fffu) << kSiteShift) |
           (static_cast<unsigned long long>(epoch & 0x3ffu) << kBarrierShift) |
           (static_cast<unsigned long long>((epoch >> kEpochWarpShift) & 0x1fu) << kWarpSyncShift) |
           (static_cast<unsigned long long>((epoch >> kEpochFenceShift) & 0x3u) << kFenceShift) |
           (static_cast<unsigned long long>(threadInBlock() & 0x3ffu) << kThreadShift) | (blockLinear() & kBlockBits);
}

// Whether `distance` (a count's difference, wrapped to `bits`) says "after, and not long after": the window
// within which a wrapped count still tells earlier from later.
__device__ __forceinline__ bool soonAfter(unsigned distance, unsigned bits) {
    const unsigned d = distance & ((1u << bits) - 1u);
    return d >= 1u && d <= (1u << (bits - 1));
}

// Two lanes of one warp (the other's record, this thread's): ordered when a warp sync lies between them. With
// whole-warp syncs only, the counts differ exactly then. Where the module has partial masks, this thread's
// vector clock says which of the other lane's syncs it has synchronized with (racelabWarpSync).
__device__ __forceinline__ bool warpOrdered(unsigned long long other, unsigned long long mine) {
    const RacelabAccessConfig& c = racelabAccessConfig;
    if (!c.warpClocks) return ((other ^ mine) >> kWarpSyncShift) & 0x1fu;
    const unsigned long long t = threadLinear();
    if (t >= c.epochThreads) return false;
    const unsigned joint = c.warpClocks[32ull * t + (threadOfRecord(other) & 31u)];
    return soonAfter(joint - static_cast<unsigned>((other >> kWarpSyncShift) & 0x1fu), 5);
}

// An access of another block (`other`), ordered before this thread's by message passing: the other block
// released it (its thread fenced after it and then made a wide atomic, or a thread of its block did so after a
// barrier that followed it), and this thread acquired that release (its own wide atomic read after it, or a
// thread of its block did so before a barrier this thread has passed). Releases are numbered in the order their
// atomics came; an atomic acquires every release numbered before it (the words are not told apart).
__device__ __noinline__ bool releasedBefore(unsigned long long other, unsigned long long mine) {
    const RacelabAccessConfig& c = racelabAccessConfig;
    if (!c.threadOrder) return false;
    const unsigned long long me = threadLinear();
    if (me >= c.epochThreads) return false;
    unsigned acquired = *reinterpret_cast<volatile unsigned*>(&c.threadOrder[me].acquired);
    const unsigned myBlock = blockLinear();
    if (myBlock < c.orderBlocks) {
        const unsigned long long blockAcquired = *reinterpret_cast<volatile unsigned long long*>(&c.blockAcquire[myBlock]);
        const unsigned number = static_cast<unsigned>(blockAcquired >> 32);
        if (number > acquired && soonAfter(barriersOf(mine) - static_cast<unsigned>(blockAcquired), 10)) acquired = number;
    }
    if (!acquired) return false;
    const unsigned long long otherBlock = other & kBlockBits;
    const unsigned long long otherThread = otherBlock * blockThreads() + threadOfRecord(other);
    if (otherThread < c.epochThreads) {
        const volatile RacelabThreadOrder& o = c.threadOrder[otherThread];
        const unsigned released = o.released;
        if (released && released <= acquired && soonAfter(o.releasedFences - static_cast<unsigned>(other >> kFenceShift), 2)) return true;
    }
    if (otherBlock < c.orderBlocks) {
        const unsigned long long blockReleased = *reinterpret_cast<volatile unsigned long long*>(&c.blockRelease[otherBlock]);
        const unsigned released = static_cast<unsigned>(blockReleased >> 32);
        if (released && released <= acquired && soonAfter(static_cast<unsigned>(blockReleased) - barriersOf(other), 10)) return true;
    }
    return false;
}

// Whether two accesses of different threads are unordered: 0 ordered (or one thread, or none); 1 within a
// block; 2 across blocks. Shared memory is a block's own: another block's record there is no access to it.
__device__ __forceinline__ unsigned unordered(unsigned long long other, unsigned long long mine, bool shared) {
    if (!valid(other) || sameThread(other, mine)) return 0;
    if (!sameBlock(other, mine)) return shared || releasedBefore(other, mine) ? 0u : 2u;
    if (((other ^ mine) >> kBarrierShift) & 0x3ffu) return 0;  // a barrier between them
    const bool sameWarp = (threadOfRecord(other) >> 5) == (threadOfRecord(mine) >> 5);
    if (sameWarp && warpOrdered(other, mine)) return 0;
    return 1;
}

// A race between `other` (earlier) and `mine`: unordered, a byte in common, not both atomic -- where an
// atomic's scope is its block, it is atomic to its own block's threads only.
__device__ __forceinline__ unsigned conflict(unsigned long long other, unsigned long long mine, bool shared) {
    if (!(maskOf(other) & maskOf(mine))) return 0;
    const unsigned relation = unordered(other, mine, shared);
    if (other & mine & kAtomic) return relation == 2 && ((other | mine) & kNarrow) ? 2u : 0u;
    return relation;
}

// A load through the read-only path (ld.global.nc) against the word's last write: the read-only cache is not
// kept coherent with writes made while the kernel runs, so another thread's write of this launch races with it
// even when a barrier orders them.
__device__ __forceinline__ unsigned staleRead(unsigned long long lastWrite, unsigned long long mine) {
    if (!valid(lastWrite) || sameThread(lastWrite, mine) || !(maskOf(lastWrite) & maskOf(mine))) return 0;
    return sameBlock(lastWrite, mine) ? 1u : 2u;
}

// Before a wide strong write of this thread: a release when a wide fence came since its last release, or when
// the access is a release itself. `epoch`: the thread's epoch word. The release is numbered and made visible
// before the access itself runs, so that whoever sees the access can see the release.
__device__ __noinline__ void release(unsigned info, unsigned epoch) {
    const RacelabAccessConfig& c = racelabAccessConfig;
    const unsigned long long me = threadLinear();
    if (!c.threadOrder || me >= c.epochThreads) return;
    RacelabThreadOrder& order = c.threadOrder[me];
    const bool itself = info & RACELAB_INFO_RELEASE;
    const unsigned fences = (epoch >> kEpochFenceShift) & 0xfu;
    if (!itself && fences == order.releasedFences) return;  // no fence since its last release
    const unsigned fenceBarrier = itself ? (epoch & kEpochBarriers) : order.fenceBarrier;
    const unsigned releasedFences = itself ? ((fences + 1u) & 0xfu) : fences;  // a release access is its own fence
    if (itself) c.epochs[me] = (epoch & ~(0xfu << kEpochFenceShift)) | (releasedFences << kEpochFenceShift);
    const unsigned number = atomicAdd(c.releaseCount, 1u) + 1u;
    order.released = number;
    order.releasedFences = releasedFences;
    const unsigned block = blockLinear();
    if (block < c.orderBlocks) atomicMax(&c.blockRelease[block], static_cast<unsigned long long>(number) << 32 | fenceBarrier);
    __threadfence();
}

// After a wide atomic or strong load of this thread has run: it acquires every release numbered so far (every
// release whose atomic came before it, and some that came after: the words are not told apart).
__device__ __noinline__ void acquire() {
    const RacelabAccessConfig& c = racelabAccessConfig;
    const unsigned long long me = threadLinear();
    if (!c.threadOrder || me >= c.epochThreads) return;
    __threadfence();
    const unsigned seen = *reinterpret_cast<volatile unsigned*>(c.releaseCount);
    RacelabThreadOrder& order = c.threadOrder[me];
    if (!seen || seen == order.acquired) return;
    order.acquired = seen;
    const unsigned block = blockLinear();
    if (block < c.orderBlocks)
        atomicMax(&c.blockAcquire[block], static_cast<unsigned long long>(seen) << 32 | (c.epochs[me] & kEpochBarriers));
}

}  // namespace racelab_access
