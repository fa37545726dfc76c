// nvcc's compile of one file as two chains at once (userkernel/build/nvcc_two_chains.hpp), against nvcc's own
// run of the same file: the same object, and the same messages for a file that does not compile.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>

#include "core/read_file.hpp"
#include "fresh_folder.hpp"
#include "userkernel/build/nvcc_facts.hpp"
#include "userkernel/build/nvcc_two_chains.hpp"

namespace racelab::test {
namespace {
namespace fs = std::filesystem;
using namespace racelab::userkernel;

// A file in the shape of a course solution that includes thrust: a kernel, a thrust scan, host code.
const char* kThrustFile = R"(#include <cstdio>
#include <cuda_runtime.h>
#include <thrust/device_ptr.h>
#include <thrust/scan.h>

__global__ void countPerTile(const float* radius, int n, int* counts) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) counts[i] = radius[i] > 0.01f ? 2 : 1;
}

extern "C" int scanCounts(const float* radius, int n, int* counts, int* offsets) {
    countPerTile<<<(n + 255) / 256, 256>>>(radius, n, counts);
    thrust::exclusive_scan(thrust::device_ptr<int>(counts), thrust::device_ptr<int>(counts + n),
                           thrust::device_ptr<int>(offsets));
    return static_cast<int>(cudaGetLastError());
}
)";

std::vector<std::string> compileArgv(const std::string& nvcc, const fs::path& source, const fs::path& object) {
    return {nvcc, "-c", "-Xcompiler", "-fPIC", "-O3", "-lineinfo", "-std=c++17", "--gpu-architecture=sm_90",
            "-o", object.string(), source.string()};
}

double secondsOf(const std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

TEST(NvccTwoChains, MakeTheObjectNvccsOwnRunMakesByteForByte) {
    const std::string nvcc = findNvcc();
    if (nvcc.empty()) GTEST_SKIP() << nvccMissingAdvice();
    const fs::path folder = freshTestFolder("nvcc-two-chains");
    const fs::path source = folder / "cudaRenderer.cu", keep = folder / "keep";
    std::ofstream(source) << kThrustFile;
    fs::create_directories(keep);
    // nvcc's own run, keeping its files: the object, and the module id it derived from the file's path.
    const auto plainStart = std::chrono::steady_clock::now();
    bool chained = true;
    const ProgramRun plain = compileInTwoChains(compileArgv(nvcc, source, folder / "plain.o"), keep.string(), "", 600, &chained);
    const double plainSeconds = secondsOf(plainStart);
    ASSERT_EQ(plain.exitCode, 0) << plain.output;
    EXPECT_FALSE(chained);
    const std::string moduleId = keptModuleId(keep.string());
    ASSERT_FALSE(moduleId.empty());
    // The two chains in the same folder, with that id.
    const auto chainedStart = std::chrono::steady_clock::now();
    const ProgramRun twoChains = compileInTwoChains(compileArgv(nvcc, source, folder / "chained.o"), keep.string(), moduleId, 600, &chained);
    const double chainedSeconds = secondsOf(chainedStart);
    ASSERT_EQ(twoChains.exitCode, 0) << twoChains.output;
    EXPECT_TRUE(chained);
    const std::optional<std::string> a = readWholeFile((folder / "plain.o").string());
    const std::optional<std::string> b = readWholeFile((folder / "chained.o").string());
    ASSERT_TRUE(a && b);
    EXPECT_GT(a->size(), 10000u);
    EXPECT_TRUE(*a == *b) << "the two chains' object differs from nvcc's (" << a->size() << " and " << b->size() << " bytes)";
    std::printf("a thrust file: nvcc's own run %.2f s, two chains %.2f s\n", plainSeconds, chainedSeconds);
    fs::remove_all(folder);
}

TEST(NvccTwoChains, AFileThatDoesNotCompileFailsWithNvccsMessage) {
    const std::string nvcc = findNvcc();
    if (nvcc.empty()) GTEST_SKIP() << nvccMissingAdvice();
    const fs::path folder = freshTestFolder("nvcc-two-chains-error");
    const fs::path source = folder / "cudaRenderer.cu", keep = folder / "keep";
    fs::create_directories(keep);
    std::ofstream(source) << kThrustFile;
    ASSERT_EQ(compileInTwoChains(compileArgv(nvcc, source, folder / "a.o"), keep.string(), "", 600).exitCode, 0);
    const std::string moduleId = keptModuleId(keep.string());
    std::ofstream(source, std::ios::app) << "int broken() { return notDeclared; }\n";
    bool chained = false;
    const ProgramRun run = compileInTwoChains(compileArgv(nvcc, source, folder / "b.o"), keep.string(), moduleId, 600, &chained);
    EXPECT_TRUE(chained);
    EXPECT_NE(run.exitCode, 0);
    EXPECT_NE(run.output.find("cudaRenderer.cu(17): error: identifier \"notDeclared\" is undefined"), std::string::npos) << run.output;
    fs::remove_all(folder);
}

}  // namespace
}  // namespace racelab::test
