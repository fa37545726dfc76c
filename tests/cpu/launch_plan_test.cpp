// The host arithmetic behind a launch list (userkernel/launch_plan.hpp), held to numbers worked out by hand:
// each shape's grid, each repeat rule's count, each argument's bytes as its parameter takes them, each scratch
// buffer's element count, and the checks the worker makes on loading the tables. The steps and buffers are
// built here field by field, as the launch macros would record them, so no compiler or GPU is needed.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "core/errors.hpp"
#include "userkernel/worker/launch_plan.hpp"

using namespace racelab;
using namespace racelab::userkernel;

namespace {

// A step as the launch macros start one: named, its rule, a 1x1x1 block, no repeat, no arguments.
LaunchStep stepOf(const char* kernel, int rule) {
    LaunchStep s{};
    copyName(s.kernel, kernel);
    s.rule = rule;
    s.block[0] = s.block[1] = s.block[2] = 1;
    s.grid[2] = 1;
    s.sizeIndex = -1;
    s.repeatSizeIndex = -1;
    return s;
}

// An argument of `source` passed to a parameter of `type` and `bytes`.
LaunchArgument& addArgument(LaunchStep& s, int source, int type, int bytes) {
    LaunchArgument& a = s.arguments[s.argumentCount++];
    a.source = source;
    a.type = type;
    a.bytes = bytes;
    a.sizeIndex = -1;
    return a;
}

ScratchBuffer bufferOf(const char* pointer, int rule, int sizeIndex, long long perSize) {
    ScratchBuffer b{};
    copyName(b.pointer, pointer);
    b.elementBytes = 4;
    b.rule = rule;
    b.sizeIndex = sizeIndex;
    b.secondSizeIndex = -1;
    b.perSize = perSize;
    b.zeroFill = 1;
    return b;
}

// The circles family's sizes: 10000 circles, 1000x600 pixels, and 3600 tiles (a round number for the buffer
// tests; no rule here reads it against the frame's 63x38), on an H100's 132 multiprocessors.
FrameShape circlesFrame() {
    FrameShape f;
    f.sizes = {10000, 600000, 3600};
    f.width = 1000;
    f.height = 600;
    f.multiprocessors = 132;
    return f;
}

template <class T>
std::array<std::uint8_t, 8> bytesOf(T value) {
    std::array<std::uint8_t, 8> out{};
    std::memcpy(out.data(), &value, sizeof value);
    return out;
}

// The message of the Error `f` throws ("" when it throws none).
template <class F>
std::string errorOf(F&& f) {
    try {
        f();
    } catch (const Error& e) {
        return e.what();
    }
    return "";
}

const auto kNoBuffers = [](const std::string& name) -> BufferView { throw Error("no buffer " + name); };

}  // namespace

TEST(LaunchPlan, PerItemGivesOneThreadAnItemRoundedUpToWholeBlocks) {
    LaunchStep s = stepOf("countCircles", kGridPerItem);
    s.sizeIndex = 0;
    s.block[0] = 256;
    const Dim3 grid = gridOf(s, circlesFrame());
    EXPECT_EQ(grid.x, 40u);  // 10000 / 256 = 39.06 -> 40
    EXPECT_EQ(grid.y, 1u);
    EXPECT_EQ(grid.z, 1u);
}

TEST(LaunchPlan, PerPixelCoversTheFrameWithBlockSizedTiles) {
    LaunchStep s = stepOf("render", kGridPerPixel);
    s.block[0] = s.block[1] = 16;
    const Dim3 grid = gridOf(s, circlesFrame());
    EXPECT_EQ(grid.x, 63u);  // 1000 / 16 = 62.5 -> 63
    EXPECT_EQ(grid.y, 38u);  // 600 / 16 = 37.5 -> 38
}

TEST(LaunchPlan, PerTileCountsTilesNotThreadsAndKeepsTheBlockAsWritten) {
    LaunchStep s = stepOf("shadeTiles", kGridPerTile);
    s.tile[0] = s.tile[1] = 32;
    s.block[0] = 256;
    const Dim3 grid = gridOf(s, circlesFrame());
    EXPECT_EQ(grid.x, 32u);  // 1000 / 32 = 31.25 -> 32
    EXPECT_EQ(grid.y, 19u);  // 600 / 32 = 18.75 -> 19
    EXPECT_EQ(s.block[0], 256) << "a 256x1 block serves a 32x32 tile: the block is not the tile";
    EXPECT_EQ(s.block[1], 1);
}

TEST(LaunchPlan, PerTileOneDimensionalPutsTheSameTilesInOneRow) {
    LaunchStep s = stepOf("shadeTiles", kGridPerTileLinear);
    s.tile[0] = s.tile[1] = 32;
    s.block[0] = 256;
    const Dim3 grid = gridOf(s, circlesFrame());
    EXPECT_EQ(grid.x, 608u);  // 32 x 19
    EXPECT_EQ(grid.y, 1u);
}

TEST(LaunchPlan, PerSmGivesItsBlocksToEveryMultiprocessor) {
    LaunchStep s = stepOf("histogramStride", kGridPerSm);
    s.grid[0] = 8;
    s.block[0] = 256;
    EXPECT_EQ(gridOf(s, circlesFrame()).x, 1056u);  // 8 x 132
}

TEST(LaunchPlan, FixedGridIsTakenAsWrittenWithZeroSidesAsOne) {
    LaunchStep s = stepOf("once", kGridFixed);
    s.grid[0] = 7, s.grid[1] = 3, s.grid[2] = 1;
    Dim3 grid = gridOf(s, circlesFrame());
    EXPECT_EQ(grid.x, 7u);
    EXPECT_EQ(grid.y, 3u);
    EXPECT_EQ(grid.z, 1u);
    s.grid[1] = 0;  // a grid's side is at least 1 block
    EXPECT_EQ(gridOf(s, circlesFrame()).y, 1u);
}

TEST(LaunchPlan, AGridTooTallOrTooWideIsRefusedNamingTheKernel) {
    // 70000 rows of 1-pixel-tall blocks: more than the 65535 a grid's y holds.
    LaunchStep rows = stepOf("renderRows", kGridPerPixel);
    rows.block[0] = 16;
    FrameShape tall = circlesFrame();
    tall.height = 70000;
    const std::string message = errorOf([&] { gridOf(rows, tall); });
    EXPECT_NE(message.find("renderRows"), std::string::npos) << message;
    EXPECT_NE(message.find("70000 blocks in y"), std::string::npos) << message;
    // 65536 x 65536 one-pixel tiles in one row: 2^32 blocks, more than x holds (2^31 - 1).
    LaunchStep pixels = stepOf("everyPixel", kGridPerTileLinear);
    pixels.tile[0] = pixels.tile[1] = 1;
    FrameShape huge = circlesFrame();
    huge.width = huge.height = 65536;
    EXPECT_NE(errorOf([&] { gridOf(pixels, huge); }).find("everyPixel"), std::string::npos);
    // A size the frame does not have is an error too, not a read past the sizes.
    LaunchStep lost = stepOf("lost", kGridPerItem);
    lost.sizeIndex = 3;
    EXPECT_THROW(gridOf(lost, circlesFrame()), Error);
}

TEST(LaunchPlan, RepetitionsFollowEachRepeatRule) {
    const FrameShape frame = circlesFrame();
    LaunchStep s = stepOf("pass", kGridPerItem);
    EXPECT_EQ(repetitionsOf(s, frame, 99, "file.cu"), 1) << "no repeat: once, whatever a device count says";
    s.repeatRule = kRepeatTimes;
    s.repeatCount = 5;
    EXPECT_EQ(repetitionsOf(s, frame, 0, "file.cu"), 5);
    s.repeatRule = kRepeatPerSize;
    s.repeatSizeIndex = 0;
    s.repeatCount = 1024;
    EXPECT_EQ(repetitionsOf(s, frame, 0, "file.cu"), 10);  // 10000 circles / 1024 = 9.77 -> 10 chunks
    s.repeatRule = kRepeatDeviceCount;
    copyName(s.repeatVariable, "passes");
    s.repeatVariableBytes = 4;
    EXPECT_EQ(repetitionsOf(s, frame, 7, "file.cu"), 7);
    EXPECT_EQ(repetitionsOf(s, frame, 0, "file.cu"), 0) << "a count of 0 skips the launch";
    EXPECT_EQ(repetitionsOf(s, frame, kMaxRepetitions, "file.cu"), kMaxRepetitions) << "the limit itself is allowed";
}

TEST(LaunchPlan, ADeviceCountBelowZeroOrBeyondTheLimitIsRefusedNamingKernelAndVariable) {
    LaunchStep s = stepOf("pass", kGridPerItem);
    s.repeatRule = kRepeatDeviceCount;
    copyName(s.repeatVariable, "passes");
    s.repeatVariableBytes = 4;
    for (long long count : {-1LL, (1LL << 20) + 1}) {
        SCOPED_TRACE(count);
        const std::string message = errorOf([&] { repetitionsOf(s, circlesFrame(), count, "mine.cu"); });
        EXPECT_EQ(message.rfind("mine.cu: ", 0), 0u) << message;
        EXPECT_NE(message.find("the launch of pass"), std::string::npos) << message;
        EXPECT_NE(message.find("passes (RACELAB_REPEAT_COUNT)"), std::string::npos) << message;
        EXPECT_NE(message.find(std::to_string(count) + " times"), std::string::npos) << message;
    }
    // A written count past the limit is refused the same way, naming the macro.
    s.repeatRule = kRepeatTimes;
    s.repeatCount = kMaxRepetitions + 1;
    EXPECT_NE(errorOf([&] { repetitionsOf(s, circlesFrame(), 0, "mine.cu"); }).find("RACELAB_REPEAT(1048577)"), std::string::npos);
}

TEST(LaunchPlan, WrittenNumbersArePassedAsTheirParametersTakeThem) {
    LaunchStep s = stepOf("k", kGridPerItem);
    LaunchArgument& i = addArgument(s, kArgumentInteger, kParameterSigned, 4);
    i.integer = -3, i.real = -3.0;
    LaunchArgument& f = addArgument(s, kArgumentReal, kParameterFloat, 4);
    f.real = 0.5;
    LaunchArgument& d = addArgument(s, kArgumentReal, kParameterFloat, 8);
    d.real = 0.1;
    // RACELAB_ARG_INT to a float parameter: the number, as a float.
    LaunchArgument& intToFloat = addArgument(s, kArgumentInteger, kParameterFloat, 4);
    intToFloat.integer = 7, intToFloat.real = 7.0;
    LaunchArgument& narrow = addArgument(s, kArgumentInteger, kParameterSigned, 2);
    narrow.integer = -2, narrow.real = -2.0;
    const ArgumentSlots slots = argumentsOf(s, 0, circlesFrame(), kNoBuffers);
    ASSERT_EQ(slots.size(), 5u);
    EXPECT_EQ(slots[0], bytesOf<std::int32_t>(-3));  // fd ff ff ff, the upper 4 bytes 0
    EXPECT_EQ(slots[1], bytesOf<float>(0.5f));       // 0x3f000000
    EXPECT_EQ(slots[2], bytesOf<double>(0.1));
    EXPECT_EQ(slots[3], bytesOf<float>(7.0f));
    EXPECT_EQ(slots[4], bytesOf<std::int16_t>(-2));  // fe ff
}

TEST(LaunchPlan, FrameNumbersAreFilledInFromTheFrameAndTheRepetition) {
    LaunchStep s = stepOf("k", kGridPerItem);
    addArgument(s, kArgumentSize, kParameterUnsigned, 8).sizeIndex = 0;
    addArgument(s, kArgumentIndex, kParameterSigned, 4);
    addArgument(s, kArgumentWidth, kParameterSigned, 4);
    addArgument(s, kArgumentHeight, kParameterUnsigned, 4);
    const ArgumentSlots slots = argumentsOf(s, 6, circlesFrame(), kNoBuffers);
    ASSERT_EQ(slots.size(), 4u);
    EXPECT_EQ(slots[0], bytesOf<std::uint64_t>(10000));  // RACELAB_CIRCLES
    EXPECT_EQ(slots[1], bytesOf<std::int32_t>(6));       // the repetition passed
    EXPECT_EQ(slots[2], bytesOf<std::int32_t>(1000));
    EXPECT_EQ(slots[3], bytesOf<std::uint32_t>(600));
    EXPECT_EQ(argumentsOf(s, 0, circlesFrame(), kNoBuffers)[1], bytesOf<std::int32_t>(0)) << "repetitions count from 0";
    // Renumbering the slots of repetition 0 gives repetition 6's, index and all else alike.
    ArgumentSlots renumbered = argumentsOf(s, 0, circlesFrame(), kNoBuffers);
    putRepetition(s, 6, renumbered);
    EXPECT_EQ(renumbered, slots);
}

TEST(LaunchPlan, ABufferArgumentIsItsAddressAndACapacityArgumentItsElementCount) {
    LaunchStep s = stepOf("k", kGridPerItem);
    copyName(addArgument(s, kArgumentBuffer, kParameterPointer, 8).buffer, "tileCounts");
    copyName(addArgument(s, kArgumentCapacity, kParameterUnsigned, 8).buffer, "tileCounts");
    copyName(addArgument(s, kArgumentCapacity, kParameterSigned, 4).buffer, "pairs");
    int storage[2] = {};
    std::map<std::string, BufferView> buffers{{"tileCounts", {&storage, 3600}}, {"pairs", {nullptr, 123456}}};
    std::vector<std::string> asked;
    const ArgumentSlots slots = argumentsOf(s, 0, circlesFrame(), [&](const std::string& name) {
        asked.push_back(name);
        return buffers.at(name);
    });
    ASSERT_EQ(slots.size(), 3u);
    EXPECT_EQ(slots[0], bytesOf<void*>(&storage));
    EXPECT_EQ(slots[1], bytesOf<std::uint64_t>(3600));
    EXPECT_EQ(slots[2], bytesOf<std::int32_t>(123456));
    EXPECT_EQ(asked, (std::vector<std::string>{"tileCounts", "tileCounts", "pairs"}));
}

TEST(LaunchPlan, BufferElementsFollowEachBufferRule) {
    FrameShape frame = circlesFrame();
    // RACELAB_BUFFER(p, RACELAB_TILES16, 2): 3600 tiles x 2.
    EXPECT_EQ(elementsOf(bufferOf("perTile", kBufferPerSize, 2, 2), frame, 0), 7200);
    // RACELAB_BUFFER(p, RACELAB_FIXED_COUNT, 5): 5 in all, whatever the frame.
    EXPECT_EQ(elementsOf(bufferOf("fixed", kBufferPerSize, -1, 5), frame, 0), 5);
    // RACELAB_BUFFER_PRODUCT(p, RACELAB_CIRCLES, RACELAB_TILES16, 1): 10000 x 3600 x 1.
    ScratchBuffer product = bufferOf("pairs", kBufferProduct, 0, 1);
    product.secondSizeIndex = 2;
    EXPECT_EQ(elementsOf(product, frame, 0), 36000000);
    // RACELAB_BUFFER_COUNTED(p, count, 2): 1 before any frame wrote the count (every buffer has an address),
    // then count x 2.
    ScratchBuffer counted = bufferOf("hits", kBufferCounted, -1, 2);
    copyName(counted.countVariable, "count");
    counted.countBytes = 4;
    EXPECT_EQ(elementsOf(counted, frame, 0), 1);
    EXPECT_EQ(elementsOf(counted, frame, 123), 246);
}

TEST(LaunchPlan, ABufferTooLargeToCountIsRefusedNamingItsPointer) {
    // 10^9 x 10^9 units fit a long long; 10 elements each (10^19) do not.
    FrameShape frame;
    frame.sizes = {1000000000, 1000000000};
    ScratchBuffer product = bufferOf("pairs", kBufferProduct, 0, 10);
    product.secondSizeIndex = 1;
    EXPECT_NE(errorOf([&] { elementsOf(product, frame, 0); }).find("scratch buffer pairs"), std::string::npos);
    // A counted buffer whose count a kernel wrote huge: 2^62 x 2.
    ScratchBuffer counted = bufferOf("hits", kBufferCounted, -1, 2);
    counted.countBytes = 8;
    EXPECT_THROW(elementsOf(counted, frame, 1LL << 62), Error);
}

// The two sizes alone overflow: 3x10^9 x 4x10^9 = 1.2x10^19 > 2^63, refused before it can wrap negative.
TEST(LaunchPlan, AProductWhoseTwoSizesAloneOverflowIsRefused) {
    FrameShape frame;
    frame.sizes = {3000000000LL, 4000000000LL};
    ScratchBuffer product = bufferOf("pairs", kBufferProduct, 0, 1);
    product.secondSizeIndex = 1;
    EXPECT_THROW(elementsOf(product, frame, 0), Error);
}

TEST(LaunchPlan, LoadChecksNameWhatIsWrongWithAStep) {
    const std::vector<ScratchBuffer> scratch{bufferOf("tileCounts", kBufferPerSize, 2, 1)};
    LaunchStep items = stepOf("countCircles", kGridPerItem);
    items.sizeIndex = 3;  // circles has sizes 0, 1 and 2
    EXPECT_EQ(problemWith(items, 3, scratch), "the launch of countCircles counts a size the contract does not have (index 3)");
    items.sizeIndex = 0;
    EXPECT_EQ(problemWith(items, 3, scratch), "");

    LaunchStep tiles = stepOf("shadeTiles", kGridPerTileLinear);
    tiles.tile[0] = 0, tiles.tile[1] = 32;
    EXPECT_NE(problemWith(tiles, 3, scratch).find("a tile of 0x32 pixels"), std::string::npos);

    LaunchStep stray = stepOf("shade", kGridPerPixel);
    stray.block[0] = stray.block[1] = 16;
    copyName(addArgument(stray, kArgumentBuffer, kParameterPointer, 8).buffer, "tileCounts");
    EXPECT_EQ(problemWith(stray, 3, scratch), "") << "a listed buffer is sound";
    copyName(addArgument(stray, kArgumentCapacity, kParameterSigned, 4).buffer, "stray");
    const std::string unlisted = problemWith(stray, 3, scratch);
    EXPECT_NE(unlisted.find("argument 2 of shade names stray"), std::string::npos) << unlisted;
    EXPECT_NE(unlisted.find("RACELAB_SCRATCH"), std::string::npos) << unlisted;

    LaunchStep repeated = stepOf("pass", kGridPerItem);
    repeated.sizeIndex = 0;
    repeated.repeatRule = kRepeatPerSize;
    repeated.repeatSizeIndex = 0;
    repeated.repeatCount = 0;  // chunks of 0 would never cover the size
    EXPECT_NE(problemWith(repeated, 3, scratch), "");
    repeated.repeatRule = kRepeatDeviceCount;
    copyName(repeated.repeatVariable, "passes");
    repeated.repeatVariableBytes = 2;  // a short: racelab reads 4 or 8 bytes
    EXPECT_NE(problemWith(repeated, 3, scratch).find("passes: use a 32- or 64-bit integer"), std::string::npos);
}

TEST(LaunchPlan, LoadChecksNameWhatIsWrongWithABuffer) {
    ScratchBuffer counted = bufferOf("hits", kBufferCounted, -1, 2);
    copyName(counted.countVariable, "count");
    counted.countBytes = 2;
    EXPECT_EQ(problemWith(counted, 3), "scratch buffer hits is counted by count: use a 32- or 64-bit integer");
    counted.countBytes = 8;
    EXPECT_EQ(problemWith(counted, 3), "");
    EXPECT_NE(problemWith(bufferOf("perTile", kBufferPerSize, 3, 1), 3), "");
    EXPECT_EQ(problemWith(bufferOf("fixed", kBufferPerSize, -1, 5), 3), "") << "a fixed count needs no size";
    ScratchBuffer product = bufferOf("pairs", kBufferProduct, 0, 1);
    product.secondSizeIndex = -1;
    EXPECT_NE(problemWith(product, 3).find("multiplies a size"), std::string::npos);
}

TEST(LaunchPlan, DeviceIntegersAreReadSignedFromTheirOwnWidth) {
    const auto four = bytesOf<std::int32_t>(-2);
    EXPECT_EQ(deviceInteger(four.data(), 4), -2);
    const auto fourPositive = bytesOf<std::int32_t>(2147483647);
    EXPECT_EQ(deviceInteger(fourPositive.data(), 4), 2147483647);
    // Four bytes are read alone: the 8-byte slot's upper half (here garbage) is not part of the number.
    std::array<std::uint8_t, 8> padded = bytesOf<std::int32_t>(123);
    padded[4] = padded[5] = 0xff;
    EXPECT_EQ(deviceInteger(padded.data(), 4), 123);
    const auto eight = bytesOf<std::int64_t>(-(1LL << 40));
    EXPECT_EQ(deviceInteger(eight.data(), 8), -(1LL << 40));
    const auto eightPositive = bytesOf<std::int64_t>(1LL << 40);
    EXPECT_EQ(deviceInteger(eightPositive.data(), 8), 1LL << 40);
}
