// tools/plot_timings.py turns a recorded CSV into a PNG with a timeline and a histogram.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "core/image_io.hpp"
#include "process_runner.hpp"

TEST(PlotTimings, RecordedCsvBecomesAPng) {
    // The script runs on Debian's python3 (its shebang), where python3-matplotlib installs.
    if (runCommand("/usr/bin/python3 -c 'import matplotlib'").exitCode != 0)
        GTEST_SKIP() << "python3-matplotlib is not installed (tools/install-deps.sh)";
    auto dir = std::filesystem::temp_directory_path();
    std::string csv = (dir / "racelab_plot_test.csv").string(), png = (dir / "racelab_plot_test.png").string();
    std::filesystem::remove(png);
    ProcessResult bench = runRacelab("bench --backend cpu --present none --scene circles/rgb --size 64x64 --frames 30 --warmup 2 --csv " + csv);
    ASSERT_EQ(bench.exitCode, 0) << bench.output;
    ProcessResult plot = runCommand(std::string(RACELAB_SOURCE_DIR "/tools/plot_timings.py ") + csv + " " + png);
    ASSERT_EQ(plot.exitCode, 0) << plot.output;
    EXPECT_NE(plot.output.find("30 frames"), std::string::npos) << plot.output;
    racelab::HostImage image = racelab::readImage(png);
    EXPECT_EQ(image.width, 1200);
    EXPECT_EQ(image.height, 450);
    ProcessResult missing = runCommand(std::string(RACELAB_SOURCE_DIR "/tools/plot_timings.py /nonexistent.csv ") + png);
    EXPECT_NE(missing.exitCode, 0);
    EXPECT_NE(missing.output.find("cannot read"), std::string::npos);
}

// tools/window-fps.py: frames per second by the wall clock after a tenth of warm-up, and stage medians, from a
// CSV written by hand so the expected numbers are known: 21 frames 2 ms apart, kernel 0.5 ms, present 1.25 ms.
TEST(WindowFps, FramesPerSecondAndStageMediansFromACsv) {
    auto path = std::filesystem::temp_directory_path() / "racelab_window_fps.csv";
    {
        std::ofstream csv(path);
        csv << "frame,t_s,frame_ms,kernel_ms,map_ms,unmap_ms,upload_ms,present_ms,scene,variant,width,height,backend,"
               "presenter\n";
        for (int i = 0; i < 21; ++i)
            csv << i << "," << 0.002 * i << ",2,0.5,0,0.1,0,1.25,circles/rand10k,good,1280,720,cuda,interop-texture\n";
    }
    ProcessResult r = runCommand(std::string(RACELAB_SOURCE_DIR "/tools/window-fps.py ") + path.string());
    ASSERT_EQ(r.exitCode, 0) << r.output;
    // Frames 2..20 after warm-up (21 // 10 = 2 dropped): 18 intervals of 2 ms -> 500 frames/s.
    EXPECT_NE(r.output.find("500.0 frames/s by the wall clock over 19 frames"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("kernel 0.5000 ms"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("present 1.2500 ms"), std::string::npos) << r.output;
    EXPECT_NE(runCommand(std::string(RACELAB_SOURCE_DIR "/tools/window-fps.py /nonexistent.csv")).exitCode, 0);
}
