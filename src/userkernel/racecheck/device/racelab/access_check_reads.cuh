// racelab/access_check_reads.cuh: where a read goes in its word's read history (racelab/access_check.cuh). Users
// never include it.
//
// A word keeps up to three reads (FastTrack's read-shared state, bounded): a read takes the place of one that is
// ordered before it (this thread's own, or one a barrier or warp sync separates from it), or an empty place;
// reads of one line by many threads at once share one record marked as standing for them all; only a fourth
// unordered reader at yet another line pushes one out. Three, because a word's four records then fill one
// 32-byte L2 sector, the unit its shadow moves in: the history costs memory, not another trip to L2.
#pragma once
#include "racelab/access_check_order.cuh"

namespace racelab_access {

__device__ __forceinline__ void keepRead(unsigned long long* entry, unsigned long long record, bool shared) {
    volatile unsigned long long* reads = entry + 1;
    constexpr int kReads = RACELAB_SHADOW_RECORDS - 1;
    unsigned long long held[kReads];
#pragma unroll
    for (int k = 0; k < kReads; ++k) held[k] = reads[k];  // independent loads of one sector
    int place = -1;
#pragma unroll
    for (int k = 0; k < kReads; ++k) {
        const unsigned long long r = held[k];
        if (!valid(r)) {
            if (place < 0) place = k;
            continue;
        }
        // A record standing for many readers of other blocks is never ordered before this read; one standing for
        // many of this block is, once a barrier or warp sync lies between (they read in its epochs).
        const bool many = r & (kManyWithin | kManyAcross), manyOrdered = !(r & kManyAcross) && !sameEpochs(r, record);
        if (sameThread(r, record)) {
            if (!many || manyOrdered) {  // this thread's own earlier read: the newer one stands for it
                place = k;
                continue;
            }
            if (siteOf(r) == siteOf(record) && maskOf(r) == maskOf(record)) return;  // it stands for this read already
            continue;
        }
        const unsigned together = unordered(r, record, shared);
        if (!together) {
            // Ordered before this read: any write that races with it races with this one.
            if ((!many || manyOrdered) && place < 0) place = k;
            continue;
        }
        // Many threads reading one word at one line (a table every thread reads) keep one record, marked as
        // standing for more readers, instead of each writing its own: one store, not thousands to one word.
        if (siteOf(r) == siteOf(record) && maskOf(r) == maskOf(record) && !((r ^ record) & kAtomic)) {
            const unsigned long long more = together == 2 ? kManyAcross : kManyWithin;
            if (!(r & more)) reads[k] = r | more;
            return;
        }
    }
    // Three unordered readers at other lines: this thread's read pushes out one chosen by its line, so that
    // each line's readers keep pushing out the same place.
    if (place < 0) place = static_cast<int>(siteOf(record) % kReads);
    reads[place] = record;
}

}  // namespace racelab_access
