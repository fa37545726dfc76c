// Whole files of every year build with this toolkit as they built with the toolkit of their year
// (docs/DECISIONS.md, "Whole files of every year build as their toolkit built them, unedited"), whichever way
// nvcc is reached. These need nvcc and no GPU.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "course_style_solution.hpp"
#include "userkernel/build/nvcc_facts.hpp"

namespace fs = std::filesystem;
using namespace racelab::userkernel;
using namespace racelab::test;

namespace {

// Files that built with the toolkit of their year build unchanged with this one (docs/DECISIONS.md, "Whole
// files of every year"). The course's cudaRenderer.h has long defined `uint` as a macro; a solution that
// includes it before thrust then hands the macro to CUDA 13's libcu++, which uses `uint` as a name.
Solution uintMacroBeforeThrust() {
    Solution solution = minimalSolution(
        "void loadScene(SceneName name);",
        "void CudaRenderer::loadScene(SceneName n) { loadCircleScene(n, numCircles, position, velocity, color, radius); }");
    solution.header = "#ifndef uint\n#define uint unsigned int\n#endif\n" + solution.header;
    solution.source += R"(
#include <thrust/device_ptr.h>
#include <thrust/scan.h>
// Counts per tile, scanned on the GPU into offsets, as tiled solutions of 2024 do.
void scanCounts(uint* counts, uint* offsets, int tiles) {
    thrust::exclusive_scan(thrust::device_ptr<uint>(counts), thrust::device_ptr<uint>(counts + tiles),
                           thrust::device_ptr<uint>(offsets));
}
)";
    return solution;
}

}  // namespace

TEST(WholeFileBuild, AUintMacroBeforeThrustBuildsAsWithTheToolkitOfItsYear) {
    REQUIRE_NVCC();
    const fs::path folder = freshTestFolder("whole-file-uint-thrust");
    EXPECT_FALSE(buildLibrary(folder, uintMacroBeforeThrust()).empty());
}

// Where nvcc is a wrapper script (a module system's, a distribution's), the toolkit's headers are not beside
// it: racelab asks nvcc where it finds them, so the same solution builds as it does through the real nvcc.
TEST(WholeFileBuild, AnNvccReachedThroughAWrapperScriptFindsTheToolkitsHeaders) {
    REQUIRE_NVCC();
    const fs::path folder = freshTestFolder("whole-file-nvcc-wrapper");
    const std::string wrapper = write(folder / "nvcc", "#!/bin/sh\nexec '" + findNvcc() + "' \"$@\"\n");
    fs::permissions(wrapper, fs::perms::owner_all);
    const char* before = std::getenv("RACELAB_NVCC");
    const std::string kept = before ? before : "";
    setenv("RACELAB_NVCC", wrapper.c_str(), 1);
    ASSERT_EQ(findNvcc(), wrapper);
    const std::vector<fs::path> folders = nvccIncludeFolders(wrapper);
    EXPECT_TRUE(std::any_of(folders.begin(), folders.end(), [](const fs::path& f) {
        return fs::is_regular_file(f / "thrust" / "device_ptr.h");
    })) << "no folder of nvcc's search path holds thrust";
    fs::create_directories(folder / "solution");
    EXPECT_FALSE(buildLibrary(folder / "solution", uintMacroBeforeThrust()).empty());
    if (before) setenv("RACELAB_NVCC", kept.c_str(), 1);
    else unsetenv("RACELAB_NVCC");
}

// nvcc's --dryrun names its search path on two lines, in the form CUDA 12 and 13 print them; the folders are
// read in order, quoted or not, with -I joined to its folder or -isystem apart from it.
TEST(NvccFacts, TheSearchPathIsReadFromADryRun) {
    const std::string dryRun =
        "#$ _NVVM_BRANCH_=nvvm\n"
        "#$ _HERE_=/opt/cuda/bin\n"
        "#$ INCLUDES=\"-I/opt/cuda/bin/../targets/x86_64-linux/include\"  \n"
        "#$ SYSTEM_INCLUDES=\"-isystem\" \"/opt/cuda/bin/../targets/x86_64-linux/include/cccl\"  \n"
        "#$ LIBRARIES=  \"-L/opt/cuda/bin/../targets/x86_64-linux/lib\"\n"
        "#$ gcc -D__CUDA_ARCH_LIST__=520 -E -x c++ -I\"/elsewhere\" x.cu\n";
    const std::vector<fs::path> expected{"/opt/cuda/targets/x86_64-linux/include",
                                         "/opt/cuda/targets/x86_64-linux/include/cccl"};
    EXPECT_EQ(includeFoldersOfDryRun(dryRun), expected);
    EXPECT_TRUE(includeFoldersOfDryRun("nvcc fatal   : Unknown option '--dryrun'\n").empty());
}

// A 2014 solution waits for its kernels with cudaThreadSynchronize (gone in CUDA 13.0) and sums a warp with
// __shfl_down and tests it with __any (no mask; gone for sm_70 and later in CUDA 9.0).
TEST(WholeFileBuild, CallsLaterToolkitsRemovedBuildAsWithTheToolkitOfTheirYear) {
    REQUIRE_NVCC();
    Solution solution = minimalSolution(
        "void loadScene(SceneName name);",
        "void CudaRenderer::loadScene(SceneName n) { loadCircleScene(n, numCircles, position, velocity, color, radius); }");
    solution.source += R"(
__global__ void warpSums(float* values, int* anyNegative) {
    float v = values[threadIdx.x];
    for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down(v, offset);
    if (__any(v < 0.f) && threadIdx.x == 0) *anyNegative = 1;
    if (threadIdx.x == 0) values[0] = v;
}
void sumOnce(float* values, int* flag) {
    warpSums<<<1, 32>>>(values, flag);
    cudaThreadSynchronize();
}
)";
    const fs::path folder = freshTestFolder("whole-file-old-calls");
    EXPECT_FALSE(buildLibrary(folder, solution).empty());
}
