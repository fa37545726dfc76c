// racelab/access_check_report.cuh: what an instrumented user kernel (racelab/access_check.cuh) writes into the
// report the worker reads after the frame: racing pairs of sites, accesses skipped as out of bounds, and the
// traced accesses of the pixel inspector. Users never include it.
#pragma once
#include "racelab/access_check_order.cuh"

namespace racelab_access {

// The example thread a record names, linear in the launch: this thread's own number where the record is this
// thread's (a record keeps only the low bits of its block).
__device__ __forceinline__ unsigned threadOf(unsigned long long record, unsigned long long mine) {
    if (sameThread(record, mine)) return static_cast<unsigned>(threadLinear());
    return static_cast<unsigned>(record & kBlockBits) * blockThreads() + threadOfRecord(record);
}

// Counts one racing event of `first` and `second` (a read-write pair: the read first) in its pair's slot,
// found by open addressing. In global memory `mark` (the word's marks) lets each kind of race count a word
// once, and only the first event on a word writes anything; in shared memory events are counted, up to a cap.
// `firstUnknown`: the first access stands for other threads' reads of its line (kManyWithin, kManyAcross).
// `mine`: this thread's record.
__device__ __noinline__ void reportRace(unsigned long long first, unsigned long long second, bool writeWrite, unsigned relation,
                           unsigned long long address, unsigned* mark, unsigned long long mine, bool firstUnknown = false) {
    RacelabAccessReport* report = racelabAccessConfig.report;
    const unsigned bit = (writeWrite ? 1u : 2u) << (relation == 2 ? 2 : 0);
    if (mark && (*reinterpret_cast<volatile unsigned*>(mark) & bit)) return;  // this word already counted for it
    unsigned a = siteOf(first), b = siteOf(second);
    unsigned threadA = firstUnknown ? kUnknownThread : threadOf(first, mine), threadB = threadOf(second, mine);
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
