// The command line: bad input gives one clear error and a non-zero exit without output files; good input
// produces real output (checked against hand-computed pixels).
#include <gtest/gtest.h>

#include <filesystem>

#include "core/image_io.hpp"
#include "process_runner.hpp"

namespace fs = std::filesystem;

namespace {

std::string temporaryPath(const std::string& name) { return (fs::temp_directory_path() / name).string(); }

void expectFailure(const std::string& arguments, const std::string& message) {
    ProcessResult r = runRacelab(arguments);
    EXPECT_NE(r.exitCode, 0) << arguments;
    EXPECT_NE(r.output.find(message), std::string::npos) << arguments << "\n" << r.output;
}

}  // namespace

TEST(Cli, BadSizesAreRefused) {
    std::string out = temporaryPath("racelab_cli_bad.png");
    fs::remove(out);
    expectFailure("render --backend cpu --size 0x5 --out " + out, "dimensions must be positive");
    expectFailure("render --backend cpu --size abc --out " + out, "is not WxH");
    expectFailure("render --backend cpu --size 12x1e3 --out " + out, "not a whole number");
    expectFailure("render --backend cpu --size 100000x10 --out " + out, "exceeds the largest supported dimension");
    EXPECT_FALSE(fs::exists(out));
}

TEST(Cli, UnknownSceneListsTheValidOnes) {
    expectFailure("render --backend cpu --scene circles/nope --out /tmp/x.png", "circles/rand10k");
    expectFailure("render --backend cpu --scene circles/rgb --variant worse --out /tmp/x.png",
                  "valid: good, bad, unordered");
    expectFailure("view --backend nvidia", "unknown backend 'nvidia'");
}

TEST(Cli, UnwritableOutputIsAClearError) {
    expectFailure("render --backend cpu --scene circles/rgb --size 8x8 --out /nonexistent-dir/x.png", "cannot write");
    expectFailure("render --backend cpu --scene circles/rgb --size 8x8 --out /tmp/x.bmp", "unknown image format");
    EXPECT_FALSE(fs::exists("/nonexistent-dir/x.png"));
}

TEST(Cli, OtherBadValues) {
    expectFailure("render --backend cpu --scene circles/rgb --frame -1 --out /tmp/racelab_neg.png", "--frame: Value -1 not in range 0 to 1000000");
    expectFailure("render --backend cpu --scene circles/rgb --count 50 --out /tmp/racelab_c.png", "has a fixed size; --count applies to");
    expectFailure("bench --backend cpu --present none --frames 0", "--frames must be positive");
    expectFailure("bench --backend cpu --present none --in-flight 0", "--in-flight: Value 0 not in range 1 to 8");
    expectFailure("view --backend cpu --in-flight 9", "--in-flight: Value 9 not in range 1 to 8");
    expectFailure("bench --backend cpu --present interop-buffer", "--present: interop-buffer not in");
    expectFailure("check --backend cpu", "needs --backend cuda");
    expectFailure("frobnicate", "subcommand is required");
}

TEST(Cli, RenderWritesTheReferenceFrame) {
    std::string out = temporaryPath("racelab_cli_rgb.ppm");
    ProcessResult r = runRacelab("render --backend cpu --scene circles/rgb --size 100x100 --out " + out);
    ASSERT_EQ(r.exitCode, 0) << r.output;
    racelab::HostImage image = racelab::readImage(out);
    ASSERT_EQ(image.width, 100);
    // centre: red, green, blue at alpha .5 over white -> (64, 96, 159), as computed in circle_reference_test
    const std::uint8_t* p = image.at(50, 50);
    EXPECT_EQ(p[0], 64);
    EXPECT_EQ(p[1], 96);
    EXPECT_EQ(p[2], 159);
    fs::remove(out);
}

TEST(Cli, ListAndHelp) {
    ProcessResult list = runRacelab("list");
    EXPECT_EQ(list.exitCode, 0);
    for (const char* scene : {"circles/rgb", "circles/rand1M", "circles/micro2M", "circles/snow", "unordered"})
        EXPECT_NE(list.output.find(scene), std::string::npos) << scene;
    for (const char* command : {"view", "bench", "render", "check", "list"}) {
        ProcessResult help = runRacelab(std::string(command) + " --help");
        EXPECT_EQ(help.exitCode, 0) << command;
        EXPECT_NE(help.output.find("--help"), std::string::npos) << command;
    }
    EXPECT_NE(runRacelab("bench --help").output.find("--present"), std::string::npos);
}

TEST(Cli, BenchCpuBackendWithoutGl) {
    ProcessResult r = runRacelab("bench --backend cpu --present none --scene circles/rgby --size 64x64 --frames 5 --warmup 1");
    ASSERT_EQ(r.exitCode, 0) << r.output;
    for (const char* stage : {"frame", "kernel", "map", "unmap", "upload", "present", "FPS"})
        EXPECT_NE(r.output.find(stage), std::string::npos) << stage;
    // Latency (the table) and throughput (frames in flight, by the wall clock) are both printed and named.
    EXPECT_NE(r.output.find("one at a time"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("throughput: 2 frames in flight, 5 frames in"), std::string::npos) << r.output;
}
