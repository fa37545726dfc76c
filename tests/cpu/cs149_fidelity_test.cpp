// racelab's CPU reference against CS149's own CPU reference: every circle scene, at the course's frame
// numbering, 1024x1024 and 512x512, judged by the course's rule on pixel probes of the course's frames
// (tests/data/cs149_probes.txt, made by tools/cs149/make-probes.sh from the course's sources).
#include <gtest/gtest.h>

#include <cstdio>

#include "cs149_probes.hpp"
#include "scenes/scene_registry.hpp"

using namespace racelab;
using namespace racelab::testing;

namespace {

HostImage cpuFrame(const Cs149Case& c) {
    SceneOptions options;
    options.seed = c.seed;
    options.backend = Backend::Cpu;
    auto scene = createScene("circles/" + c.scene, options);
    for (long i = 0; i < c.frame; ++i) scene->advance(kFixedStepSeconds, nullptr);
    HostImage image(c.width, c.height);
    scene->renderReference(image, true);
    return image;
}

}  // namespace

TEST(Cs149Fidelity, ProbeTableCoversEveryCircleScene) {
    const auto cases = loadCs149Probes(cs149ProbesPath());
    for (const auto& listing : listScenes()) {
        if (listing.name.rfind("circles/", 0) != 0) continue;
        const std::string name = listing.name.substr(8);
        bool at1024 = false, at512 = false;
        for (const auto& c : cases) {
            if (c.scene != name) continue;
            at1024 |= c.width == 1024;
            at512 |= c.width == 512;
        }
        EXPECT_TRUE(at1024 && at512) << listing.name << " has no probes of the course's frames at 1024 and 512";
    }
}

TEST(Cs149Fidelity, CpuReferencePassesTheCourseRuleOnEveryProbedFrame) {
    const auto cases = loadCs149Probes(cs149ProbesPath());
    ASSERT_GE(cases.size(), 40u);
    for (const auto& c : cases) {
        const HostImage image = cpuFrame(c);
        const CourseComparison r = compareWithCourse(c, image);
        std::printf("  %-13s %4dx%-4d frame %2ld seed %3u: %ld of %ld probes' channels outside 0.1, largest difference %d steps\n",
                    c.scene.c_str(), c.width, c.height, c.frame, c.seed, r.mismatches, 3 * r.probes, r.maxDifference);
        EXPECT_LE(r.mismatches, kCourseMaxMismatches) << c.scene << " " << c.width << " frame " << c.frame << " seed " << c.seed;
        // Stricter than the course: the same float arithmetic as its reference, so the bytes differ only by the
        // course's truncation versus racelab's rounding (x86-64 with glibc's libm, where the table was made).
        EXPECT_LE(r.maxDifference, 1) << c.scene << " " << c.width << " frame " << c.frame << " seed " << c.seed;
    }
}

// The table itself must be able to fail a wrong scene: the old rand1M (rand10k's radii and colours above
// 100k circles) and a frame off by one step must both be caught.
TEST(Cs149Fidelity, ProbesRejectAWrongFrameNumber) {
    const auto cases = loadCs149Probes(cs149ProbesPath());
    for (const auto& c : cases) {
        if (c.scene != "snow" || c.frame != 60 || c.width != 512 || c.seed != 0) continue;
        Cs149Case shifted = c;
        shifted.frame = 61;
        EXPECT_GT(compareWithCourse(c, cpuFrame(shifted)).mismatches, kCourseMaxMismatches);
        return;
    }
    FAIL() << "no snow frame 60 at 512 in the table";
}
