// racelab/access_check.cuh: the checks an instrumented user kernel makes (check --races, --checked). racelab
// includes this file before the user's (NVRTC's --pre-include) and then rewrites the module's PTX
// (userkernel/ptx_instrument.hpp): before every global, shared and generic load, store and atomic it calls
// racelabAccess(address, info), which returns 0 for an access to be skipped; after every barrier it calls
// racelabBarrier, after every __syncwarp racelabWarpSync. Users never include it.
//
// Races (RACELAB_ACCESS_RACES): every 4-byte word of a checked buffer has two shadow records, its last write
// and its last read, each saying who (block, thread), where (site), when (the block's barriers and the warp's
// syncs passed) and whether it was atomic. An access is compared with the record it replaces and with the
// other kind's: two accesses of different threads, at least one a write, not both atomic, touching a common
// byte, race unless a barrier of their block (or, in one warp, a __syncwarp) lies between them. Threads of
// different blocks are ordered only by the launch boundary: the worker clears the shadow before each launch.
// Checked (RACELAB_ACCESS_CHECKED): an access outside every buffer handed to the kernel, outside the block's
// shared memory or misaligned is skipped and reported, so it never reaches the GPU's memory system.
#pragma once
#include "racelab/access_check_layout.cuh"

#ifndef RACELAB_ACCESS_MODE
#define RACELAB_ACCESS_MODE 0u
#endif

__constant__ RacelabAccessConfig racelabAccessConfig;
__device__ unsigned racelabAccessMode = RACELAB_ACCESS_MODE;  // the worker reads it to know what to set up

namespace racelab_access {

// A shadow record (64 bits): valid 63 | atomic 62 | more readers within the block 61 | more readers in other
// blocks 60 | byte mask 56-59 | site 42-55 | barriers passed 32-41 | warp syncs 27-31 | thread in block 17-26 |
// block 0-16. The counts and the block wrap (HARDENING: what the checks cannot see).
constexpr unsigned long long kValid = 1ull << 63, kAtomic = 1ull << 62, kManyWithin = 1ull << 61, kManyAcross = 1ull << 60;
constexpr unsigned kMaskShift = 56, kSiteShift = 42, kBarrierShift = 32, kWarpSyncShift = 27, kThreadShift = 17;
constexpr unsigned long long kBlockBits = (1ull << 17) - 1, kWho = (1ull << 27) - 1;  // block; thread in block and block
constexpr unsigned kUnknownThread = 0xffffffffu;

__device__ __forceinline__ unsigned threadInBlock() {
    return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
}
__device__ __forceinline__ unsigned blockLinear() { return blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z); }
__device__ __forceinline__ unsigned long long threadLinear() {
    return static_cast<unsigned long long>(blockLinear()) * (blockDim.x * blockDim.y * blockDim.z) + threadInBlock();
}
__device__ __forceinline__ unsigned epochOfThisThread() {
    const unsigned long long t = threadLinear();
    return t < racelabAccessConfig.epochThreads ? racelabAccessConfig.epochs[t] : 0u;
}

__device__ __forceinline__ unsigned maskOf(unsigned long long r) { return static_cast<unsigned>(r >> kMaskShift) & 0xfu; }
__device__ __forceinline__ unsigned siteOf(unsigned long long r) { return static_cast<unsigned>(r >> kSiteShift) & 0x3fffu; }
__device__ __forceinline__ bool sameThread(unsigned long long a, unsigned long long b) { return ((a ^ b) & kWho) == 0; }
__device__ __forceinline__ bool sameEpochs(unsigned long long a, unsigned long long b) {
    return (((a ^ b) >> kWarpSyncShift) & 0x7fffu) == 0;  // barriers and warp syncs alike
}

// Whether two accesses of different threads are unordered: 0 ordered (or one thread, or none); 1 within a
// block; 2 across blocks. Shared memory is a block's own: another block's record there is no access to it.
__device__ __forceinline__ unsigned unordered(unsigned long long other, unsigned long long mine, bool shared) {
    if (!(other & kValid) || sameThread(other, mine)) return 0;
    if ((other ^ mine) & kBlockBits) return shared ? 0u : 2u;
    if (((other ^ mine) >> kBarrierShift) & 0x3ffu) return 0;  // a barrier between them
    const bool sameWarp = (((other >> kThreadShift) & 0x3ffu) >> 5) == (((mine >> kThreadShift) & 0x3ffu) >> 5);
    if (sameWarp && (((other ^ mine) >> kWarpSyncShift) & 0x1fu)) return 0;  // a __syncwarp between them
    return 1;
}

// A race between `other` (earlier) and `mine`: unordered, not both atomic, a byte in common.
__device__ __forceinline__ unsigned conflict(unsigned long long other, unsigned long long mine, bool shared) {
    if (other & mine & kAtomic) return 0;
    if (!(maskOf(other) & maskOf(mine))) return 0;
    return unordered(other, mine, shared);
}

__device__ __forceinline__ unsigned threadOf(unsigned long long record) {
    return static_cast<unsigned>(record & kBlockBits) * (blockDim.x * blockDim.y * blockDim.z) +
           static_cast<unsigned>((record >> kThreadShift) & 0x3ffu);
}

// Counts one racing event of `first` and `second` (a read-write pair: the read first) in its pair's slot,
// found by open addressing. In global memory `mark` (the word's marks) lets each kind of race count a word
// once, and only the first event on a word writes anything; in shared memory events are counted, up to a cap.
// `firstUnknown`: the first access stands for other threads' reads of its line (kManyWithin, kManyAcross).
__device__ void reportRace(unsigned long long first, unsigned long long second, bool writeWrite, unsigned relation,
                           unsigned long long address, unsigned* mark, bool firstUnknown = false) {
    RacelabAccessReport* report = racelabAccessConfig.report;
    const unsigned bit = (writeWrite ? 1u : 2u) << (relation == 2 ? 2 : 0);
    if (mark && (*reinterpret_cast<volatile unsigned*>(mark) & bit)) return;  // this word already counted for it
    unsigned a = siteOf(first), b = siteOf(second);
    unsigned threadA = firstUnknown ? kUnknownThread : threadOf(first), threadB = threadOf(second);
    if (writeWrite && b < a) {  // one pair whichever came first; a read-write pair keeps the read first
        unsigned s = a; a = b; b = s;
        s = threadA; threadA = threadB; threadB = s;
    }
    const unsigned long long key = (1ull << 63) | (relation == 2 ? 1ull << 62 : 0ull) | (writeWrite ? 1ull << 61 : 0ull) |
                                   (static_cast<unsigned long long>(a) << 14) | b;
    unsigned slot = static_cast<unsigned>((key * 0x9E3779B97F4A7C15ull) >> 40) % RACELAB_ACCESS_RACE_SLOTS;
    RacelabRace* race = nullptr;
    for (unsigned probe = 0; probe < RACELAB_ACCESS_RACE_SLOTS; ++probe, slot = (slot + 1) % RACELAB_ACCESS_RACE_SLOTS) {
        RacelabRace* candidate = &report->races[slot];
        unsigned long long held = *reinterpret_cast<volatile unsigned long long*>(&candidate->key);
        if (held == 0) held = atomicCAS(&candidate->key, 0ull, key);
        if (held == 0 || held == key) {
            race = candidate;
            break;
        }
    }
    if (!race) {
        atomicAdd(&report->racesDropped, 1u);
        return;
    }
    if (mark) {
        if (atomicOr(mark, bit) & bit) return;
        atomicAdd(&race->words, 1u);
        atomicAdd(&race->events, 1ull);
    } else if (*reinterpret_cast<volatile unsigned long long*>(&race->events) < (1ull << 20)) {
        atomicAdd(&race->events, 1ull);
    }
    if (*reinterpret_cast<volatile unsigned*>(&race->exampleSet) == 0u && atomicCAS(&race->exampleSet, 0u, 1u) == 0u) {
        race->exampleAddress = address;
        race->threadA = threadA;
        race->threadB = threadB;
        race->launch = racelabAccessConfig.launch;
    }
}

__device__ void reportStray(unsigned long long address, unsigned site, unsigned bytes, unsigned flags) {
    RacelabAccessReport* report = racelabAccessConfig.report;
    const unsigned index = atomicAdd(&report->strayCount, 1u);
    if (index >= RACELAB_ACCESS_STRAYS) return;
    RacelabStray& s = report->strays[index];
    s.address = address, s.site = site, s.thread = static_cast<unsigned>(threadLinear()), s.bytes = bytes;
    s.launch = racelabAccessConfig.launch, s.flags = flags;
}

__device__ __forceinline__ void trace(unsigned long long address, unsigned site, unsigned kind) {
    RacelabAccessReport* report = racelabAccessConfig.report;
    const unsigned index = atomicAdd(&report->traceCount, 1u);
    if (index >= RACELAB_ACCESS_TRACE) return;
    RacelabTraceEvent& e = report->trace[index];
    e.address = address, e.site = site, e.thread = static_cast<unsigned>(threadLinear()), e.kind = kind;
    e.launch = racelabAccessConfig.launch;
}

}  // namespace racelab_access

// The check of one access: `info` is site << 8 | kind << 4 | (bytes - 1). 1: do it; 0: skip it.
extern "C" __device__ __noinline__ unsigned racelabAccess(unsigned long long address, unsigned info) {
    using namespace racelab_access;
    constexpr unsigned mode = RACELAB_ACCESS_MODE;
    const RacelabAccessConfig& c = racelabAccessConfig;
    const unsigned go = c.proceed;
    const unsigned bytes = (info & 15u) + 1u, kind = (info >> 4) & 15u, site = info >> 8;
    const void* pointer = reinterpret_cast<const void*>(address);
    unsigned long long* shadow = nullptr;
    unsigned* marks = nullptr;
    unsigned long long word = 0;
    bool shared = false;
    if ((mode & RACELAB_ACCESS_CHECKED) && (address & (bytes - 1u))) {  // misaligned: the GPU would fault
        reportStray(address, site, bytes, RACELAB_STRAY_MISALIGNED | (__isShared(pointer) ? RACELAB_STRAY_SHARED : 0u));
        return 0;
    }
    if (__isShared(pointer)) {
        // The block's own bytes: [sharedBase, sharedBase + %total_smem_size) of its window (static, then dynamic).
        const unsigned offset = static_cast<unsigned>(__cvta_generic_to_shared(pointer));
        unsigned total = 0;
        asm("mov.u32 %0, %%total_smem_size;" : "=r"(total));
        const bool inside = offset >= c.sharedBase && offset - c.sharedBase + bytes <= total;
        if ((mode & RACELAB_ACCESS_CHECKED) && !inside) {
            reportStray(offset - c.sharedBase, site, bytes, RACELAB_STRAY_SHARED);
            return 0;
        }
        if (!(mode & RACELAB_ACCESS_RACES) || !c.sharedShadow || !inside || ((offset - c.sharedBase) >> 2) >= c.sharedWords) return go;
        shadow = c.sharedShadow + 2ull * (static_cast<unsigned long long>(blockLinear() % c.sharedSlots) * c.sharedWords);
        word = (offset - c.sharedBase) >> 2;
        shared = true;
    } else if (__isGlobal(pointer)) {
        const RacelabAccessRange* range = nullptr;
        for (unsigned i = 0; i < c.rangeCount; ++i)
            if (address >= c.ranges[i].begin && address + bytes <= c.ranges[i].end) {
                range = &c.ranges[i];
                break;
            }
        if (!range) {
            if (mode & RACELAB_ACCESS_CHECKED) {
                reportStray(address, site, bytes, 0u);
                return 0;
            }
            if (c.report) atomicAdd(&c.report->untracked, 1u);
            return go;
        }
        // A read-only load (ld.global.nc: the compiler knows nothing writes it while the kernel runs) races with nothing.
        if (!(mode & RACELAB_ACCESS_RACES) || !range->shadow || (kind & RACELAB_ACCESS_READ_ONLY)) return go;
        shadow = range->shadow;
        marks = range->marks;
        word = (address - range->begin) >> 2;
        address = range->begin + (word << 2);
    } else {
        return go;  // local or constant memory: one thread's own, or read-only
    }
    if (address + bytes > c.traceBegin && address < c.traceEnd) trace(address, site, kind);

    const unsigned epoch = epochOfThisThread();
    const unsigned block = blockLinear();
    const unsigned long long mine = kValid | ((kind & RACELAB_ACCESS_ATOMIC) ? kAtomic : 0ull) |
                                    (static_cast<unsigned long long>(site & 0x3fffu) << kSiteShift) |
                                    (static_cast<unsigned long long>(epoch & 0x3ffu) << kBarrierShift) |
                                    (static_cast<unsigned long long>((epoch >> 16) & 0x1fu) << kWarpSyncShift) |
                                    (static_cast<unsigned long long>(threadInBlock() & 0x3ffu) << kThreadShift) | (block & kBlockBits);
    const unsigned first = static_cast<unsigned>(reinterpret_cast<unsigned long long>(pointer) & 3u);
    const unsigned words = (first + bytes + 3u) / 4u;
    for (unsigned w = 0; w < words; ++w) {
        // The bytes of this word the access touches.
        const unsigned from = w == 0 ? first : 0u, to = (first + bytes) - 4u * w < 4u ? (first + bytes) - 4u * w : 4u;
        const unsigned mask = ((1u << to) - 1u) & ~((1u << from) - 1u);
        const unsigned long long record = mine | (static_cast<unsigned long long>(mask) << kMaskShift);
        unsigned long long* entry = shadow + 2ull * (word + w);
        volatile unsigned long long* readEntry = entry + 1;
        unsigned* mark = marks ? marks + word + w : nullptr;
        const unsigned long long at = address + 4ull * w;
        if (kind & RACELAB_ACCESS_WRITE) {
            const unsigned long long lastWrite = atomicExch(entry, record);
            if (const unsigned r = conflict(lastWrite, record, shared)) reportRace(lastWrite, record, true, r, at, mark);
            const unsigned long long lastRead = *readEntry;
            if (const unsigned r = conflict(lastRead, record, shared)) {
                reportRace(lastRead, record, false, r, at, mark);
            } else if ((lastRead & kValid) && sameThread(lastRead, record) && (maskOf(lastRead) & mask) && !(lastRead & record & kAtomic)) {
                // This thread's read stood for other threads' reads of its line too: they race with this write
                // unless a barrier came between (for those within the block).
                if (lastRead & kManyAcross) reportRace(lastRead, record, false, 2, at, mark, true);
                else if ((lastRead & kManyWithin) && sameEpochs(lastRead, record)) reportRace(lastRead, record, false, 1, at, mark, true);
            }
        } else {
            const unsigned long long lastWrite = *reinterpret_cast<volatile unsigned long long*>(entry);
            if (const unsigned r = conflict(lastWrite, record, shared)) reportRace(record, lastWrite, false, r, at, mark);
            // Many threads reading one word at one line (a table every thread reads) keep one record, marked as
            // standing for more readers, instead of each writing its own: one store, not thousands to one word.
            const unsigned long long lastRead = *readEntry;
            const unsigned together = unordered(lastRead, record, shared);
            if (together && siteOf(lastRead) == site && maskOf(lastRead) == mask && !((lastRead ^ record) & kAtomic)) {
                const unsigned long long many = together == 2 ? kManyAcross : kManyWithin;
                if (!(lastRead & many)) *readEntry = lastRead | many;
            } else {
                *readEntry = record;
            }
        }
    }
    return go;
}

extern "C" __device__ __noinline__ void racelabBarrier() {
    const unsigned long long t = racelab_access::threadLinear();
    if (t < racelabAccessConfig.epochThreads) racelabAccessConfig.epochs[t] += 1u;
}

extern "C" __device__ __noinline__ void racelabWarpSync() {
    const unsigned long long t = racelab_access::threadLinear();
    if (t < racelabAccessConfig.epochThreads) racelabAccessConfig.epochs[t] += 1u << 16;
}

// Never launched: keeps the three functions in the module, with their signatures, for the rewritten PTX to call.
extern "C" __global__ void racelabAccessKeep(unsigned long long address, unsigned info, unsigned* out) {
    out[0] = racelabAccess(address, info);
    racelabBarrier();
    racelabWarpSync();
}

#if !defined(__CUDACC_RTC__)
// A whole-file solution built by nvcc (userkernel/build/whole_file_instrumented.hpp): its library is loaded by
// the CUDA runtime, not by racelab, and the variables above have no symbol outside it. The worker sets the
// checks' configuration through this function, which nvcc compiles into the solution's library beside them.
extern "C" __attribute__((visibility("default"))) cudaError_t racelabSetAccessConfig(const RacelabAccessConfig* config) {
    return cudaMemcpyToSymbol(racelabAccessConfig, config, sizeof *config);
}
extern "C" __attribute__((visibility("default"))) unsigned racelabAccessModeBuilt() { return RACELAB_ACCESS_MODE; }
#endif
