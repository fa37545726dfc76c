// racelab/launch.cuh: how a user kernel file tells racelab what to launch, in which order, with which
// arguments, and which scratch buffers it needs. Included by every family's contract header
// (racelab/<family>.cuh); user files include only their family's header. Compiled by NVRTC inside racelab, so
// it needs nothing beyond the language.
//
// A user file ends with one launch list, run in this order every frame on one stream:
//     RACELAB_LAUNCHES(
//         RACELAB_PER_ITEM(countCircles, RACELAB_CIRCLES, 256),   // one thread per circle, 256 a block
//         RACELAB_PER_PIXEL(renderTiles, 16, 16))                  // a 16x16 block per 16x16 pixel tile
// Each launch takes options after its shape, in any order:
//     RACELAB_ARGS(a, b, ...)     the kernel's arguments (RACELAB_ARG_INT(7), RACELAB_ARG_FLOAT(0.5f),
//                                 RACELAB_ARG_SIZE(RACELAB_CIRCLES), RACELAB_ARG_BUFFER(pointer),
//                                 RACELAB_ARG_CAPACITY(pointer), RACELAB_ARG_INDEX(), RACELAB_ARG_WIDTH(),
//                                 RACELAB_ARG_HEIGHT()), checked here against the kernel's parameters
//     RACELAB_REPEAT(N)           the launch made N times in a row; RACELAB_REPEAT_PER(SIZE, PER) ceil(size /
//                                 PER) times (a host loop over chunks); RACELAB_REPEAT_COUNT(variable) as many
//                                 times as a __device__ integer holds once the launches before it are done
//     RACELAB_SHARED(BYTES)       dynamic shared memory a block (a plain number there means the same)
// Shapes: RACELAB_PER_ITEM, RACELAB_PER_PIXEL (block = tile), RACELAB_PER_TILE (tile and block apart, a 2-D
// grid of tiles), RACELAB_PER_TILE_1D (the same tiles in a 1-D grid, row by row), RACELAB_FIXED, RACELAB_PER_SM.
//
// Memory of its own, before the launch list: one scratch list (each buffer a __device__ pointer the file
// declares; racelab allocates it, zero-fills it before every frame unless told not to, and stores its address
// in that pointer):
//     __device__ int* tileCounts;
//     RACELAB_SCRATCH(RACELAB_BUFFER(tileCounts, RACELAB_TILES16, 1))   // one int per 16x16 tile
// RACELAB_BUFFER_PRODUCT(pointer, SIZE_A, SIZE_B, PER) holds SIZE_A x SIZE_B x PER elements;
// RACELAB_BUFFER_COUNTED(pointer, count, PER) holds count x PER elements, `count` a __device__ integer the
// launches write (racelab sets it to 0 before every frame): when a frame needs more than the buffer holds,
// racelab makes the buffer larger and runs the frame again, and says so. Kernels bound their writes with
// RACELAB_ARG_CAPACITY(pointer). RACELAB_NO_ZERO_FILL after a buffer's sizes keeps its contents from frame to
// frame (zeroed once, when it is made).
//
// And, before the launch list, launches run once a scene (a scene chosen, a new size, a new build, a buffer
// made larger), before its first frame: RACELAB_SETUP(...), with the same shapes and options.
#pragma once

namespace racelab {

enum GridRule : int {
    kGridPerItem = 0,        // ceil(size / threads) blocks of `threads` threads
    kGridPerPixel = 1,       // ceil(width / bx) x ceil(height / by) blocks of bx x by threads
    kGridFixed = 2,          // exactly the grid given
    kGridPerSm = 3,          // grid[0] blocks for every multiprocessor of the GPU (a grid-stride loop's grid)
    kGridPerTile = 4,        // ceil(width / tile[0]) x ceil(height / tile[1]) blocks of the block given
    kGridPerTileLinear = 5,  // the same count of blocks in a 1-D grid: block b covers tile (b % tilesX, b / tilesX)
};

enum ArgumentSource : int {
    kArgumentInteger = 1,   // `integer`
    kArgumentReal = 2,      // `real`
    kArgumentSize = 3,      // the family size `sizeIndex`
    kArgumentBuffer = 4,    // the scratch buffer whose pointer is `buffer`
    kArgumentCapacity = 5,  // how many elements that buffer holds
    kArgumentIndex = 6,     // which repetition of a repeated launch, from 0
    kArgumentWidth = 7,     // the frame's width in pixels
    kArgumentHeight = 8,    // and height
};

// How the kernel's parameter takes its argument.
enum ParameterType : int { kParameterSigned = 1, kParameterUnsigned = 2, kParameterFloat = 3, kParameterPointer = 4 };

enum RepeatRule : int { kRepeatOnce = 0, kRepeatTimes = 1, kRepeatPerSize = 2, kRepeatDeviceCount = 3 };

enum BufferRule : int { kBufferPerSize = 0, kBufferProduct = 1, kBufferCounted = 2 };

constexpr int kNameChars = 128;
constexpr int kMaxArguments = 8;

struct LaunchArgument {
    int source;     // ArgumentSource
    int type;       // ParameterType
    int bytes;      // the parameter's size
    int sizeIndex;  // kArgumentSize
    long long integer;
    double real;
    char buffer[kNameChars];  // kArgumentBuffer, kArgumentCapacity: the scratch buffer's pointer
};

struct LaunchStep {
    char kernel[kNameChars];  // the __global__ function's name as written (namespaces included); first
    int rule;                 // GridRule
    int sizeIndex;            // kGridPerItem: which of the family's sizes (RACELAB_<SIZE> of its header)
    int block[3];
    int grid[3];              // kGridFixed, kGridPerSm
    int sharedBytes;          // dynamic shared memory of each block
    int tile[2];              // kGridPerTile, kGridPerTileLinear: the pixels a block covers
    int repeatRule;           // RepeatRule
    int repeatSizeIndex;      // kRepeatPerSize
    long long repeatCount;    // kRepeatTimes: the count; kRepeatPerSize: the size's units a repetition covers
    char repeatVariable[kNameChars];  // kRepeatDeviceCount: the __device__ integer
    int repeatVariableBytes;
    int argumentCount;
    LaunchArgument arguments[kMaxArguments];
};

struct ScratchBuffer {
    char pointer[kNameChars];  // the __device__ pointer variable racelab sets to the buffer
    long long elementBytes;
    int rule;                  // BufferRule
    int sizeIndex;             // which family size counts the elements (-1: none, `perSize` is the count)
    int secondSizeIndex;       // kBufferProduct: the other size
    long long perSize;         // elements per unit of that size (or of the product, or of the count)
    char countVariable[kNameChars];  // kBufferCounted: the __device__ integer the launches write
    int countBytes;
    int zeroFill;              // 1: zero-filled before every frame; 0: only when made
};

__host__ __device__ constexpr int copyName(char (&to)[kNameChars], const char* from) {
    int n = 0;
    for (; from != nullptr && from[n] != 0 && n < kNameChars - 1; ++n) to[n] = from[n];
    for (int i = n; i < kNameChars; ++i) to[i] = 0;
    return n;
}

// --- Types, told apart without the standard library ---------------------------------------------------------
template <class T> struct Integral { static constexpr bool value = false; };
#define RACELAB_INTEGRAL(T) template <> struct Integral<T> { static constexpr bool value = true; };
RACELAB_INTEGRAL(bool) RACELAB_INTEGRAL(char) RACELAB_INTEGRAL(signed char) RACELAB_INTEGRAL(unsigned char)
RACELAB_INTEGRAL(short) RACELAB_INTEGRAL(unsigned short) RACELAB_INTEGRAL(int) RACELAB_INTEGRAL(unsigned)
RACELAB_INTEGRAL(long) RACELAB_INTEGRAL(unsigned long) RACELAB_INTEGRAL(long long) RACELAB_INTEGRAL(unsigned long long)
#undef RACELAB_INTEGRAL
template <class T> struct Floating { static constexpr bool value = false; };
template <> struct Floating<float> { static constexpr bool value = true; };
template <> struct Floating<double> { static constexpr bool value = true; };
template <class T> struct Pointer { static constexpr bool value = false; };
template <class T> struct Pointer<T*> { static constexpr bool value = true; };
template <class P, class Q> struct Same { static constexpr bool value = false; };
template <class P> struct Same<P, P> { static constexpr bool value = true; };
// A buffer of `Element*` may be passed as `Element*`, `const Element*`, `void*` or `const void*`.
template <class Parameter, class Buffer> struct Passes { static constexpr bool value = false; };
template <class E> struct Passes<E*, E*> { static constexpr bool value = true; };
template <class E> struct Passes<const E*, E*> { static constexpr bool value = true; };
template <class E> struct Passes<void*, E*> { static constexpr bool value = true; };
template <class E> struct Passes<const void*, E*> { static constexpr bool value = true; };
template <> struct Passes<void*, void*> { static constexpr bool value = true; };
template <> struct Passes<const void*, void*> { static constexpr bool value = true; };

// How a parameter of type T is passed (a type of none of these kinds is refused by Accepts first).
template <class T, int Kind = Pointer<T>::value ? 1 : Integral<T>::value ? 2 : 0>
struct TypeCode { static constexpr int value = Floating<T>::value ? kParameterFloat : 0; };
template <class T> struct TypeCode<T, 1> { static constexpr int value = kParameterPointer; };
template <class T> struct TypeCode<T, 2> {
    static constexpr int value = static_cast<T>(-1) < static_cast<T>(0) ? kParameterSigned : kParameterUnsigned;
};

// --- Arguments -----------------------------------------------------------------------------------------------
// What the launch list wrote; its type says what it may be passed as.
struct ArgumentValue {
    int source;
    int sizeIndex;
    long long integer;
    double real;
    const char* buffer;
};
struct IntegerArgument { ArgumentValue value; };
struct RealArgument { ArgumentValue value; };
struct CountArgument { ArgumentValue value; };  // a size, a capacity, an index, a width or a height
template <class BufferPointer> struct BufferArgument { ArgumentValue value; };

template <class Parameter, class Argument> struct Accepts;
template <class Parameter> struct Accepts<Parameter, IntegerArgument> {
    static_assert(Integral<Parameter>::value || Floating<Parameter>::value,
                  "RACELAB_ARG_INT passes a number: the kernel's parameter in its place must be an integer or a float");
    static constexpr bool value = true;
};
template <class Parameter> struct Accepts<Parameter, RealArgument> {
    static_assert(Floating<Parameter>::value, "RACELAB_ARG_FLOAT passes a float: the kernel's parameter in its place must be float or double");
    static constexpr bool value = true;
};
template <class Parameter> struct Accepts<Parameter, CountArgument> {
    static_assert(Integral<Parameter>::value,
                  "a size, capacity, index, width or height is a whole number: the kernel's parameter in its place must be an integer type");
    static constexpr bool value = true;
};
template <class Parameter, class BufferPointer> struct Accepts<Parameter, BufferArgument<BufferPointer>> {
    static_assert(Passes<Parameter, BufferPointer>::value,
                  "RACELAB_ARG_BUFFER passes the scratch buffer's pointer: the kernel's parameter in its place must be a pointer "
                  "to the buffer's element type (const allowed) or void*");
    static constexpr bool value = true;
};

template <class... A>
struct ArgumentList {
    ArgumentValue values[sizeof...(A) > 0 ? sizeof...(A) : 1];
};
template <class... A>
__host__ __device__ constexpr ArgumentList<A...> arguments(A... a) {
    return ArgumentList<A...>{{a.value...}};
}

// --- Options after a launch's shape ---------------------------------------------------------------------------
struct SharedOption { int bytes; };
struct RepeatOption {
    int rule;
    int sizeIndex;
    long long count;
    const char* variable;
    int variableBytes;
};
template <class Variable>
__host__ __device__ constexpr RepeatOption repeatCount(const char* name, Variable*) {
    static_assert(Integral<Variable>::value, "RACELAB_REPEAT_COUNT takes a __device__ integer variable the launches before it write");
    return RepeatOption{kRepeatDeviceCount, -1, 0, name, static_cast<int>(sizeof(Variable))};
}

template <bool Value> struct Bool {};
// As many arguments as parameters: each is checked against its parameter and recorded as it is passed.
template <class... Parameters, class... A>
__host__ __device__ constexpr void describeArguments(LaunchStep& s, const ArgumentList<A...>& list, Bool<true>) {
    constexpr bool checked[] = {true, Accepts<Parameters, A>::value...};
    (void)checked;
    constexpr int types[] = {0, TypeCode<Parameters>::value...};
    constexpr int bytes[] = {0, static_cast<int>(sizeof(Parameters))...};
    s.argumentCount = static_cast<int>(sizeof...(A));
    for (int i = 0; i < static_cast<int>(sizeof...(A)); ++i) {
        LaunchArgument& a = s.arguments[i];
        a.source = list.values[i].source;
        a.type = types[i + 1];
        a.bytes = bytes[i + 1];
        a.sizeIndex = list.values[i].sizeIndex;
        a.integer = list.values[i].integer;
        a.real = list.values[i].real;
        copyName(a.buffer, list.values[i].buffer);
    }
}
// Counts that differ: the static_assert below says so, and nothing more is checked.
template <class... Parameters, class... A>
__host__ __device__ constexpr void describeArguments(LaunchStep&, const ArgumentList<A...>&, Bool<false>) {}

template <class... Parameters, class... A>
__host__ __device__ constexpr void describeArguments(LaunchStep& s, const ArgumentList<A...>& list) {
    static_assert(sizeof...(A) == sizeof...(Parameters),
                  "RACELAB_ARGS gives a different number of arguments than the kernel has parameters");
    static_assert(sizeof...(A) <= kMaxArguments, "racelab passes at most 8 arguments to a kernel");
    describeArguments<Parameters...>(s, list, Bool<sizeof...(A) == sizeof...(Parameters) && sizeof...(A) <= kMaxArguments>{});
}

template <class... Parameters>
__host__ __device__ constexpr void apply(LaunchStep& s, int sharedBytes) { s.sharedBytes = sharedBytes; }
template <class... Parameters>
__host__ __device__ constexpr void apply(LaunchStep& s, SharedOption o) { s.sharedBytes = o.bytes; }
template <class... Parameters>
__host__ __device__ constexpr void apply(LaunchStep& s, RepeatOption o) {
    s.repeatRule = o.rule;
    s.repeatSizeIndex = o.sizeIndex;
    s.repeatCount = o.count;
    copyName(s.repeatVariable, o.variable);
    s.repeatVariableBytes = o.variableBytes;
}
template <class... Parameters, class... A>
__host__ __device__ constexpr void apply(LaunchStep& s, ArgumentList<A...> list) { describeArguments<Parameters...>(s, list); }

template <class T> struct IsArgumentList { static constexpr int value = 0; };
template <class... A> struct IsArgumentList<ArgumentList<A...>> { static constexpr int value = 1; };

template <class... Options>
struct OptionList;
template <>
struct OptionList<> {};
template <class First, class... Rest>
struct OptionList<First, Rest...> {
    First first;
    OptionList<Rest...> rest;
};
__host__ __device__ constexpr OptionList<> options() { return {}; }
template <class First, class... Rest>
__host__ __device__ constexpr OptionList<First, Rest...> options(First first, Rest... rest) {
    return OptionList<First, Rest...>{first, options(rest...)};
}
template <class... Parameters>
__host__ __device__ constexpr void applyAll(LaunchStep&, const OptionList<>&) {}
template <class... Parameters, class First, class... Rest>
__host__ __device__ constexpr void applyAll(LaunchStep& s, const OptionList<First, Rest...>& o) {
    apply<Parameters...>(s, o.first);
    applyAll<Parameters...>(s, o.rest);
}

// The kernel's type is checked here, at the line of the launch list: its parameters against RACELAB_ARGS.
template <class... Parameters, class... Options>
__host__ __device__ constexpr LaunchStep step(const char* name, void (*)(Parameters...), int rule, int sizeIndex, int bx, int by,
                                              int gx, int gy, int tx, int ty, OptionList<Options...> options) {
    static_assert(sizeof...(Parameters) == 0 || (0 + ... + IsArgumentList<Options>::value) == 1,
                  "this kernel has parameters: give their arguments with RACELAB_ARGS(...) after the launch's shape "
                  "(racelab/launch.cuh), or read the frame's inputs from the family's __constant__ parameters");
    static_assert((0 + ... + IsArgumentList<Options>::value) <= 1, "a launch takes one RACELAB_ARGS(...)");
    LaunchStep s{};
    copyName(s.kernel, name);
    s.rule = rule;
    s.sizeIndex = sizeIndex;
    s.block[0] = bx, s.block[1] = by, s.block[2] = 1;
    s.grid[0] = gx, s.grid[1] = gy, s.grid[2] = 1;
    s.tile[0] = tx, s.tile[1] = ty;
    s.repeatSizeIndex = -1;
    applyAll<Parameters...>(s, options);
    return s;
}

// --- Scratch buffers -------------------------------------------------------------------------------------------
struct NoZeroFill {};
__host__ __device__ constexpr int zeroFill() { return 1; }
__host__ __device__ constexpr int zeroFill(NoZeroFill) { return 0; }

template <class Element>
__host__ __device__ constexpr ScratchBuffer scratch(const char* name, Element*, int rule, int sizeIndex, int secondSizeIndex,
                                                    long long perSize, const char* countVariable, int countBytes, int zero) {
    ScratchBuffer b{};
    copyName(b.pointer, name);
    b.elementBytes = static_cast<long long>(sizeof(Element));
    b.rule = rule;
    b.sizeIndex = sizeIndex;
    b.secondSizeIndex = secondSizeIndex;
    b.perSize = perSize;
    copyName(b.countVariable, countVariable);
    b.countBytes = countBytes;
    b.zeroFill = zero;
    return b;
}
template <class Element, class Count>
__host__ __device__ constexpr ScratchBuffer counted(const char* name, Element* pointer, const char* countName, Count*,
                                                    long long perCount, int zero) {
    static_assert(Integral<Count>::value, "RACELAB_BUFFER_COUNTED takes a __device__ integer variable the launches write");
    return scratch(name, pointer, kBufferCounted, -1, -1, perCount, countName, static_cast<int>(sizeof(Count)), zero);
}

// Which lists the file declared so far (found by overload: the lists' macros add the better match), so the
// launch list can record how long the others are and a list after it is refused.
__host__ __device__ constexpr int racelabScratchDeclared(long) { return 0; }
__host__ __device__ constexpr int racelabSetupDeclared(long) { return 0; }
__host__ __device__ constexpr bool racelabLaunchesDeclared(long) { return false; }

}  // namespace racelab

#define RACELAB_KERNEL_TYPE(KERNEL) static_cast<decltype(&KERNEL)>(nullptr)
// One thread per element of a family size (e.g. RACELAB_CIRCLES), THREADS a block.
#define RACELAB_PER_ITEM(KERNEL, SIZE, THREADS, ...) \
    ::racelab::step(#KERNEL, RACELAB_KERNEL_TYPE(KERNEL), ::racelab::kGridPerItem, SIZE, THREADS, 1, 0, 0, 0, 0, ::racelab::options(__VA_ARGS__))
// One BX x BY block per BX x BY tile of the frame's pixels.
#define RACELAB_PER_PIXEL(KERNEL, BX, BY, ...) \
    ::racelab::step(#KERNEL, RACELAB_KERNEL_TYPE(KERNEL), ::racelab::kGridPerPixel, -1, BX, BY, 0, 0, BX, BY, ::racelab::options(__VA_ARGS__))
// One block of BX x BY threads (BY = 1: a 1-D block) per TX x TY tile of the frame's pixels, in a 2-D grid.
#define RACELAB_PER_TILE(KERNEL, TX, TY, BX, BY, ...) \
    ::racelab::step(#KERNEL, RACELAB_KERNEL_TYPE(KERNEL), ::racelab::kGridPerTile, -1, BX, BY, 0, 0, TX, TY, ::racelab::options(__VA_ARGS__))
// The same blocks in a 1-D grid: block b covers tile (b % tilesX, b / tilesX), tilesX = ceil(width / TX).
#define RACELAB_PER_TILE_1D(KERNEL, TX, TY, BX, BY, ...) \
    ::racelab::step(#KERNEL, RACELAB_KERNEL_TYPE(KERNEL), ::racelab::kGridPerTileLinear, -1, BX, BY, 0, 0, TX, TY, ::racelab::options(__VA_ARGS__))
// A fixed grid: GX x GY blocks of BX x BY threads.
#define RACELAB_FIXED(KERNEL, GX, GY, BX, BY, ...) \
    ::racelab::step(#KERNEL, RACELAB_KERNEL_TYPE(KERNEL), ::racelab::kGridFixed, -1, BX, BY, GX, GY, 0, 0, ::racelab::options(__VA_ARGS__))
// BLOCKS blocks of THREADS threads for every multiprocessor of the GPU: the grid a grid-stride loop wants, enough
// to fill the GPU whatever its size (the built-in histogram's good variant launches 8 a multiprocessor).
#define RACELAB_PER_SM(KERNEL, BLOCKS, THREADS, ...) \
    ::racelab::step(#KERNEL, RACELAB_KERNEL_TYPE(KERNEL), ::racelab::kGridPerSm, -1, THREADS, 1, BLOCKS, 1, 0, 0, ::racelab::options(__VA_ARGS__))

// Options of a launch.
#define RACELAB_SHARED(BYTES) ::racelab::SharedOption{BYTES}
#define RACELAB_REPEAT(N) ::racelab::RepeatOption{::racelab::kRepeatTimes, -1, N, nullptr, 0}
#define RACELAB_REPEAT_PER(SIZE, PER) ::racelab::RepeatOption{::racelab::kRepeatPerSize, SIZE, PER, nullptr, 0}
#define RACELAB_REPEAT_COUNT(VARIABLE) ::racelab::repeatCount(#VARIABLE, static_cast<decltype(VARIABLE)*>(nullptr))
#define RACELAB_ARGS(...) ::racelab::arguments(__VA_ARGS__)
#define RACELAB_ARG_INT(V) ::racelab::IntegerArgument{{::racelab::kArgumentInteger, -1, static_cast<long long>(V), static_cast<double>(V), nullptr}}
#define RACELAB_ARG_FLOAT(V) ::racelab::RealArgument{{::racelab::kArgumentReal, -1, 0, static_cast<double>(V), nullptr}}
#define RACELAB_ARG_SIZE(SIZE) ::racelab::CountArgument{{::racelab::kArgumentSize, SIZE, 0, 0.0, nullptr}}
#define RACELAB_ARG_BUFFER(POINTER) ::racelab::BufferArgument<decltype(POINTER)>{{::racelab::kArgumentBuffer, -1, 0, 0.0, #POINTER}}
#define RACELAB_ARG_CAPACITY(POINTER) \
    ::racelab::CountArgument{{::racelab::kArgumentCapacity, -1, static_cast<long long>(0 * sizeof(POINTER)), 0.0, #POINTER}}
#define RACELAB_ARG_INDEX() ::racelab::CountArgument{{::racelab::kArgumentIndex, -1, 0, 0.0, nullptr}}
#define RACELAB_ARG_WIDTH() ::racelab::CountArgument{{::racelab::kArgumentWidth, -1, 0, 0.0, nullptr}}
#define RACELAB_ARG_HEIGHT() ::racelab::CountArgument{{::racelab::kArgumentHeight, -1, 0, 0.0, nullptr}}

// Also records the other lists' lengths (0 without one), so racelab never looks for a table that is not there.
#define RACELAB_LAUNCHES(...)                                                                        \
    extern "C" __device__ const ::racelab::LaunchStep racelabLaunches[] = {__VA_ARGS__};             \
    extern "C" __device__ const int racelabLaunchCount =                                             \
        static_cast<int>(sizeof(racelabLaunches) / sizeof(racelabLaunches[0]));                      \
    extern "C" __device__ const int racelabScratchCount = ::racelab::racelabScratchDeclared(0);      \
    extern "C" __device__ const int racelabSetupCount = ::racelab::racelabSetupDeclared(0);          \
    namespace racelab {                                                                              \
    __host__ __device__ constexpr bool racelabLaunchesDeclared(int) { return true; }                \
    }

// A list that comes before RACELAB_LAUNCHES: its table, and the overload that tells the launch list its length.
#define RACELAB_LIST_BEFORE_LAUNCHES(TYPE, TABLE, DECLARED, MACRO, ...)                              \
    extern "C" __device__ const TYPE TABLE[] = {__VA_ARGS__};                                         \
    static_assert(!::racelab::racelabLaunchesDeclared(0), MACRO " must come before RACELAB_LAUNCHES"); \
    namespace racelab {                                                                              \
    __host__ __device__ constexpr int DECLARED(int) { return static_cast<int>(sizeof(TABLE) / sizeof(TABLE[0])); } \
    }

// Launches run once a scene, before its first frame. Comes before RACELAB_LAUNCHES.
#define RACELAB_SETUP(...) \
    RACELAB_LIST_BEFORE_LAUNCHES(::racelab::LaunchStep, racelabSetup, racelabSetupDeclared, "RACELAB_SETUP", __VA_ARGS__)

// A scratch buffer of PER elements for each unit of SIZE (a family size, or RACELAB_FIXED_COUNT for PER
// elements in all), its element type that of the pointer. Add RACELAB_NO_ZERO_FILL to keep its contents.
#define RACELAB_BUFFER(POINTER, SIZE, PER, ...) \
    ::racelab::scratch(#POINTER, static_cast<decltype(POINTER)>(nullptr), ::racelab::kBufferPerSize, SIZE, -1, PER, nullptr, 0, ::racelab::zeroFill(__VA_ARGS__))
#define RACELAB_BUFFER_PRODUCT(POINTER, SIZE_A, SIZE_B, PER, ...) \
    ::racelab::scratch(#POINTER, static_cast<decltype(POINTER)>(nullptr), ::racelab::kBufferProduct, SIZE_A, SIZE_B, PER, nullptr, 0, ::racelab::zeroFill(__VA_ARGS__))
#define RACELAB_BUFFER_COUNTED(POINTER, COUNT, PER, ...)                                                           \
    ::racelab::counted(#POINTER, static_cast<decltype(POINTER)>(nullptr), #COUNT, static_cast<decltype(COUNT)*>(nullptr), PER, \
                       ::racelab::zeroFill(__VA_ARGS__))
#define RACELAB_NO_ZERO_FILL ::racelab::NoZeroFill{}
#define RACELAB_FIXED_COUNT (-1)
// Comes before RACELAB_LAUNCHES.
#define RACELAB_SCRATCH(...) \
    RACELAB_LIST_BEFORE_LAUNCHES(::racelab::ScratchBuffer, racelabScratch, racelabScratchDeclared, "RACELAB_SCRATCH", __VA_ARGS__)
