// On a real GPU: the kernels load, and the image the driver picked (cudaFuncGetAttributes) is the one the
// configured architecture list predicts (core/kernel_image.hpp), e.g. SASS sm_90 on an H100.
#include <gtest/gtest.h>

#include "core/kernel_image.hpp"
#include "gpu_test_support.hpp"

#ifdef RACELAB_HAVE_CUDA
#include <cuda_runtime_api.h>

#include "core/kernel_image.hpp"
#endif

using namespace racelab;

TEST(KernelImageGpu, TheDriverRunsWhatTheArchitectureListPredicts) {
    RACELAB_REQUIRE_CUDA_DEVICE();
#ifdef RACELAB_HAVE_CUDA
    int device = 0;
    cudaDeviceProp props{};
    ASSERT_EQ(cudaGetDevice(&device), cudaSuccess);
    ASSERT_EQ(cudaGetDeviceProperties(&props, device), cudaSuccess);
    const int cc = props.major * 10 + props.minor;
    const LoadedKernelImage loaded = loadedKernelImage();
    ASSERT_TRUE(loaded.loaded) << loaded.error;
    const KernelImageChoice expected = chooseKernelImage(cc, builtGpuCode());
    if (builtGpuCode().sass.empty()) GTEST_SKIP() << "the build did not record its architecture list";
    const std::string line = describeKernelImage();
    std::printf("  %s\n", line.c_str());
    EXPECT_EQ(line.find("predicted"), std::string::npos) << line;
    if (expected.source == KernelSource::JitFromPtx) {
        EXPECT_EQ(loaded.binaryVersion, cc);
        EXPECT_EQ(loaded.ptxVersion, expected.arch);
    } else {
        EXPECT_EQ(loaded.binaryVersion, expected.arch);
    }
#endif
}
