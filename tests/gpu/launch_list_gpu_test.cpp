// The wider launch list on the GPU (racelab/launch.cuh): a file shaped like a CS149 solution's render() --
// a loop over chunks of circles, a scan, a buffer sized by a count the GPU writes, passes the GPU counts, a
// table made once a scene, kernels with arguments, tiles apart from blocks -- draws the course's picture, and
// the counted buffer's first growth is said; counts that break the contract are stopped with what happened.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "core/errors.hpp"
#include "gpu_test_support.hpp"
#include "user_kernel_test_support.hpp"
#include "test_data.hpp"
#include "userkernel/build/nvrtc_library.hpp"
#include "userkernel/user_kernel.hpp"

namespace fs = std::filesystem;
using namespace racelab;
using namespace racelab::userkernel;

namespace {

std::string testFile(const std::string& name, const std::string& text) {
    const fs::path folder = fs::temp_directory_path() / ("racelab-launch-list-" + std::to_string(::getpid()));
    fs::create_directories(folder);
    std::ofstream(folder / name) << "#include <racelab/circles.cuh>\n" << text;
    return (folder / name).string();
}

}  // namespace

TEST(LaunchListGpu, ACourseShapedFileDrawsTheCoursesPictureAndSaysItsBufferGrew) {
    REQUIRE_CUDA_AND_NVRTC();
    const std::string file = fs::absolute(racelab::testing::testDataPath("data/launch_list/course_shaped.cu")).string();
    // 1000x600: tiles cut by the picture's edges; rand10k: 10 chunks of 1,024 circles; snow at frame 120: moving.
    for (const auto& [scene, frame] : {std::pair{"circles/rgb", 0L}, {"circles/pattern", 0L}, {"circles/rand10k", 0L}, {"circles/snow", 120L}}) {
        SCOPED_TRACE(scene);
        const gputest::KernelRun run = gputest::runUserKernel(scene, file, "1000x600", frame);
        ASSERT_TRUE(run.thrown.empty()) << run.thrown;
        EXPECT_EQ(run.status.state, KernelState::Running) << run.status.message;
        EXPECT_LE(run.result.differingPixels, 5) << "largest channel difference " << run.result.maxChannelDifference;
        // The pair list starts at one element: the first frame needs more, and the frame is run again.
        EXPECT_NE(run.status.note.find("pairs grew from 1 to "), std::string::npos) << run.status.note;
        EXPECT_NE(run.status.note.find("and the frame ran again"), std::string::npos) << run.status.note;
    }
}

TEST(LaunchListGpu, ACountThatGrowsWithItsBufferOrARepeatBeyondTheLimitIsStoppedWithWhy) {
    REQUIRE_CUDA_AND_NVRTC();
    const std::string growing = testFile("growing.cu",
                                         "__device__ int* items;\n__device__ long long wanted;\n"
                                         "__global__ void ask(long long capacity) { wanted = capacity + 1; }\n"
                                         "RACELAB_SCRATCH(RACELAB_BUFFER_COUNTED(items, wanted, 1));\n"
                                         "RACELAB_LAUNCHES(RACELAB_FIXED(ask, 1, 1, 1, 1, RACELAB_ARGS(RACELAB_ARG_CAPACITY(items))));\n");
    gputest::KernelRun run = gputest::runUserKernel("circles/rgb", growing, "256x256", 0);
    const std::string grew = run.thrown + run.status.message;
    EXPECT_NE(grew.find("needed more room on each of 3 runs of the frame"), std::string::npos) << grew;
    EXPECT_NE(grew.find("items grew from 2 to 3 elements"), std::string::npos) << grew;

    const std::string endless = testFile("endless.cu",
                                         "__device__ int passes;\n"
                                         "__global__ void decide() { passes = 2000000; }\n__global__ void pass() {}\n"
                                         "RACELAB_LAUNCHES(RACELAB_FIXED(decide, 1, 1, 1, 1), "
                                         "RACELAB_FIXED(pass, 1, 1, 1, 1, RACELAB_REPEAT_COUNT(passes)));\n");
    run = gputest::runUserKernel("circles/rgb", endless, "256x256", 0);
    const std::string repeated = run.thrown + run.status.message;
    EXPECT_NE(repeated.find("the launch of pass is to repeat 2000000 times by passes (RACELAB_REPEAT_COUNT)"), std::string::npos)
        << repeated;
}
