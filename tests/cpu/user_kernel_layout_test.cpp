// Each family's contract seen from both sides: the byte offsets racelab writes its parameters at
// (<family>_kernel_contract.hpp) against the __constant__ struct of the device header as NVRTC lays it out
// (racelab/<family>.cuh), the size macros against the contract's list of sizes, and the parameters' symbol.
// A struct edited on one side only fails here, on the CPU, instead of as wrong pixels on a GPU.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "scenes/circles/circle_kernel_contract.hpp"
#include "scenes/circles/harness/course_scene_names.h"
#include "scenes/fourier/fourier_kernel_contract.hpp"
#include "scenes/histogram/histogram_kernel_contract.hpp"
#include "scenes/mesh/mesh_kernel_contract.hpp"
#include "scenes/planes/plane_kernel_contract.hpp"
#include "scenes/scene_registry.hpp"
#include "userkernel/worker/cubin_symbols.hpp"
#include "userkernel/build/kernel_compiler.hpp"
#include "userkernel/build/nvrtc_library.hpp"

// The launch list header is device code for NVRTC; read here by the host compiler (the build may have no CUDA
// headers), its __host__ __device__ qualifiers mean nothing.
#ifndef __host__
#define __host__
#define __device__
#define RACELAB_TEST_DEFINED_QUALIFIERS
#endif
#include "userkernel/worker/device/racelab/launch.cuh"
#ifdef RACELAB_TEST_DEFINED_QUALIFIERS
#undef __host__
#undef __device__
#endif

namespace fs = std::filesystem;
using namespace racelab;
using namespace racelab::userkernel;

namespace {

struct LayoutProbe {
    std::string family;
    std::string type;                                          // the __constant__ struct's type
    std::vector<std::pair<std::string, std::size_t>> fields;   // member designator, racelab's offset
    std::size_t bytes;                                         // racelab's size of the struct
    std::vector<std::string> sizeMacros;                       // RACELAB_<SIZE> in the contract's `sizes` order
};

const WorkloadFamily* familyNamed(const std::string& name) {
    for (const WorkloadFamily* family : workloadFamilies())
        if (family->name == name) return family;
    return nullptr;
}

std::vector<LayoutProbe> probes() {
    using C = circles::CourseParameterLayout;
    using H = histogram::HistogramParameterLayout;
    using P = planes::PlaneParameterLayout;
    using M = mesh::MeshParameterLayout;
    using F = fourier::TrailParameterLayout;
    return {
        {"circles", "GlobalConstants",
         {{"sceneName", C::sceneName}, {"numCircles", C::numCircles}, {"position", C::position}, {"velocity", C::velocity},
          {"color", C::color}, {"radius", C::radius}, {"imageWidth", C::imageWidth}, {"imageHeight", C::imageHeight},
          {"imageData", C::imageData}},
         C::bytes, {"RACELAB_CIRCLES", "RACELAB_PIXELS", "RACELAB_TILES16"}},
        {"histogram", "HistogramParams",
         {{"values", H::values}, {"count", H::count}, {"bins", H::bins}, {"histogram", H::histogram}},
         H::bytes, {"RACELAB_INPUTS", "RACELAB_BINS"}},
        {"planes", "PlaneParams",
         {{"planes", P::planes}, {"offsets", P::offsets}, {"planeCount", P::planeCount}, {"width", P::width},
          {"height", P::height}, {"blend", P::blend}, {"alpha", P::alpha}, {"result", P::result}},
         P::bytes, {"RACELAB_PIXELS", "RACELAB_PLANES", "RACELAB_PLANE_PIXELS"}},
        {"mesh", "MeshParams",
         {{"triangles", M::triangles}, {"hit", M::hit}, {"triangleCount", M::triangleCount}, {"width", M::width},
          {"height", M::height}, {"camera.eye", M::eye}, {"camera.forward", M::forward}, {"camera.right", M::right},
          {"camera.up", M::up}, {"camera.tanHalfFov", M::tanHalfFov}, {"camera.aspect", M::aspect}},
         M::bytes, {"RACELAB_PIXELS", "RACELAB_TRIANGLES", "RACELAB_TILES16"}},
        {"fourier", "TrailParams",
         {{"pens", F::pens}, {"trail", F::trail}, {"segments", F::segments}, {"width", F::width}, {"height", F::height},
          {"radius", F::radius}},
         F::bytes, {"RACELAB_SEGMENTS", "RACELAB_SEGMENT_THREADS", "RACELAB_PIXELS"}},
    };
}

// A kernel file whose __device__ array `probeValues` holds, as the device compiler lays the struct out, the
// offset of every field of the probe, then the struct's size, the symbol's size and the size macros' values.
// (NVRTC does not fold offsetof into a constant expression, so a static_assert cannot check them; an
// initializer of device memory it does evaluate at compile time, and the values land in the cubin.)
std::string probeSource(const LayoutProbe& p, const KernelContract& contract) {
    std::string s = "#include <" + contract.header + ">\n#include <cuda/std/cstddef>\n";
    s += "__device__ unsigned long long probeValues[] = {\n";
    for (const auto& field : p.fields) s += "    offsetof(" + p.type + ", " + field.first + "),\n";
    s += "    sizeof(" + p.type + "), sizeof(" + contract.parametersSymbol + "),\n";
    for (const std::string& macro : p.sizeMacros) s += "    " + macro + ",\n";
    s += "};\n__global__ void probe() {}\nRACELAB_LAUNCHES(RACELAB_FIXED(probe, 1, 1, 1, 1));\n";
    return s;
}

// The initial bytes of the device variable `name` in a cubin, as racelab's compile-time checks read them.
std::vector<std::uint8_t> deviceVariable(const std::vector<std::uint8_t>& cubin, const std::string& name) {
    const std::optional<CubinSymbols> symbols = readCubinSymbols(cubin);
    if (!symbols) throw std::runtime_error("not a cubin racelab can read");
    const auto bytes = symbols->variableBytes(name);
    if (!bytes) throw std::runtime_error("no initialised symbol " + name + " in the cubin");
    return *bytes;
}

}  // namespace

TEST(UserKernelLayout, EveryContractsOffsetsSizesAndSymbolMatchItsDeviceHeader) {
    if (!nvrtc().usable()) GTEST_SKIP() << "no NVRTC here: " << nvrtc().error;
    const fs::path folder = fs::temp_directory_path() / ("racelab_layout_" + std::to_string(getpid()));
    fs::create_directories(folder);
    int checked = 0;
    for (const LayoutProbe& p : probes()) {
        SCOPED_TRACE(p.family);
        const WorkloadFamily* family = familyNamed(p.family);
        ASSERT_NE(family, nullptr);
        ASSERT_TRUE(family->kernelContract.has_value());
        const KernelContract& contract = *family->kernelContract;
        EXPECT_EQ(contract.parametersBytes, p.bytes);
        EXPECT_EQ(contract.sizes.size(), p.sizeMacros.size()) << "a size macro for every size the contract counts";
        const std::string file = (folder / (p.family + "_layout.cu")).string();
        std::ofstream(file) << probeSource(p, contract);
        const KernelBuild build = compileKernel({file, "sm_75", {}}, KernelCache(""));
        ASSERT_TRUE(build.ok) << build.messages();
        const std::vector<std::uint8_t> bytes = deviceVariable(build.cubin, "probeValues");
        std::vector<unsigned long long> device(bytes.size() / sizeof(unsigned long long));
        std::memcpy(device.data(), bytes.data(), device.size() * sizeof(unsigned long long));
        ASSERT_EQ(device.size(), p.fields.size() + 2 + p.sizeMacros.size());
        for (std::size_t i = 0; i < p.fields.size(); ++i)
            EXPECT_EQ(device[i], p.fields[i].second) << "offset of " << p.type << "::" << p.fields[i].first;
        EXPECT_EQ(device[p.fields.size()], p.bytes) << "size of " << p.type;
        EXPECT_EQ(device[p.fields.size() + 1], p.bytes) << contract.parametersSymbol << " is not a " << p.type;
        for (std::size_t i = 0; i < p.sizeMacros.size(); ++i)
            EXPECT_EQ(device[p.fields.size() + 2 + i], i) << p.sizeMacros[i] << " should count " << contract.sizes[i];
        ++checked;
    }
    EXPECT_EQ(checked, 5);
    // Every family with a contract is probed here.
    int contracts = 0;
    for (const WorkloadFamily* family : workloadFamilies()) contracts += family->kernelContract.has_value();
    EXPECT_EQ(contracts, checked);
    fs::remove_all(folder);
}

// The launch list as the worker reads it from the cubin: each macro's rule, block, grid and shared bytes.
TEST(UserKernelLayout, LaunchMacrosRecordTheirRuleBlockGridAndSharedMemory) {
    if (!nvrtc().usable()) GTEST_SKIP() << "no NVRTC here: " << nvrtc().error;
    const fs::path folder = fs::temp_directory_path() / ("racelab_launches_" + std::to_string(getpid()));
    fs::create_directories(folder);
    const std::string file = (folder / "launches.cu").string();
    std::ofstream(file) << "#include <racelab/histogram.cuh>\n"
                           "__global__ void a() {}\n__global__ void b() {}\n__global__ void c() {}\n__global__ void d() {}\n"
                           "RACELAB_LAUNCHES(RACELAB_PER_ITEM(a, RACELAB_BINS, 128), RACELAB_PER_PIXEL(b, 16, 8, 512),\n"
                           "                 RACELAB_FIXED(c, 7, 3, 32, 2), RACELAB_PER_SM(d, 8, 256, 16384));\n";
    const KernelBuild build = compileKernel({file, "sm_75", {}}, KernelCache(""));
    ASSERT_TRUE(build.ok) << build.messages();
    const std::vector<std::uint8_t> bytes = deviceVariable(build.cubin, "racelabLaunches");
    ASSERT_EQ(bytes.size(), 4 * sizeof(LaunchStep));
    LaunchStep steps[4];
    std::memcpy(steps, bytes.data(), sizeof steps);
    struct Expected {
        const char* name;
        int rule, sizeIndex, block[3], grid[3], shared, tile[2];
    };
    const Expected expected[4] = {{"a", kGridPerItem, 1, {128, 1, 1}, {0, 0, 1}, 0, {0, 0}},
                                  {"b", kGridPerPixel, -1, {16, 8, 1}, {0, 0, 1}, 512, {16, 8}},
                                  {"c", kGridFixed, -1, {32, 2, 1}, {7, 3, 1}, 0, {0, 0}},
                                  {"d", kGridPerSm, -1, {256, 1, 1}, {8, 1, 1}, 16384, {0, 0}}};
    for (int i = 0; i < 4; ++i) {
        SCOPED_TRACE(expected[i].name);
        EXPECT_STREQ(steps[i].kernel, expected[i].name);
        EXPECT_EQ(steps[i].rule, expected[i].rule);
        EXPECT_EQ(steps[i].sizeIndex, expected[i].sizeIndex);
        for (int k = 0; k < 3; ++k) EXPECT_EQ(steps[i].block[k], expected[i].block[k]) << "block[" << k << "]";
        for (int k = 0; k < 3; ++k) EXPECT_EQ(steps[i].grid[k], expected[i].grid[k]) << "grid[" << k << "]";
        for (int k = 0; k < 2; ++k) EXPECT_EQ(steps[i].tile[k], expected[i].tile[k]) << "tile[" << k << "]";
        EXPECT_EQ(steps[i].sharedBytes, expected[i].shared);
        EXPECT_EQ(steps[i].repeatRule, kRepeatOnce);
        EXPECT_EQ(steps[i].argumentCount, 0);
    }
    fs::remove_all(folder);
}

// The wider launch list as the worker reads it: a scratch list with one buffer of each kind, a setup list, and
// launches with arguments and repeats. Every recorded field is the one the macro was given, each argument's
// parameter type and size are the kernel's, and the lists' lengths are recorded for the worker to find them.
TEST(UserKernelLayout, ScratchSetupArgumentAndRepeatMacrosRecordEveryField) {
    if (!nvrtc().usable()) GTEST_SKIP() << "no NVRTC here: " << nvrtc().error;
    const fs::path folder = fs::temp_directory_path() / ("racelab_wide_launches_" + std::to_string(getpid()));
    fs::create_directories(folder);
    const std::string file = (folder / "wide.cu").string();
    // Element types of 4, 8 and 2 bytes, so elementBytes shows which buffer is which; a 4-byte count and an
    // 8-byte repeat count.
    std::ofstream(file) << "#include <racelab/circles.cuh>\n"
                           "__device__ float* depths;\n"
                           "__device__ unsigned long long* pairs;\n"
                           "__device__ short* hits;\n"
                           "__device__ int count;\n"
                           "__device__ long long passes;\n"
                           "__global__ void clearAll() {}\n"
                           "__global__ void shade(int pass, const float* d, unsigned long long capacity, double weight) {\n"
                           "    (void)pass, (void)d, (void)capacity, (void)weight;\n"
                           "}\n"
                           "__global__ void again() {}\n"
                           "RACELAB_SCRATCH(RACELAB_BUFFER(depths, RACELAB_TILES16, 2, RACELAB_NO_ZERO_FILL),\n"
                           "                RACELAB_BUFFER_PRODUCT(pairs, RACELAB_CIRCLES, RACELAB_TILES16, 1),\n"
                           "                RACELAB_BUFFER_COUNTED(hits, count, 3));\n"
                           "RACELAB_SETUP(RACELAB_FIXED(clearAll, 4, 1, 64, 1));\n"
                           "RACELAB_LAUNCHES(RACELAB_PER_TILE_1D(shade, 32, 16, 256, 1,\n"
                           "                     RACELAB_ARGS(RACELAB_ARG_INDEX(), RACELAB_ARG_BUFFER(depths),\n"
                           "                                  RACELAB_ARG_CAPACITY(depths), RACELAB_ARG_FLOAT(0.25)),\n"
                           "                     RACELAB_REPEAT_PER(RACELAB_CIRCLES, 1024)),\n"
                           "                 RACELAB_PER_ITEM(again, RACELAB_CIRCLES, 128, RACELAB_REPEAT_COUNT(passes),\n"
                           "                     RACELAB_SHARED(96)));\n";
    const KernelBuild build = compileKernel({file, "sm_75", {}}, KernelCache(""));
    ASSERT_TRUE(build.ok) << build.messages();
    auto intNamed = [&](const char* name) {
        const std::vector<std::uint8_t> bytes = deviceVariable(build.cubin, name);
        int value = -1;
        EXPECT_EQ(bytes.size(), sizeof value) << name;
        if (bytes.size() == sizeof value) std::memcpy(&value, bytes.data(), sizeof value);
        return value;
    };
    EXPECT_EQ(intNamed("racelabLaunchCount"), 2);
    EXPECT_EQ(intNamed("racelabSetupCount"), 1);
    EXPECT_EQ(intNamed("racelabScratchCount"), 3);

    const std::vector<std::uint8_t> launchBytes = deviceVariable(build.cubin, "racelabLaunches");
    ASSERT_EQ(launchBytes.size(), 2 * sizeof(LaunchStep));
    LaunchStep steps[2];
    std::memcpy(steps, launchBytes.data(), sizeof steps);
    const LaunchStep& shade = steps[0];
    EXPECT_STREQ(shade.kernel, "shade");
    EXPECT_EQ(shade.rule, kGridPerTileLinear);
    EXPECT_EQ(shade.sizeIndex, -1);
    EXPECT_EQ(shade.tile[0], 32);
    EXPECT_EQ(shade.tile[1], 16);
    EXPECT_EQ(shade.block[0], 256);
    EXPECT_EQ(shade.block[1], 1);
    EXPECT_EQ(shade.block[2], 1);
    EXPECT_EQ(shade.sharedBytes, 0);
    EXPECT_EQ(shade.repeatRule, kRepeatPerSize);
    EXPECT_EQ(shade.repeatSizeIndex, 0) << "RACELAB_CIRCLES";
    EXPECT_EQ(shade.repeatCount, 1024);
    EXPECT_STREQ(shade.repeatVariable, "");
    EXPECT_EQ(shade.repeatVariableBytes, 0);
    ASSERT_EQ(shade.argumentCount, 4);
    struct ExpectedArgument {
        int source, type, bytes;
        const char* buffer;
        double real;
    };
    // (int pass, const float* d, unsigned long long capacity, double weight)
    const ExpectedArgument arguments[4] = {{kArgumentIndex, kParameterSigned, 4, "", 0.0},
                                           {kArgumentBuffer, kParameterPointer, 8, "depths", 0.0},
                                           {kArgumentCapacity, kParameterUnsigned, 8, "depths", 0.0},
                                           {kArgumentReal, kParameterFloat, 8, "", 0.25}};
    for (int i = 0; i < 4; ++i) {
        SCOPED_TRACE("argument " + std::to_string(i + 1));
        const LaunchArgument& a = shade.arguments[i];
        EXPECT_EQ(a.source, arguments[i].source);
        EXPECT_EQ(a.type, arguments[i].type);
        EXPECT_EQ(a.bytes, arguments[i].bytes);
        EXPECT_EQ(a.sizeIndex, -1);
        EXPECT_EQ(a.integer, 0);
        EXPECT_EQ(a.real, arguments[i].real);
        EXPECT_STREQ(a.buffer, arguments[i].buffer);
    }
    const LaunchStep& again = steps[1];
    EXPECT_STREQ(again.kernel, "again");
    EXPECT_EQ(again.rule, kGridPerItem);
    EXPECT_EQ(again.sizeIndex, 0);
    EXPECT_EQ(again.block[0], 128);
    EXPECT_EQ(again.sharedBytes, 96);
    EXPECT_EQ(again.repeatRule, kRepeatDeviceCount);
    EXPECT_EQ(again.repeatSizeIndex, -1);
    EXPECT_EQ(again.repeatCount, 0);
    EXPECT_STREQ(again.repeatVariable, "passes");
    EXPECT_EQ(again.repeatVariableBytes, 8) << "a long long";
    EXPECT_EQ(again.argumentCount, 0);

    const std::vector<std::uint8_t> setupBytes = deviceVariable(build.cubin, "racelabSetup");
    ASSERT_EQ(setupBytes.size(), sizeof(LaunchStep));
    LaunchStep setup;
    std::memcpy(&setup, setupBytes.data(), sizeof setup);
    EXPECT_STREQ(setup.kernel, "clearAll");
    EXPECT_EQ(setup.rule, kGridFixed);
    EXPECT_EQ(setup.grid[0], 4);
    EXPECT_EQ(setup.grid[1], 1);
    EXPECT_EQ(setup.block[0], 64);
    EXPECT_EQ(setup.repeatRule, kRepeatOnce);

    const std::vector<std::uint8_t> scratchBytes = deviceVariable(build.cubin, "racelabScratch");
    ASSERT_EQ(scratchBytes.size(), 3 * sizeof(ScratchBuffer));
    ScratchBuffer buffers[3];
    std::memcpy(buffers, scratchBytes.data(), sizeof buffers);
    struct ExpectedBuffer {
        const char* pointer;
        long long elementBytes;
        int rule, sizeIndex, secondSizeIndex;
        long long perSize;
        const char* countVariable;
        int countBytes, zeroFill;
    };
    const ExpectedBuffer expected[3] = {{"depths", 4, kBufferPerSize, 2, -1, 2, "", 0, 0},
                                        {"pairs", 8, kBufferProduct, 0, 2, 1, "", 0, 1},
                                        {"hits", 2, kBufferCounted, -1, -1, 3, "count", 4, 1}};
    for (int i = 0; i < 3; ++i) {
        SCOPED_TRACE(expected[i].pointer);
        EXPECT_STREQ(buffers[i].pointer, expected[i].pointer);
        EXPECT_EQ(buffers[i].elementBytes, expected[i].elementBytes);
        EXPECT_EQ(buffers[i].rule, expected[i].rule);
        EXPECT_EQ(buffers[i].sizeIndex, expected[i].sizeIndex);
        EXPECT_EQ(buffers[i].secondSizeIndex, expected[i].secondSizeIndex);
        EXPECT_EQ(buffers[i].perSize, expected[i].perSize);
        EXPECT_STREQ(buffers[i].countVariable, expected[i].countVariable);
        EXPECT_EQ(buffers[i].countBytes, expected[i].countBytes);
        EXPECT_EQ(buffers[i].zeroFill, expected[i].zeroFill);
    }
    fs::remove_all(folder);
}

// The sceneName a kernel is handed for each preset: the course's value of that scene (course_scene_names.h,
// whose order is the course's), and the course's random scene's for any other preset.
TEST(UserKernelLayout, EachPresetHandsTheKernelItsCourseSceneName) {
    const std::pair<const char*, int> course[] = {
        {"rgb", 0},       {"rgby", 1},      {"rand10k", 2},        {"rand100k", 3},   {"pattern", 4},
        {"snow", 5},      {"fireworks", 6}, {"hypnosis", 7},       {"bouncingballs", 8},   {"snowsingle", 9},
        {"biglittle", 10}, {"littlebig", 11}, {"rand1M", 12},      {"micro2M", 13},
    };
    for (const auto& [preset, value] : course) EXPECT_EQ(circles::courseSceneName(preset), value) << preset;
    EXPECT_EQ(circles::courseSceneName("snow"), SNOWFLAKES);
    EXPECT_EQ(circles::courseSceneName("micro2M"), MICRO_2M);
    EXPECT_EQ(circles::courseSceneName("no-such-preset"), CIRCLE_TEST_10K);
}
