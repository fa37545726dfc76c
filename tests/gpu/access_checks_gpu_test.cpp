// The instrumented build on the GPU (check --races, --checked): every racy twin of tests/data/races is
// reported at the lines its file marks, with the kind and relation it says, and no race-free twin nor any
// example kernel is reported; the starter names both its lines on rand10k; and in checked mode the judge
// tests' out-of-bounds kernels are reported at their line without a CUDA fault: the next frame draws.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <regex>
#include <set>

#include "core/asset_paths.hpp"
#include "core/gpu_timing.hpp"
#include "frame/offline_frame.hpp"
#include "app/scene_setup.hpp"
#include "scenes/scene_registry.hpp"
#include "test_data.hpp"
#include "instrumented_frame.hpp"
#include "user_kernel_test_support.hpp"
#include "userkernel/racecheck/access_findings.hpp"
#include "userkernel/racecheck/device/racelab/access_check_layout.cuh"
#include "userkernel/build/kernel_compiler.hpp"

namespace fs = std::filesystem;
using namespace racelab;
using namespace racelab::userkernel;
using racelab::gputest::Findings;
using racelab::gputest::runInstrumented;

namespace {

struct Expected {
    bool writeWrite = false, acrossBlocks = false;
    int a = 0, b = 0;  // lines
};

// A twin's own statement of what check --races must report (tests/data/races/README.md).
struct Marked {
    std::string scene, size = "256x256";
    std::vector<Expected> expected;
    bool none = false;
    std::set<int> markedLines;
};

Marked readMarks(const std::string& path) {
    Marked m;
    std::ifstream in(path);
    std::map<std::string, int> marks;
    std::vector<std::smatch> expects;
    std::vector<std::string> expectLines;
    static const std::regex mark(R"(// \[([A-Z])\]\s*$)"), scene(R"(^// scene: (\S+))"), size(R"(^// size: (\S+))"),
        expect(R"(^// expect: (read-write|write-write) (within|across) ([A-Z]) ([A-Z]))");
    int number = 0;
    for (std::string line; std::getline(in, line);) {
        ++number;
        std::smatch s;
        if (std::regex_search(line, s, mark)) marks[s[1].str()] = number, m.markedLines.insert(number);
        if (std::regex_search(line, s, scene)) m.scene = s[1].str();
        if (std::regex_search(line, s, size)) m.size = s[1].str();
        if (line == "// expect: none") m.none = true;
        if (std::regex_search(line, s, expect)) expectLines.push_back(line);
    }
    for (const std::string& line : expectLines) {
        std::smatch s;
        std::regex_search(line, s, expect);
        m.expected.push_back({s[1].str() == "write-write", s[2].str() == "across", marks.at(s[3].str()), marks.at(s[4].str())});
    }
    return m;
}

std::string dataFile(const std::string& name) { return fs::absolute(racelab::testing::testDataPath(name)).lexically_normal().string(); }

bool reported(const std::vector<RacingLines>& races, const Expected& e, const std::string& file) {
    return racelab::gputest::reportedPair(races, e.writeWrite, e.acrossBlocks, e.a, e.b, file);
}

}  // namespace

TEST(AccessChecksGpu, EveryRacyTwinIsReportedAtItsLinesAndNoRaceFreeOne) {
    REQUIRE_CUDA_AND_NVRTC();
    int racy = 0, clean = 0;
    std::vector<fs::path> files;
    for (const auto& entry : fs::directory_iterator(racelab::testing::testDataPath("data/races")))
        if (entry.path().extension() == ".cu") files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    for (const fs::path& path : files) {
        const std::string file = fs::absolute(path).lexically_normal().string();
        SCOPED_TRACE(path.filename().string());
        const Marked marked = readMarks(file);
        ASSERT_FALSE(marked.scene.empty());
        ASSERT_NE(marked.none, !marked.expected.empty()) << "a twin says either what races or that nothing does";
        const Findings f = runInstrumented(marked.scene, file, marked.size, RACELAB_ACCESS_RACES);
        ASSERT_TRUE(f.thrown.empty()) << f.thrown;
        ASSERT_TRUE(f.status.accesses.has_value()) << f.status.message;
        if (marked.none) {
            ++clean;
            EXPECT_TRUE(f.races.empty()) << "a race-free twin reported:\n" << f.text;
            continue;
        }
        ++racy;
        for (const Expected& e : marked.expected)
            EXPECT_TRUE(reported(f.races, e, file)) << (e.writeWrite ? "write-write" : "read-write") << " "
                                                    << (e.acrossBlocks ? "across" : "within") << " lines " << e.a << " and " << e.b
                                                    << " not reported; what was:\n" << f.text;
        for (const RacingLines& r : f.races)
            EXPECT_TRUE(r.a.file == file && r.b.file == file && marked.markedLines.count(r.a.line) && marked.markedLines.count(r.b.line))
                << "a pair on an unmarked line (a false positive):\n" << f.text;
    }
    EXPECT_GE(racy, 10);
    EXPECT_GE(clean, 10);
}

TEST(AccessChecksGpu, TheStarterNamesItsReadAndItsWriteOnRand10k) {
    REQUIRE_CUDA_AND_NVRTC();
    const std::string starter = findAsset("kernels/circles/starter.cu");
    const Findings f = runInstrumented("circles/rand10k", starter, "1024x1024", RACELAB_ACCESS_RACES);
    ASSERT_TRUE(f.thrown.empty()) << f.thrown;
    ASSERT_TRUE(f.status.accesses.has_value());
    // starter.cu: line 30 reads the pixel, line 36 writes it back; circles of different blocks overlap.
    EXPECT_TRUE(reported(f.races, {false, true, 30, 36}, starter)) << f.text;
    EXPECT_TRUE(reported(f.races, {true, true, 36, 36}, starter)) << f.text;
    for (const RacingLines& r : f.races) {
        EXPECT_TRUE((r.a.line == 30 || r.a.line == 36) && (r.b.line == 30 || r.b.line == 36)) << f.text;
        EXPECT_GT(r.words, 1000u) << f.text;  // rand10k's circles overlap on many pixels
        EXPECT_NE(r.example.find("imageData element"), std::string::npos) << r.example;
        EXPECT_NE(r.example.find("(pixel ("), std::string::npos) << r.example;
    }
    EXPECT_NE(f.text.find("starter.cu:36  *imagePtr = blended;"), std::string::npos) << f.text;
    EXPECT_NE(f.text.find("starter.cu:30  float4 existing = *imagePtr;"), std::string::npos) << f.text;
}

TEST(AccessChecksGpu, ThePixelInspectorListsEveryAccessToAPixelInOrder) {
    REQUIRE_CUDA_AND_NVRTC();
    // The middle of rand10k, where circles overlap: every access to the pixel, in order; the starter reads a
    // pixel once (line 30) and writes it once (line 36) a circle covering it, so reads and writes alternate
    // thread by thread, and an overlap loses updates.
    const std::string starter = findAsset("kernels/circles/starter.cu");
    const Findings f = runInstrumented("circles/rand10k", starter, "1024x1024", RACELAB_ACCESS_RACES, 1, 1 << 16, std::pair{512, 512});
    ASSERT_TRUE(f.thrown.empty()) << f.thrown;
    ASSERT_TRUE(f.status.accesses.has_value());
    const std::vector<TracedAccess>& traced = f.status.accesses->traced;
    ASSERT_GE(traced.size(), 4u) << f.text;
    int reads = 0, writes = 0;
    for (const TracedAccess& a : traced) {
        const int line = f.sites->sites.at(static_cast<std::size_t>(a.site)).line;
        EXPECT_EQ(line, a.write ? 36 : 30);
        EXPECT_EQ(a.offset, 0);  // the pixel's own 16 bytes, from its start
        (a.write ? writes : reads) += 1;
    }
    EXPECT_EQ(reads, writes) << f.text;  // each covering circle's thread reads it once and writes it once
    EXPECT_NE(f.text.find("pixel (512, 512): "), std::string::npos) << f.text;
    EXPECT_NE(f.text.find("starter.cu:36  store"), std::string::npos) << f.text;
}

TEST(AccessChecksGpu, EveryExampleKernelIsClean) {
    REQUIRE_CUDA_AND_NVRTC();
    int examples = 0;
    for (const WorkloadFamily* family : workloadFamilies()) {
        if (!family->kernelContract) continue;
        for (const KernelExample& e : family->kernelContract->examples) {
            if (!e.correct) continue;  // the examples that race on purpose
            SCOPED_TRACE(e.asset);
            const std::map<std::string, std::string> scenes{{"circles", "circles/rand10k"}, {"histogram", "histogram/random"},
                                                            {"mesh", "mesh/torus"}, {"planes", "planes/default"}, {"fourier", "fourier/text"}};
            ASSERT_TRUE(scenes.count(family->name)) << "a family without a scene here: " << family->name;
            const Findings f = runInstrumented(scenes.at(family->name), findAsset(e.asset), "512x512",
                                               RACELAB_ACCESS_RACES | RACELAB_ACCESS_CHECKED);
            ASSERT_TRUE(f.thrown.empty()) << f.thrown;
            ASSERT_TRUE(f.status.accesses.has_value()) << f.status.message;
            EXPECT_TRUE(f.races.empty()) << f.text;
            EXPECT_EQ(f.status.accesses->strayCount, 0u) << f.text;
            ++examples;
        }
    }
    EXPECT_GE(examples, 6);
}

TEST(AccessChecksGpu, CheckedModeSkipsOutOfBoundsAccessesAndTheNextFrameDraws) {
    REQUIRE_CUDA_AND_NVRTC();
    // The judge tests' faulting kernel (a write to address 0x10) and a write one row past the image's end:
    // both skipped and reported at their line, with no fault; three frames drawn, so the worker went on.
    const std::string faulting = dataFile("data/kernels/faulting.cu");
    const Findings f = runInstrumented("circles/rgb", faulting, "256x256", RACELAB_ACCESS_CHECKED, 3);
    ASSERT_TRUE(f.thrown.empty()) << f.thrown;
    EXPECT_EQ(f.status.state, KernelState::Running) << f.status.message;
    EXPECT_EQ(f.status.frames, 3);
    ASSERT_TRUE(f.status.accesses.has_value());
    EXPECT_EQ(f.status.accesses->strayCount, 256u * 256u) << f.text;  // one a pixel's thread, every frame
    EXPECT_NE(f.text.find("faulting.cu:4 "), std::string::npos) << f.text;
    EXPECT_NE(f.text.find("no buffer near"), std::string::npos) << f.text;

    const fs::path folder = fs::temp_directory_path() / ("racelab-checked-" + std::to_string(::getpid()));
    fs::create_directories(folder);
    const std::string pastEnd = (folder / "past_end.cu").string();
    std::ofstream(pastEnd) << "#include <racelab/circles.cuh>\n"
                              "__global__ void renderPixels() {\n"
                              "    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;\n"
                              "    int w = cuConstRendererParams.imageWidth, h = cuConstRendererParams.imageHeight;\n"
                              "    if (x >= w || y >= h) return;\n"
                              "    cuConstRendererParams.imageData[4 * ((y + 1) * w + x)] = 1.f;\n"
                              "}\n"
                              "RACELAB_LAUNCHES(RACELAB_PER_PIXEL(renderPixels, 16, 16));\n";
    const Findings g = runInstrumented("circles/rgb", pastEnd, "256x256", RACELAB_ACCESS_CHECKED | RACELAB_ACCESS_RACES, 2);
    ASSERT_TRUE(g.thrown.empty()) << g.thrown;
    EXPECT_EQ(g.status.state, KernelState::Running) << g.status.message;
    ASSERT_TRUE(g.status.accesses.has_value());
    EXPECT_EQ(g.status.accesses->strayCount, 256u) << g.text;  // the top row's threads write one row past the end
    EXPECT_NE(g.text.find("past_end.cu:6 "), std::string::npos) << g.text;
    EXPECT_NE(g.text.find("after the end of imageData"), std::string::npos) << g.text;
    EXPECT_TRUE(g.races.empty()) << g.text;  // each element is still written by one thread
    fs::remove_all(folder);
}
