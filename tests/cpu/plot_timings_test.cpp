// tools/plot_timings.py turns a recorded CSV into a PNG with a timeline and a histogram.
#include <gtest/gtest.h>

#include <filesystem>

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
