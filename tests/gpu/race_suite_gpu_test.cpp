// The labelled race suite on the GPU (tests/data/races/suite): every kernel drawn once instrumented, as check
// --races draws it. Every racy kernel is reported at the pairs of lines its label names, with their kind and
// relation, and at no line its label leaves unmarked; no race-free kernel reports anything. A table of the
// verdicts by class goes to the output, for docs/HARDENING.md.
#include <gtest/gtest.h>

#include <cstdio>
#include <map>
#include <set>
#include <string>

#include "instrumented_frame.hpp"
#include "race_suite.hpp"
#include "user_kernel_test_support.hpp"
#include "userkernel/racecheck/device/racelab/access_check_layout.cuh"

using racelab::testing::SuiteKernel;
using racelab::testing::SuitePair;

namespace {

struct ClassTally {
    int racy = 0, named = 0, clean = 0, quiet = 0;
};

}  // namespace

TEST(RaceSuiteGpu, EveryRacyKernelIsNamedAtItsLinesAndNoRaceFreeOneReportsAnything) {
    REQUIRE_CUDA_AND_NVRTC();
    const std::vector<SuiteKernel> suite = racelab::testing::raceSuite();
    std::map<std::string, ClassTally> tally;
    int racy = 0, clean = 0;
    for (const SuiteKernel& k : suite) {
        SCOPED_TRACE(k.path);
        ASSERT_TRUE(k.problems.empty()) << k.problems.front();
        const racelab::gputest::Findings f = racelab::gputest::runInstrumented(k.scene, k.path, k.size, RACELAB_ACCESS_RACES);
        ASSERT_TRUE(f.thrown.empty()) << f.thrown;
        ASSERT_TRUE(f.status.accesses.has_value()) << f.status.message;
        ClassTally& t = tally[k.kernelClass];
        if (!k.racy) {
            ++clean, ++t.clean;
            EXPECT_TRUE(f.races.empty()) << "a race-free kernel reported (a false positive):\n" << f.text;
            t.quiet += f.races.empty();
            continue;
        }
        ++racy, ++t.racy;
        bool all = true;
        for (const SuitePair& p : k.expected) {
            const bool found = racelab::gputest::reportedPair(f.races, p.writeWrite, p.acrossBlocks, p.lineA, p.lineB, k.path);
            EXPECT_TRUE(found) << (p.writeWrite ? "write-write" : "read-write") << " " << (p.acrossBlocks ? "across" : "within") << " lines "
                               << p.lineA << " and " << p.lineB << " not reported; what was:\n" << f.text;
            all = all && found;
        }
        const std::set<int> marked = racelab::testing::markedLines(k);
        for (const auto& r : f.races) {
            const bool onMarks = r.a.file == k.path && r.b.file == k.path && marked.count(r.a.line) && marked.count(r.b.line);
            EXPECT_TRUE(onMarks) << "a pair on an unmarked line (a false positive):\n" << f.text;
            all = all && onMarks;
        }
        t.named += all;
    }
    std::printf("race suite, check --races: class, racy kernels named at both lines, race-free kernels quiet\n");
    for (const auto& [name, t] : tally) std::printf("  %-18s %2d/%-2d %2d/%-2d\n", name.c_str(), t.named, t.racy, t.quiet, t.clean);
    EXPECT_GE(racy, 40);
    EXPECT_GE(clean, 40);
}
