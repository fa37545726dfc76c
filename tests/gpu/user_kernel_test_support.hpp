// What the GPU tests of user kernels share: skipping where NVRTC is missing too, and one frame of a user
// kernel against the CPU reference with the kernel's status (and what the frame threw, if it did).
#pragma once
#include <string>

#include "gpu_test_support.hpp"
#include "userkernel/build/nvrtc_library.hpp"
#include "userkernel/user_kernel.hpp"

#define REQUIRE_CUDA_AND_NVRTC()                                                                         \
    RACELAB_REQUIRE_CUDA_DEVICE();                                                                       \
    if (!racelab::userkernel::nvrtc().usable())                                                          \
    GTEST_SKIP() << "GPU test skipped: no NVRTC (" << racelab::userkernel::nvrtc().error << ")"

namespace racelab::gputest {

struct KernelRun {
    ImageComparison result;
    userkernel::UserKernelStatus status;
    std::string thrown;  // what drawing the frame threw, if it did
};

// Frame `frame` of `scene` drawn by the user kernel `file`, against the CPU reference on the same state.
inline KernelRun runUserKernel(const std::string& scene, const std::string& file, const std::string& size, long frame) {
    SceneSelection selection;
    selection.scene = scene;
    selection.size = size;
    selection.kernel = file;
    KernelRun run;
    try {
        const ReferenceComparison c = compareWithReference(selection, frame);
        run.result = c.result;
        run.status = c.prepared.kernel->status();
    } catch (const Error& e) {
        run.thrown = e.what();
    }
    return run;
}

}  // namespace racelab::gputest
