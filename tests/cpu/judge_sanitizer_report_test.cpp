// compute-sanitizer's text reports mapped to the user's lines: logs written by hand in the tool's layout
// (a memcheck out-of-bounds write, a racecheck shared-memory race between two lines, racelab's own kernels
// and host frames around them), each asserted field by field.
#include <gtest/gtest.h>

#include "judge/sanitizer_report.hpp"

using namespace racelab::judge;

namespace {

const std::string kSource = "/home/ann/hw3/mine.cu";

const char* kRacecheckLog =
    "========= COMPUTE-SANITIZER\n"
    "========= Error: Race reported between Write access at shadeTile()+0x1e0 in /home/ann/hw3/mine.cu:12\n"
    "=========     and Read access at shadeTile()+0x250 in /home/ann/hw3/mine.cu:15 [248 hazards]\n"
    "=========\n"
    "========= Error: Race reported between Write access at shadeTile()+0x1e0 in /home/ann/hw3/mine.cu:12\n"
    "=========     and Read access at shadeTile()+0x250 in /home/ann/hw3/mine.cu:15 [8 hazards]\n"
    "=========\n"
    "========= Error: Race reported between Write access at racelabOwn()+0x10 in /src/racelab/kernels/x.cu:3\n"
    "=========     and Read access at racelabOwn()+0x20 in /src/racelab/kernels/x.cu:4 [2 hazards]\n"
    "=========\n"
    "the kernel's printf line\n"
    "========= RACECHECK SUMMARY: 3 hazards displayed (3 errors, 0 warnings)\n";

const char* kMemcheckLog =
    "========= COMPUTE-SANITIZER\n"
    "========= Invalid __global__ write of size 16 bytes\n"
    "=========     at renderPixels()+0x2c0 in mine.cu:7\n"
    "=========     by thread (31,0,0) in block (40,0,0)\n"
    "=========     Address 0x7f0000400000 is out of bounds\n"
    "=========     and is 1 bytes after the nearest allocation at 0x7f0000000000 of size 4194304 bytes\n"
    "=========     Saved host backtrace up to driver entry point at kernel launch time\n"
    "=========         Host Frame: racelab::userkernel::runFrame in worker_main.cpp:210 [0x4a2b1]\n"
    "=========\n"
    "========= ERROR SUMMARY: 1 error\n";

}  // namespace

TEST(SanitizerReport, ARaceBetweenTwoLinesOfTheUsersFileIsToldOnceWithBothLines) {
    const auto findings = parseSanitizerLog(kRacecheckLog, "racecheck", kSource);
    ASSERT_EQ(findings.size(), 1u);  // the two identical reports merged; racelab's own kernel dropped
    const SanitizerFinding& race = findings[0];
    EXPECT_EQ(race.tool, "racecheck");
    EXPECT_EQ(race.summary, "Error: Race reported between Write access and Read access");
    EXPECT_EQ(race.hazards, 256);
    EXPECT_EQ(race.times, 2);
    ASSERT_EQ(race.locations.size(), 2u);
    EXPECT_EQ(race.locations[0], (SanitizerLocation{"Write access", "shadeTile()", kSource, 12}));
    EXPECT_EQ(race.locations[1], (SanitizerLocation{"Read access", "shadeTile()", kSource, 15}));
    EXPECT_FALSE(sanitizerLogIsClean(kRacecheckLog));
}

TEST(SanitizerReport, AnOutOfBoundsWriteNamesItsLineEvenWhenOnlyTheFileNameIsPrinted) {
    const auto findings = parseSanitizerLog(kMemcheckLog, "memcheck", kSource);
    ASSERT_EQ(findings.size(), 1u);
    EXPECT_EQ(findings[0].summary, "Invalid __global__ write of size 16 bytes (Address 0x7f0000400000 is out of bounds)");
    ASSERT_EQ(findings[0].locations.size(), 1u);  // the host frame in worker_main.cpp is not the user's
    EXPECT_EQ(findings[0].locations[0].line, 7);
    EXPECT_EQ(findings[0].locations[0].file, kSource);  // the whole path, which an editor opens
    EXPECT_EQ(findings[0].locations[0].what, "Invalid __global__ write of size 16 bytes");
    // The same file name in another folder is not the user's file.
    EXPECT_TRUE(parseSanitizerLog(kMemcheckLog, "memcheck", "/elsewhere/other.cu").empty());
}

TEST(SanitizerReport, FindingsPrintAsEditorLocationsWithTheSourceLine) {
    std::string source;
    for (int line = 1; line <= 20; ++line) source += "line " + std::to_string(line) + " of the kernel\n";
    const std::string text = formatSanitizerFindings(parseSanitizerLog(kRacecheckLog, "racecheck", kSource), source);
    EXPECT_EQ(text,
              "/home/ann/hw3/mine.cu:12: error: racecheck: Error: Race reported between Write access and Read access, 256 "
              "hazards, reported 2 times [this line: Write access]\n"
              "   12 | line 12 of the kernel\n"
              "/home/ann/hw3/mine.cu:15: error: racecheck: Error: Race reported between Write access and Read access, 256 "
              "hazards, reported 2 times [this line: Read access]\n"
              "   15 | line 15 of the kernel\n");
    EXPECT_EQ(formatSanitizerFindings({}, source), "");
}

TEST(SanitizerReport, CleanLogsAreToldFromUnfinishedOnes) {
    EXPECT_TRUE(sanitizerLogIsClean("========= COMPUTE-SANITIZER\n========= ERROR SUMMARY: 0 errors\n"));
    EXPECT_TRUE(sanitizerLogIsClean("========= RACECHECK SUMMARY: 0 hazards displayed (0 errors, 0 warnings)\n"));
    EXPECT_FALSE(sanitizerLogIsClean("========= COMPUTE-SANITIZER\n"));  // the run never reached its summary
    EXPECT_FALSE(sanitizerLogIsClean(kMemcheckLog));
    EXPECT_TRUE(parseSanitizerLog("========= ERROR SUMMARY: 0 errors\n", "memcheck", kSource).empty());
}
