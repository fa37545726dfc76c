// The labelled race suite on the CPU (tests/data/races/suite): every kernel carries a label the tools can read
// and whose line numbers agree with its marks, every twin has both halves, and every kernel builds instrumented
// (NVRTC, the PTX rewrite, nvJitLink) with a checked access at each line its label names, and with what its
// class needs the rewrite to see: fences and releases for message passing, partial masks for __syncwarp, scopes
// for atomics. The GPU test (race_suite_gpu_test.cpp) holds the verdicts.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>

#include "nvrtc_test_support.hpp"
#include "race_suite.hpp"
#include "scenes/scene_registry.hpp"
#include "userkernel/build/jit_link_library.hpp"
#include "userkernel/build/nvcc_facts.hpp"
#include "userkernel/build/whole_file_build.hpp"
#include "userkernel/racecheck/device/racelab/access_check_layout.cuh"
#include "userkernel/racecheck/ptx_instrument.hpp"
#include "userkernel/worker/cubin_symbols.hpp"

using namespace racelab;
using namespace racelab::userkernel;
using racelab::testing::SuiteKernel;

TEST(RaceSuiteLabels, EveryKernelIsLabelledAndEveryTwinHasBothHalves) {
    const std::vector<SuiteKernel> suite = racelab::testing::raceSuite();
    std::map<std::string, std::pair<int, int>> halves;  // form/twin: racy, clean
    std::map<std::string, std::string> classOf;
    std::set<std::string> classes;
    for (const SuiteKernel& k : suite) {
        SCOPED_TRACE(k.path);
        for (const std::string& problem : k.problems) ADD_FAILURE() << problem;
        const std::string key = k.form + "/" + k.twin;
        (k.racy ? halves[key].first : halves[key].second) += 1;
        if (classOf.count(key)) {
            EXPECT_EQ(classOf[key], k.kernelClass) << "the two halves of a twin are of one class";
        }
        classOf[key] = k.kernelClass;
        classes.insert(k.kernelClass);
    }
    int launchListTwins = 0;
    for (const auto& [key, count] : halves) {
        EXPECT_EQ(count, std::make_pair(1, 1)) << key << ": a twin is one racy and one race-free kernel";
        launchListTwins += key.rfind("launch_list/", 0) == 0;
    }
    EXPECT_GE(launchListTwins, 40);
    EXPECT_GE(classes.size(), 10u);
    for (const char* needed : {"scope", "syncwarp-mask", "read-only", "read-history", "fence-message", "warp-synchronous", "shared-barrier",
                               "global-blocks", "atomic-plain"})
        EXPECT_TRUE(classes.count(needed)) << "no twin of class " << needed;
}

TEST(RaceSuiteLabels, ALabelWhoseLinesDisagreeWithItsMarksIsCaught) {
    const std::filesystem::path file = std::filesystem::temp_directory_path() / ("racelab-suite-" + std::to_string(::getpid()));
    std::filesystem::create_directories(file);
    const std::filesystem::path path = file / "moved_racy.cu";
    std::ofstream(path) << "// suite: class=scope twin=moved verdict=race\n// scene: histogram/random\n"
                           "// expect: write-write across A A lines 4 4\n\n__device__ unsigned c;  // [A]\n";
    const SuiteKernel k = racelab::testing::readSuiteKernel(path);
    ASSERT_EQ(k.problems.size(), 2u);  // [A] is on line 5, not 4 (both ends of the pair say so)
    EXPECT_NE(k.problems[0].find("[A] marks line 5, the label says 4"), std::string::npos) << k.problems[0];
    std::filesystem::remove_all(file);
}

namespace {

class RaceSuiteBuilds : public ::testing::TestWithParam<SuiteKernel> {};

// The sites of `build` at `line` of its own file (an access in a header function at the line that called it).
std::vector<AccessSite> sitesAt(const AccessSites& sites, const std::string& file, int line) {
    std::vector<AccessSite> at;
    for (const AccessSite& s : sites.sites)
        if ((s.file == file && s.line == line) || (s.callerFile == file && s.callerLine == line)) at.push_back(s);
    return at;
}

bool reads(const AccessSite& s) { return s.kind == "load" || s.kind == "atomic"; }
bool writes(const AccessSite& s) { return s.kind == "store" || s.kind == "atomic"; }

std::string nameOf(const ::testing::TestParamInfo<SuiteKernel>& info) { return std::filesystem::path(info.param.path).stem().string(); }

}  // namespace

// The sites table of `k`'s instrumented build: a launch list's from its cubin (NVRTC, nvJitLink), a whole
// file's from its build (nvcc, the PTX rewritten: whole_file_instrumented.hpp). Skips where the compiler is
// missing.
std::optional<AccessSites> instrumentedSites(const SuiteKernel& k, std::string& buildPath) {
    if (k.form == "whole_file") {
        if (findNvcc().empty()) return std::nullopt;
        const KernelBuild build = buildWholeFile({k.path, "sm_90", 300, RACELAB_ACCESS_RACES},
                                                 *findScene("circles/rgb").family->kernelContract->wholeFile, KernelCache(""));
        EXPECT_TRUE(build.ok) << build.messages();
        buildPath = build.sourcePath;
        return build.accessSites;
    }
    const KernelBuild build = compileKernel({k.path, "sm_90", {}, std::nullopt, RACELAB_ACCESS_RACES}, KernelCache(""));
    EXPECT_TRUE(build.ok) << build.messages();
    buildPath = build.sourcePath;
    const auto symbols = readCubinSymbols(build.cubin);
    const auto bytes = symbols ? symbols->variableBytes(kAccessSitesSymbol) : std::nullopt;
    return bytes ? accessSitesFromJson(*bytes) : std::nullopt;
}

TEST_P(RaceSuiteBuilds, EachKernelBuildsInstrumentedWithItsLinesChecked) {
    const SuiteKernel& k = GetParam();
    if (k.form == "whole_file") {
        if (findNvcc().empty()) GTEST_SKIP() << nvccMissingAdvice();
    } else {
        REQUIRE_NVRTC();
        if (const std::string missing = jitLinkMissing(); !missing.empty()) GTEST_SKIP() << missing;
    }
    std::string sourcePath;
    const std::optional<AccessSites> sites = instrumentedSites(k, sourcePath);
    ASSERT_TRUE(sites.has_value());
    EXPECT_TRUE(sites->notCovered.empty()) << sites->notCovered.front();
    for (const racelab::testing::SuitePair& p : k.expected) {
        const std::vector<AccessSite> a = sitesAt(*sites, sourcePath, p.lineA), b = sitesAt(*sites, sourcePath, p.lineB);
        EXPECT_TRUE(std::any_of(a.begin(), a.end(), p.writeWrite ? writes : reads)) << "no checked access at line " << p.lineA;
        EXPECT_TRUE(std::any_of(b.begin(), b.end(), writes)) << "no checked write at line " << p.lineB;
    }
    // What the kernel's class needs the rewrite to have seen.
    if (k.kernelClass == "fence-message") {
        EXPECT_EQ(sites->ordersBlocks(), !k.racy) << "a wide fence or release only in the race-free twin";
    }
    if (k.kernelClass == "syncwarp-mask") {
        EXPECT_GT(sites->partialWarpSyncs, 0);
    }
    for (const AccessSite& s : sites->sites) {
        if (s.strong) {
            EXPECT_TRUE(s.scope == "block" || s.scope == "cluster" || s.scope == "gpu" || s.scope == "system") << s.instruction;
        }
    }
    if (k.kernelClass == "scope" && k.racy && k.twin.rfind("atomic_", 0) == 0) {
        EXPECT_TRUE(std::any_of(sites->sites.begin(), sites->sites.end(), [](const AccessSite& s) { return s.scope == "block"; }))
            << "a block-scoped atomic in the racy twin";
    }
    if (k.kernelClass == "read-only" && k.racy) {
        const bool readOnly = std::any_of(sites->sites.begin(), sites->sites.end(),
                                          [](const AccessSite& s) { return s.instruction.find(".nc.") != std::string::npos; });
        EXPECT_TRUE(readOnly) << "a load through the read-only path";
    }
}

INSTANTIATE_TEST_SUITE_P(Suite, RaceSuiteBuilds, ::testing::ValuesIn(racelab::testing::raceSuite()), nameOf);
