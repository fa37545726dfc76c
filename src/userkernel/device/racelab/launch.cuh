// racelab/launch.cuh: how a user kernel file tells racelab what to launch, in which order, and which scratch
// buffers it needs. Included by every family's contract header (racelab/<family>.cuh); user files include
// only their family's header. Compiled by NVRTC inside racelab, so it needs nothing beyond the language.
//
// A user file ends with one launch list, run in this order every frame on one stream:
//     RACELAB_LAUNCHES(
//         RACELAB_PER_ITEM(countCircles, RACELAB_CIRCLES, 256),   // one thread per circle, 256 a block
//         RACELAB_PER_PIXEL(renderTiles, 16, 16))                  // a 16x16 block per 16x16 pixel tile
// and, when it needs memory of its own, one scratch list (each buffer a __device__ pointer the file declares;
// racelab allocates it, zero-fills it before every frame and stores its address in that pointer):
//     __device__ int* tileCounts;
//     RACELAB_SCRATCH(RACELAB_BUFFER(tileCounts, RACELAB_TILES16, 1))   // one int per 16x16 tile
// Kernels take no parameters: they read the frame's inputs from the family's __constant__ parameters.
#pragma once

namespace racelab {

enum GridRule : int {
    kGridPerItem = 0,   // ceil(size / threads) blocks of `threads` threads
    kGridPerPixel = 1,  // ceil(width / bx) x ceil(height / by) blocks of bx x by threads
    kGridFixed = 2,     // exactly the grid given
    kGridPerSm = 3,     // grid[0] blocks for every multiprocessor of the GPU (a grid-stride loop's grid)
};

constexpr int kNameChars = 64;

struct LaunchStep {
    char kernel[kNameChars];  // the __global__ function's name as written (namespaces included)
    int rule;                 // GridRule
    int sizeIndex;            // kGridPerItem: which of the family's sizes (RACELAB_<SIZE> of its header)
    int block[3];
    int grid[3];              // kGridFixed only
    int sharedBytes;          // dynamic shared memory of each block
};

struct ScratchBuffer {
    char pointer[kNameChars];  // the __device__ pointer variable racelab sets to the buffer
    long long elementBytes;
    int sizeIndex;             // which family size counts the elements (-1: none, `perSize` is the count)
    long long perSize;         // elements per unit of that size
};

__host__ __device__ constexpr int copyName(char (&to)[kNameChars], const char* from) {
    int n = 0;
    for (; from[n] != 0 && n < kNameChars - 1; ++n) to[n] = from[n];
    for (int i = n; i < kNameChars; ++i) to[i] = 0;
    return n;
}

// The kernel's type is checked here, at the line of the launch list: racelab launches with no arguments.
template <class... Arguments>
__host__ __device__ constexpr LaunchStep step(const char* name, void (*)(Arguments...), int rule, int sizeIndex, int bx, int by, int bz,
                          int gx, int gy, int gz, int sharedBytes) {
    static_assert(sizeof...(Arguments) == 0,
                  "racelab launches kernels without arguments: read the frame's inputs from the family's "
                  "__constant__ parameters (see your family's racelab/<family>.cuh)");
    LaunchStep s{};
    copyName(s.kernel, name);
    s.rule = rule;
    s.sizeIndex = sizeIndex;
    s.block[0] = bx, s.block[1] = by, s.block[2] = bz;
    s.grid[0] = gx, s.grid[1] = gy, s.grid[2] = gz;
    s.sharedBytes = sharedBytes;
    return s;
}

template <class Element>
__host__ __device__ constexpr ScratchBuffer scratch(const char* name, Element*, int sizeIndex, long long perSize) {
    ScratchBuffer b{};
    copyName(b.pointer, name);
    b.elementBytes = static_cast<long long>(sizeof(Element));
    b.sizeIndex = sizeIndex;
    b.perSize = perSize;
    return b;
}

// Which lists the file declared so far (found by overload: the lists' macros add the better match), so the
// launch list can record how many scratch buffers there are and a scratch list after it is refused.
__host__ __device__ constexpr int racelabScratchDeclared(long) { return 0; }
__host__ __device__ constexpr bool racelabLaunchesDeclared(long) { return false; }

// The optional last argument of the launch macros (dynamic shared memory in bytes).
__host__ __device__ constexpr int sharedBytes() { return 0; }
__host__ __device__ constexpr int sharedBytes(int bytes) { return bytes; }

}  // namespace racelab

// One thread per element of a family size (e.g. RACELAB_CIRCLES), THREADS a block; SHARED bytes of dynamic
// shared memory (optional).
#define RACELAB_PER_ITEM(KERNEL, SIZE, THREADS, ...) \
    ::racelab::step(#KERNEL, static_cast<decltype(&KERNEL)>(nullptr), ::racelab::kGridPerItem, SIZE, THREADS, 1, 1, 0, 0, 0, ::racelab::sharedBytes(__VA_ARGS__))
// One BX x BY block per BX x BY tile of the frame's pixels.
#define RACELAB_PER_PIXEL(KERNEL, BX, BY, ...) \
    ::racelab::step(#KERNEL, static_cast<decltype(&KERNEL)>(nullptr), ::racelab::kGridPerPixel, -1, BX, BY, 1, 0, 0, 0, ::racelab::sharedBytes(__VA_ARGS__))
// A fixed grid: GX x GY blocks of BX x BY threads.
#define RACELAB_FIXED(KERNEL, GX, GY, BX, BY, ...) \
    ::racelab::step(#KERNEL, static_cast<decltype(&KERNEL)>(nullptr), ::racelab::kGridFixed, -1, BX, BY, 1, GX, GY, 1, ::racelab::sharedBytes(__VA_ARGS__))

// BLOCKS blocks of THREADS threads for every multiprocessor of the GPU: the grid a grid-stride loop wants, enough
// to fill the GPU whatever its size (the built-in histogram's good variant launches 8 a multiprocessor).
#define RACELAB_PER_SM(KERNEL, BLOCKS, THREADS, ...) \
    ::racelab::step(#KERNEL, static_cast<decltype(&KERNEL)>(nullptr), ::racelab::kGridPerSm, -1, THREADS, 1, 1, BLOCKS, 1, 1, ::racelab::sharedBytes(__VA_ARGS__))

// Also records the scratch list's length (0 without one), so racelab never looks for a table that is not there.
#define RACELAB_LAUNCHES(...)                                                                        \
    extern "C" __device__ const ::racelab::LaunchStep racelabLaunches[] = {__VA_ARGS__};             \
    extern "C" __device__ const int racelabLaunchCount =                                             \
        static_cast<int>(sizeof(racelabLaunches) / sizeof(racelabLaunches[0]));                      \
    extern "C" __device__ const int racelabScratchCount = ::racelab::racelabScratchDeclared(0);      \
    namespace racelab {                                                                              \
    __host__ __device__ constexpr bool racelabLaunchesDeclared(int) { return true; }                \
    }

// A scratch buffer of PER elements for each unit of SIZE (a family size, or RACELAB_FIXED_COUNT for PER
// elements in all), its element type that of the pointer.
#define RACELAB_BUFFER(POINTER, SIZE, PER) ::racelab::scratch(#POINTER, static_cast<decltype(POINTER)>(nullptr), SIZE, PER)
#define RACELAB_FIXED_COUNT (-1)
// Comes before RACELAB_LAUNCHES.
#define RACELAB_SCRATCH(...)                                                                         \
    extern "C" __device__ const ::racelab::ScratchBuffer racelabScratch[] = {__VA_ARGS__};           \
    static_assert(!::racelab::racelabLaunchesDeclared(0), "RACELAB_SCRATCH must come before RACELAB_LAUNCHES"); \
    namespace racelab {                                                                              \
    __host__ __device__ constexpr int racelabScratchDeclared(int) {                                  \
        return static_cast<int>(sizeof(racelabScratch) / sizeof(racelabScratch[0]));                 \
    }                                                                                                \
    }
