// racelab/access_check.cuh: the checks an instrumented user kernel makes (check --races, --checked). racelab
// includes this file before the user's (NVRTC's --pre-include) and then rewrites the module's PTX
// (userkernel/ptx_instrument.hpp): before every global, shared and generic load, store and atomic it calls
// racelabAccess(address, info), which returns 0 for an access to be skipped; after every barrier it calls
// racelabBarrier, after every __syncwarp racelabWarpSync(mask), after every GPU- or system-scope fence
// racelabFence. Users never include it.
//
// Races (RACELAB_ACCESS_RACES): every 4-byte word of a checked buffer has four shadow records, its last write
// and up to three reads, each saying who (block, thread), where (site), when (the block's barriers, the warp's
// syncs and the thread's wide fences passed) and whether it was atomic, and at which scope. An access is
// compared with the records of the other kind and with the write it replaces: two accesses of different
// threads, at least one a write, not both atomic at a scope that holds them both, touching a common byte, race
// unless they are ordered (racelab/access_check_order.cuh: a barrier of their block, a warp sync of both lanes,
// or between blocks a release by fence and atomic that the reader's atomic acquired). A read keeps its own
// record beside up to two other threads' unordered reads (FastTrack's read-shared state, bounded), so a later
// read does not hide an earlier reader from a write. A load through the read-only path races with any other
// thread's write of the launch. Threads of different blocks are otherwise ordered only by the launch boundary:
// the worker clears the shadow before each launch.
// Checked (RACELAB_ACCESS_CHECKED): an access outside every buffer handed to the kernel, outside the block's
// shared memory or misaligned is skipped and reported, so it never reaches the GPU's memory system.
#pragma once
#ifndef RACELAB_ACCESS_MODE
#define RACELAB_ACCESS_MODE 0u
#endif

#include "racelab/access_check_reads.cuh"
#include "racelab/access_check_report.cuh"
#include "racelab/access_check_warp.cuh"

__device__ unsigned racelabAccessMode = RACELAB_ACCESS_MODE;  // the worker reads it to know what to set up

// The check of one access: `info` is flags | site << 8 | kind << 4 | (bytes - 1) (racelab/access_check_layout.cuh).
// 1: do it; 0: skip it.
extern "C" __device__ __noinline__ unsigned racelabAccess(unsigned long long address, unsigned info) {
    using namespace racelab_access;
    constexpr unsigned mode = RACELAB_ACCESS_MODE;
    const RacelabAccessConfig& c = racelabAccessConfig;
    const unsigned go = c.proceed;
    const unsigned bytes = (info & 15u) + 1u, kind = (info >> 4) & 15u, site = RACELAB_INFO_SITE(info);
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
        shadow = c.sharedShadow + RACELAB_SHADOW_RECORDS * (static_cast<unsigned long long>(blockLinear() % c.sharedSlots) * c.sharedWords);
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
        if (!(mode & RACELAB_ACCESS_RACES) || !range->shadow) return go;
        shadow = range->shadow;
        marks = range->marks;
        word = (address - range->begin) >> 2;
        address = range->begin + (word << 2);
    } else {
        return go;  // local or constant memory: one thread's own, or read-only
    }
    if (address + bytes > c.traceBegin && address < c.traceEnd) trace(address, site, kind);

    const unsigned epoch = epochOfThisThread();
    const unsigned long long mine = recordOf(site, kind, epoch);
    // A wide strong write may release what this thread (or its block) wrote before it (racelabAcquire, after a
    // wide atomic, acquires).
    if ((kind & RACELAB_ACCESS_ATOMIC) && (kind & RACELAB_ACCESS_WRITE) && !(kind & RACELAB_ACCESS_BLOCK_SCOPE) && !shared && c.threadOrder)
        release(info, epoch);
    const unsigned first = static_cast<unsigned>(reinterpret_cast<unsigned long long>(pointer) & 3u);
    const unsigned words = (first + bytes + 3u) / 4u;
    for (unsigned w = 0; w < words; ++w) {
        // The bytes of this word the access touches.
        const unsigned from = w == 0 ? first : 0u, to = (first + bytes) - 4u * w < 4u ? (first + bytes) - 4u * w : 4u;
        const unsigned mask = ((1u << to) - 1u) & ~((1u << from) - 1u);
        const unsigned long long record = mine | (static_cast<unsigned long long>(mask) << kMaskShift);
        unsigned long long* entry = shadow + RACELAB_SHADOW_RECORDS * (word + w);  // [0] the last write, [1..3] reads
        unsigned* mark = marks ? marks + word + w : nullptr;
        const unsigned long long at = address + 4ull * w;
        if (kind & RACELAB_ACCESS_WRITE) {
            const unsigned long long lastWrite = atomicExch(entry, record);
            if (const unsigned r = conflict(lastWrite, record, shared)) reportRace(lastWrite, record, true, r, at, mark, mine);
            for (unsigned k = 1; k < RACELAB_SHADOW_RECORDS; ++k) {
                const unsigned long long lastRead = reinterpret_cast<volatile unsigned long long*>(entry)[k];
                if (const unsigned r = conflict(lastRead, record, shared)) {
                    reportRace(lastRead, record, false, r, at, mark, mine);
                } else if (valid(lastRead) && sameThread(lastRead, record) && (maskOf(lastRead) & mask) && !(lastRead & record & kAtomic)) {
                    // This thread's read stood for other threads' reads of its line too: they race with this write
                    // unless a barrier came between (for those within the block).
                    if (lastRead & kManyAcross) reportRace(lastRead, record, false, 2, at, mark, mine, true);
                    else if ((lastRead & kManyWithin) && sameEpochs(lastRead, record)) reportRace(lastRead, record, false, 1, at, mark, mine, true);
                }
            }
        } else {
            const unsigned long long lastWrite = reinterpret_cast<volatile unsigned long long*>(entry)[0];
            const unsigned r = (kind & RACELAB_ACCESS_READ_ONLY) ? staleRead(lastWrite, record) : conflict(lastWrite, record, shared);
            if (r) reportRace(record, lastWrite, false, r, at, mark, mine);
            keepRead(entry, record, shared);
        }
    }
    return go;
}

extern "C" __device__ __noinline__ void racelabBarrier() {
    using namespace racelab_access;
    const unsigned long long t = threadLinear();
    if (t >= racelabAccessConfig.epochThreads) return;
    const unsigned epoch = racelabAccessConfig.epochs[t];
    racelabAccessConfig.epochs[t] = (epoch & ~kEpochBarriers) | ((epoch + 1u) & kEpochBarriers);  // wraps in its bits
}

// After a bar.warp.sync of `mask`: the lane's count of warp syncs; where the module has partial masks, also its
// vector clock, merged with those of the lanes the mask names (racelab/access_check_warp.cuh).
extern "C" __device__ __noinline__ void racelabWarpSync(unsigned mask) {
    using namespace racelab_access;
    const unsigned long long t = threadLinear();
    if (t >= racelabAccessConfig.epochThreads) return;
    if (racelabAccessConfig.warpClocks) mergeWarpClocks(mask, t);
    racelabAccessConfig.epochs[t] += 1u << kEpochWarpShift;
}

// After a GPU- or system-scope fence: the thread's wide fences passed, and its barriers then (a release covers
// its block's accesses before that barrier count).
extern "C" __device__ __noinline__ void racelabFence() {
    using namespace racelab_access;
    const unsigned long long t = threadLinear();
    if (t >= racelabAccessConfig.epochThreads) return;
    const unsigned epoch = racelabAccessConfig.epochs[t];
    racelabAccessConfig.epochs[t] = (epoch & ~(0xfu << kEpochFenceShift)) | (((epoch >> kEpochFenceShift) + 1u) & 0xfu) << kEpochFenceShift;
    if (racelabAccessConfig.threadOrder) racelabAccessConfig.threadOrder[t].fenceBarrier = epoch & kEpochBarriers;
}

// After a wide atomic or strong load, in a module with wide fences or releases: what it acquired.
extern "C" __device__ __noinline__ void racelabAcquire() { racelab_access::acquire(); }

// Never launched: keeps the five functions in the module, with their signatures, for the rewritten PTX to call.
extern "C" __global__ void racelabAccessKeep(unsigned long long address, unsigned info, unsigned* out) {
    out[0] = racelabAccess(address, info);
    racelabBarrier();
    racelabWarpSync(info);
    racelabFence();
    racelabAcquire();
}

#if !defined(__CUDACC_RTC__)
// A whole-file solution built by nvcc (userkernel/build/whole_file_instrumented.hpp): its library is loaded by
// the CUDA runtime, not by racelab, and the variables above have no symbol outside it. The worker sets the
// checks' configuration through this function, which nvcc compiles into the solution's library beside them:
// before each of the solution's launches, on the launch's own stream (userkernel/worker/whole_file_checks.hpp).
extern "C" __attribute__((visibility("default"))) cudaError_t racelabSetAccessConfig(const RacelabAccessConfig* config,
                                                                                    cudaStream_t stream) {
    const cudaError_t e = cudaMemcpyToSymbolAsync(racelabAccessConfig, config, sizeof *config, 0, cudaMemcpyHostToDevice, stream);
    if (e != cudaSuccess) cudaGetLastError();  // racelab's failure, told by racelab: not left for the solution to read
    return e;
}
extern "C" __attribute__((visibility("default"))) unsigned racelabAccessModeBuilt() { return RACELAB_ACCESS_MODE; }
#endif
