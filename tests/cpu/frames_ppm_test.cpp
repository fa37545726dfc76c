// `racelab frames --ppm` writes the frames in the course's own format (P6), numbered as `render --frame`
// numbers them: frame-0000K.ppm is byte for byte the frame `render --frame K` writes, so that a script can lay
// them beside the frames the course's `render -f` dumps, one by one (tools/cs149/course-animation-compare.sh).
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "core/read_file.hpp"
#include "process_runner.hpp"

namespace fs = std::filesystem;

TEST(FramesPpm, EachFrameIsTheOneRenderWritesForItsNumber) {
    const fs::path folder = fs::temp_directory_path() / ("racelab_frames_ppm_" + std::to_string(::getpid()));
    fs::remove_all(folder);
    const ProcessResult frames = runRacelab("frames --scene circles/bouncingballs --backend cpu --size 96x64 --frames 4 --ppm --out-dir " +
                                            (folder / "frames").string());
    ASSERT_EQ(frames.exitCode, 0) << frames.output;
    for (int k = 0; k < 4; ++k) {
        const std::string one = (folder / ("render-" + std::to_string(k) + ".ppm")).string();
        const ProcessResult render = runRacelab("render --scene circles/bouncingballs --backend cpu --size 96x64 --frame " +
                                                std::to_string(k) + " --out " + one);
        ASSERT_EQ(render.exitCode, 0) << render.output;
        const auto written = racelab::readWholeFile((folder / "frames" / ("frame-0000" + std::to_string(k) + ".ppm")).string());
        ASSERT_TRUE(written.has_value()) << "frame " << k;
        EXPECT_EQ(written->rfind("P6\n96 64\n255\n", 0), 0u) << "a P6 header of the frame's size";
        EXPECT_EQ(*written, racelab::readWholeFile(one).value_or("")) << "frame " << k;
    }
    fs::remove_all(folder);
}
