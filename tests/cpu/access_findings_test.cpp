// The findings of an instrumented frame in the user's terms, on a hand-made report: pairs of sites folded into
// pairs of lines, an access in a toolkit header named at the user's line that called it, the pixel of an
// image output in PNG coordinates (rows stored bottom-up), threads as (x, y, z) of their block, skipped accesses
// with their distance to the nearest buffer; and the report's JSON round trip between worker and racelab.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "fresh_folder.hpp"
#include "userkernel/racecheck/access_findings.hpp"

using namespace racelab::userkernel;
namespace fs = std::filesystem;

namespace {

struct KernelAndSites {
    std::string file;
    AccessSites sites;
    FindingContext context;
};

// A kernel file of 6 lines and four sites: a load and a store at lines 3 and 4, a second store at line 4 (the
// other half of a vector), an atomic inside a toolkit header inlined at line 5.
KernelAndSites kernelAndSites() {
    KernelAndSites s;
    const fs::path folder = freshTestFolder("access-findings");
    s.file = (folder / "k.cu").string();
    std::ofstream(s.file) << "#include <racelab/circles.cuh>\n__global__ void k() {\n    float4 v = *p;\n    *p = v;\n"
                             "    atomicAdd(c, 1);\n}\n";
    s.sites.sites = {{"load", "global", 16, false, s.file, 3, "", 0, "ld.global.v4.f32"},
                     {"store", "global", 16, false, s.file, 4, "", 0, "st.global.v4.f32"},
                     {"store", "global", 8, false, s.file, 4, "", 0, "st.global.v2.f32"},
                     {"atomic", "global", 4, true, "/usr/local/cuda/include/device_atomic_functions.hpp", 107, s.file, 5, "atom"}};
    s.context.userFiles = {s.file};
    s.context.width = 4, s.context.height = 2;
    s.context.outputs = {{"imageData", 4 * 2 * 16}};  // 4x2 float4 pixels
    return s;
}

AccessReport twoPairs() {
    AccessReport r;
    r.launches = {{"k", {2, 1, 1}, {4, 1, 1}}};
    // Read-write across blocks at image byte 80: pixel 5 (x 1, row 1, so PNG y 0); threads 1 and 6.
    r.races.push_back({0, 1, false, true, 10, 12, "imageData", 80, 1, 6, 0});
    // Write-write on line 4 from two sites: folded into one pair of lines, words added.
    r.races.push_back({1, 1, true, true, 7, 7, "imageData", 16, 2, 5, 0});
    r.races.push_back({2, 1, true, true, 3, 3, "imageData", 32, 3, 4, 0});
    return r;
}

}  // namespace

TEST(AccessFindings, PairsOfSitesFoldIntoPairsOfLinesWithAPixelAndThreads) {
    const KernelAndSites s = kernelAndSites();
    const std::vector<RacingLines> lines = racingLines(twoPairs(), s.sites, s.context);
    ASSERT_EQ(lines.size(), 2u);
    // Most words first: the read-write pair (10) before the folded write-write pair (7 + 3 = 10, fewer events).
    EXPECT_FALSE(lines[0].writeWrite);
    EXPECT_EQ(lines[0].a.line, 3);
    EXPECT_EQ(lines[0].b.line, 4);
    EXPECT_EQ(lines[0].a.text, "float4 v = *p;");
    EXPECT_EQ(lines[0].words, 10u);
    EXPECT_EQ(lines[0].example, "imageData element 5 (pixel (1, 0)): thread (1, 0, 0) of block (0, 0, 0) and thread (2, 0, 0) of block (1, 0, 0) of k");
    EXPECT_TRUE(lines[1].writeWrite);
    EXPECT_EQ(lines[1].a.line, 4);
    EXPECT_EQ(lines[1].b.line, 4);
    EXPECT_EQ(lines[1].words, 10u);
    EXPECT_EQ(lines[1].events, 10u);
}

TEST(AccessFindings, AnAccessInAToolkitHeaderIsNamedAtTheUsersLine) {
    const KernelAndSites s = kernelAndSites();
    const SourceLine l = siteLine(s.sites.sites[3], s.context);
    EXPECT_EQ(l.file, s.file);
    EXPECT_EQ(l.line, 5);
    EXPECT_EQ(l.text, "atomicAdd(c, 1);");
}

TEST(AccessFindings, SkippedAccessesSayHowFarFromWhichBuffer) {
    const KernelAndSites s = kernelAndSites();
    AccessReport r;
    r.launches = {{"k", {2, 1, 1}, {4, 1, 1}}};
    r.strayCount = 3;
    r.strays = {{1, 0x1000, 16, 5, 0, "imageData", 0, false},    // right after the end
                {1, 0x2000, 16, 6, 0, "imageData", 48, false},   // 48 bytes after it
                {3, 0x10, 4, 7, 0, "", 0, false}};               // far from everything
    r.racesLookedFor = false;
    const std::string text = formatAccessFindings(r, s.sites, s.context);
    EXPECT_NE(text.find("races: not looked for"), std::string::npos) << text;
    EXPECT_NE(text.find("checked: 3 accesses outside the kernel's memory skipped"), std::string::npos) << text;
    EXPECT_NE(text.find("k.cu:4  *p = v;  (store, 16 bytes): right after the end of imageData, thread (1, 0, 0) of block (1, 0, 0)"),
              std::string::npos) << text;
    EXPECT_NE(text.find("48 bytes after the end of imageData, thread (2, 0, 0) of block (1, 0, 0)"), std::string::npos) << text;
    EXPECT_NE(text.find("k.cu:5  atomicAdd(c, 1);  (atomic, 4 bytes): address 0x10, no buffer near"), std::string::npos) << text;
}

TEST(AccessFindings, TheReportSurvivesTheWorkersJson) {
    AccessReport r = twoPairs();
    r.strayCount = 1;
    r.strays = {{2, 0x40, 8, 9, 0, "imageData", -16, true}};
    r.shadowBytes = 640, r.shadowedBytes = 128, r.untracked = 4;
    const AccessReport back = accessReportFrom(nlohmann::json::parse(accessReportJson(r).dump()));
    ASSERT_EQ(back.races.size(), 3u);
    EXPECT_EQ(back.races[0].offset, 80);
    EXPECT_EQ(back.races[1].writeWrite, true);
    EXPECT_EQ(back.strays[0].distance, -16);
    EXPECT_TRUE(back.strays[0].misaligned);
    EXPECT_EQ(back.launches[0].block[0], 4u);
    EXPECT_EQ(back.shadowBytes, 640u);
    EXPECT_EQ(back.untracked, 4u);
    EXPECT_TRUE(back.racesLookedFor);
}

TEST(AccessFindings, ThePixelInspectorSaysWhichUpdateWasLost) {
    // Threads 1 and 2 both read the pixel, then 1 writes, then 2 writes over it without reading again: 1's
    // update is lost. Then thread 3 reads and writes: 2's update is not lost (3 read it first).
    const KernelAndSites s = kernelAndSites();
    AccessReport r;
    r.launches = {{"k", {2, 1, 1}, {4, 1, 1}}};
    r.traced = {{0, 1, 0, false, false, 0}, {0, 2, 0, false, false, 0}, {1, 1, 0, true, false, 0},
                {1, 2, 0, true, false, 0}, {0, 3, 0, false, false, 0}, {1, 3, 0, true, false, 0}};
    r.tracedCount = 6;
    const std::string text = formatTracedAccesses(r, s.sites, s.context, {1, 0});
    EXPECT_NE(text.find("pixel (1, 0): 6 accesses in this frame, in the order seen:"), std::string::npos) << text;
    EXPECT_NE(text.find("  3. thread (1, 0, 0) of block (0, 0, 0)  k.cu:4  store  -- lost: thread (2, 0, 0) of block (0, 0, 0) wrote over it "
                        "without reading it\n"),
              std::string::npos) << text;
    EXPECT_NE(text.find("  4. thread (2, 0, 0) of block (0, 0, 0)  k.cu:4  store\n"), std::string::npos) << text;
    EXPECT_EQ(text.find("lost", text.find("  4. ")), std::string::npos) << text;
}

TEST(AccessFindings, APixelIsTracedAtItsBytesWithRowsStoredBottomUp) {
    racelab::KernelFrame frame;
    frame.width = 4, frame.height = 2;
    frame.outputs = {{"imageData", 4 * 2 * 16}};
    const racelab::KernelFrame::Traced t = tracedBytes(frame, {1, 0});  // PNG row 0 is the stored row 1
    EXPECT_EQ(t.output, 0);
    EXPECT_EQ(t.offset, (1u * 4u + 1u) * 16u);
    EXPECT_EQ(t.bytes, 16u);
    EXPECT_EQ(tracedBytes(frame, {4, 0}).bytes, 0u);  // outside
}
