// racelab visibility's rule options end to end: the summary names the rule, --visible-is-1 inverts the file,
// bad --epsilon / --segment --ray / --rule values are refused with a clear message and no output file.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "process_runner.hpp"
#include "read_file.hpp"

namespace fs = std::filesystem;

namespace {

// Files are named after the running test: ctest runs the tests of this file in parallel processes.
std::string scratch(const std::string& name) {
    const std::string test = ::testing::UnitTest::GetInstance()->current_test_info()->name();
    return (fs::temp_directory_path() / ("racelab_vis_rules_" + test + "_" + name)).string();
}

std::string write(const std::string& name, const std::string& text) {
    auto path = scratch(name);
    std::ofstream(path) << text;
    return path;
}

// The unit triangle in z = 0 and a fourth vertex above it; the origin below the triangle.
std::string meshArguments() {
    return "--backend cpu --verts " + write("v.csv", "0,0,0\n1,0,0\n0,1,0\n0,0,1\n") + " --tris " + write("t.csv", "0,1,2\n") +
           " --origin 0.2,0.2,-1";
}

std::string outPath() { return scratch("out.txt"); }

}  // namespace

// From (.2,.2,-1): vertex 3 (0,0,1) lies behind the triangle (the segment crosses z = 0 at (.1,.1), t = .5, inside),
// so it is blocked; the triangle's own corners are met at t = 1, which no segment rule counts. As a ray (writeup's
// default) the corners block too: t = 1 > 1e-7 and the corner is inside with inclusive bounds.
TEST(VisibilityCommand, RulesSummaryAndVisibleIsOne) {
    const std::string out = outPath();
    fs::remove(out);
    ProcessResult r = runRacelab("visibility " + meshArguments() + " --out " + out);
    ASSERT_EQ(r.exitCode, 0) << r.output;
    EXPECT_EQ(readFile(out), "0\n0\n0\n1\n");
    EXPECT_NE(r.output.find("rule geometric, epsilon 0.0001, segment"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("1 = blocked"), std::string::npos) << r.output;

    r = runRacelab("visibility " + meshArguments() + " --visible-is-1 --out " + out);
    ASSERT_EQ(r.exitCode, 0) << r.output;
    EXPECT_EQ(readFile(out), "1\n1\n1\n0\n");
    EXPECT_NE(r.output.find("1 = visible"), std::string::npos) << r.output;

    r = runRacelab("visibility " + meshArguments() + " --rule margin --out " + out);
    ASSERT_EQ(r.exitCode, 0) << r.output;
    EXPECT_EQ(readFile(out), "0\n0\n0\n1\n");
    EXPECT_NE(r.output.find("rule margin, epsilon 1e-05, segment"), std::string::npos) << r.output;

    r = runRacelab("visibility " + meshArguments() + " --rule writeup --out " + out);
    ASSERT_EQ(r.exitCode, 0) << r.output;
    EXPECT_EQ(readFile(out), "1\n1\n1\n1\n");
    EXPECT_NE(r.output.find("rule writeup, epsilon 1e-07, ray"), std::string::npos) << r.output;

    r = runRacelab("visibility " + meshArguments() + " --rule writeup --segment --epsilon 0.001 --out " + out);
    ASSERT_EQ(r.exitCode, 0) << r.output;
    EXPECT_EQ(readFile(out), "0\n0\n0\n1\n");
    EXPECT_NE(r.output.find("rule writeup, epsilon 0.001, segment"), std::string::npos) << r.output;
    fs::remove(out);
}

TEST(VisibilityCommand, BadRuleOptionsAreRefused) {
    const std::string out = outPath();
    fs::remove(out);
    auto refused = [&](const std::string& options, const std::string& message) {
        ProcessResult r = runRacelab("visibility " + meshArguments() + " " + options + " --out " + out);
        EXPECT_NE(r.exitCode, 0) << options;
        EXPECT_NE(r.output.find(message), std::string::npos) << options << "\n" << r.output;
        EXPECT_FALSE(fs::exists(out)) << options;
    };
    refused("--epsilon -1", "--epsilon '-1' must be a finite number >= 0");
    refused("--epsilon nan", "--epsilon 'nan' must be a finite number >= 0");
    refused("--epsilon inf", "--epsilon 'inf' must be a finite number >= 0");
    refused("--epsilon 1e-3x", "--epsilon '1e-3x' must be a finite number >= 0");
    refused("--segment --ray", "--segment and --ray exclude each other");
    refused("--rule nope", "unknown visibility rule 'nope' (valid rules: geometric, writeup, margin)");
}

TEST(VisibilityCommand, HelpExplainsEveryRule) {
    ProcessResult r = runRacelab("visibility --help");
    EXPECT_EQ(r.exitCode, 0);
    for (const char* line : {"  geometric: ", "  writeup: ", "  margin: ", "--visible-is-1", "--epsilon", "--segment", "--ray"})
        EXPECT_NE(r.output.find(line), std::string::npos) << line << "\n" << r.output;
}
