// racelab/access_check_layout.cuh: the memory an instrumented user kernel (check --races, --checked) shares
// with racelab's kernel worker. The worker fills the configuration before every launch; the instrumented
// accesses (racelab/access_check.cuh) read it and write the report, which the worker reads after the frame.
// Plain C structs, so that NVRTC (the kernel) and nvcc (the worker) lay them out alike.
#pragma once

#define RACELAB_ACCESS_MAX_RANGES 64     // buffers an access is looked up in
#define RACELAB_ACCESS_RACE_SLOTS 1024   // distinct racing pairs of lines a frame
#define RACELAB_ACCESS_STRAYS 64         // out-of-bounds accesses kept whole, the first ones
#define RACELAB_ACCESS_TRACE 4096        // accesses to the traced words kept, in the order seen
#define RACELAB_ACCESS_MAX_SITES 16383   // instrumented instructions a module (14 bits of a shadow record)

// What the build checks (RACELAB_ACCESS_MODE, set by racelab when it compiles).
#define RACELAB_ACCESS_RACES 1u    // record every access in shadow memory and report races
#define RACELAB_ACCESS_CHECKED 2u  // skip (and report) every access outside the buffers handed over

// The `info` word of an instrumented access: flags above bit 24 | site << 8 | kind bits << 4 | (bytes - 1).
#define RACELAB_ACCESS_WRITE 1u   // a store, or the write half of an atomic
#define RACELAB_ACCESS_ATOMIC 2u  // an atomic, or a strong (relaxed, acquire, release) load or store
#define RACELAB_ACCESS_READ_ONLY 4u  // a load through the read-only path (ld.global.nc, ldu): stale if written this launch
#define RACELAB_ACCESS_BLOCK_SCOPE 8u  // a strong access of .cta (or .cluster) scope: atomic within its block only
#define RACELAB_INFO_RELEASE (1u << 24)   // .release or .acq_rel: a fence and the access in one instruction
#define RACELAB_INFO_EXCHANGE (1u << 25)  // atom, or a strong load: reads what others released (may acquire)
#define RACELAB_INFO_SITE(info) (((info) >> 8) & 0xffffu)

// Shadow records a 4-byte word: its last write and up to three reads (the read history, HARDENING.md §2): 32
// bytes, one L2 sector.
#define RACELAB_SHADOW_RECORDS 4

// A buffer an access may touch. `shadow`: RACELAB_SHADOW_RECORDS records a 4-byte word, null where the
// buffer is only bounds-checked (racelab's inputs, read-only by contract); `marks`: one word a word, which
// kinds of race were counted on it (so that a pair's word count counts words, not events).
struct RacelabAccessRange {
    unsigned long long begin, end;
    unsigned long long* shadow;
    unsigned* marks;
};

// One racing pair of sites. key: 0 while free; else 1 << 63 | acrossBlocks << 62 | writeWrite << 61 |
// siteA << 14 | siteB (siteA <= siteB).
struct RacelabRace {
    unsigned long long key;
    unsigned long long exampleAddress;  // a word where they raced
    unsigned long long events;          // times the pair was seen
    unsigned words;                     // distinct words it was seen on (per kind of race)
    unsigned exampleSet;                // 1 once the example is written
    unsigned threadA, threadB;          // the example's threads, linear in the launch (siteA's, siteB's);
                                        // 0xffffffff: another thread that read at siteA
    unsigned launch;                    // which launch of the frame (the executor's count)
    unsigned pad;
};

// An access outside every buffer (checked mode): skipped, and kept here.
#define RACELAB_STRAY_SHARED 1u      // outside the block's shared memory
#define RACELAB_STRAY_MISALIGNED 2u  // not a multiple of its size
struct RacelabStray {
    unsigned long long address;
    unsigned site, thread, bytes, launch, flags, pad;
};

// One access to a traced word (the pixel inspector): in the order the checks saw them.
struct RacelabTraceEvent {
    unsigned long long address;
    unsigned site, thread, kind, launch;
};

struct RacelabAccessReport {
    unsigned racesDropped;  // racing pairs beyond RACELAB_ACCESS_RACE_SLOTS
    unsigned strayCount;    // out-of-bounds accesses (all of them; the first RACELAB_ACCESS_STRAYS kept)
    unsigned traceCount;
    unsigned untracked;     // global accesses outside every buffer in a races-only build (not checked)
    RacelabRace races[RACELAB_ACCESS_RACE_SLOTS];
    RacelabStray strays[RACELAB_ACCESS_STRAYS];
    RacelabTraceEvent trace[RACELAB_ACCESS_TRACE];
};

// What one thread did that orders accesses between blocks (fence + atomic message passing): kept only where
// the module has a GPU- or system-scope fence or release (RacelabAccessConfig::threadOrder).
struct RacelabThreadOrder {
    unsigned fenceBarrier;    // its barriers passed at its last wide fence
    unsigned released;        // the number of its last release (a wide atomic after a wide fence); 0: none
    unsigned releasedFences;  // its wide fences passed at that release
    unsigned acquired;        // the releases counted when its last wide atomic read (0: none)
};

struct RacelabAccessConfig {
    // 1, what racelabAccess returns for an access that goes ahead: read from memory, so that the compiler
    // cannot prove the result constant (without the checked mode it would be) and drop it from the signature.
    unsigned proceed;
    unsigned rangeCount;
    unsigned launch;  // which launch of the frame this is
    RacelabAccessRange ranges[RACELAB_ACCESS_MAX_RANGES];
    // One a thread of this launch: barriers passed (bits 0-11), wide fences (12-15), warp syncs (16-31).
    unsigned* epochs;
    unsigned long long epochThreads;
    // Where the module has a __syncwarp with a mask other than the whole warp: 32 counts a thread, its warp
    // syncs' vector clock (which warp sync of each lane of its warp it has synchronized with); else null.
    unsigned short* warpClocks;
    // Where the module has a wide fence or release: one a thread, and a block's latest release and acquire
    // (release number << 32 | barriers passed); the count of releases so far. Else null.
    RacelabThreadOrder* threadOrder;
    unsigned long long* blockRelease;
    unsigned long long* blockAcquire;
    unsigned* releaseCount;
    unsigned long long orderBlocks;
    unsigned long long* sharedShadow;  // RACELAB_SHADOW_RECORDS records a word of a block's shared memory, per slot
    unsigned sharedWords, sharedSlots; // words a slot; slots (a block uses slot blockLinear % sharedSlots)
    unsigned sharedBase;               // where a block's own shared memory starts in its window (the GPU reserves
                                       // the bytes before it: cudaDevAttrReservedSharedMemoryPerBlock)
    RacelabAccessReport* report;
    unsigned long long traceBegin, traceEnd;  // accesses to [begin, end) go into the trace
};
