// The instrumented build (check --races, --checked) on the CPU: the PTX rewrite on hand-written PTX, where
// every inserted line is known, and NVRTC + the rewrite + nvJitLink on the starter and every example, which
// must assemble, with each site at the line its source says.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>

#include "core/asset_paths.hpp"
#include "core/read_file.hpp"
#include "test_data.hpp"
#include "nvrtc_test_support.hpp"
#include "scenes/scene_registry.hpp"
#include "userkernel/worker/cubin_symbols.hpp"
#include "userkernel/build/jit_link_library.hpp"
#include "userkernel/racecheck/ptx_instrument.hpp"

using namespace racelab;
using namespace racelab::userkernel;

namespace {

// The module shape NVRTC writes: the checks' functions first (as racelab/access_check.cuh makes them), then a
// kernel with a guarded global store, a shared load through a 32-bit register, a barrier, a __syncwarp, a
// variable's atomic, a local store (not checked) and a cp.async (not covered).
const char* const kSmallModule = R"(.version 9.0
.target sm_90
.address_size 64
.global .align 4 .u32 counter;
.func  (.param .b32 func_retval0) racelabAccess(
	.param .b64 racelabAccess_param_0,
	.param .b32 racelabAccess_param_1
)
{
	ld.global.u32 %r1, [%rd1];
	ret;
}
.func racelabBarrier()
{
	ret;
}
.func racelabWarpSync(
	.param .b32 racelabWarpSync_param_0
)
{
	ret;
}
.func racelabFence()
{
	ret;
}
.func racelabAcquire()
{
	ret;
}
.visible .entry k(
	.param .u64 k_param_0
)
{
	.reg .pred 	%p<2>;
	.reg .b32 	%r<11>;
	.reg .f32 	%f<6>;
	.reg .b64 	%rd<8>;
	.shared .align 4 .b8 tile[256];
	.loc	1 10 5
	@%p1 st.global.f32 	[%rd4+16], %f1;
	.loc	2 20 3, function_name $L__info_string0, inlined_at 1 11 7
	ld.shared.v2.f32 	{%f2, %f3}, [%r9];
	bar.sync 	0;
	bar.warp.sync 	-1;
	.loc	1 12 5
	atom.global.add.u32 	%r10, [counter], 1;
	st.local.u32 	[%rd5], %r1;
	cp.async.ca.shared.global [%r2], [%rd6], 16;
	ret;
}
	.file	1 "/home/user/k.cu"
	.file	2 "/home/user/helpers.cuh"
)";

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

TEST(PtxInstrument, EveryAccessIsCheckedAtItsLineAndBarriersCounted) {
    const InstrumentedPtx out = instrumentPtx(kSmallModule);
    ASSERT_TRUE(out.error.empty()) << out.error;
    const std::vector<AccessSite>& sites = out.sites.sites;
    ASSERT_EQ(sites.size(), 3u);  // the store, the shared load, the atomic; not the local store nor racelab's own load
    EXPECT_EQ(sites[0].kind, "store");
    EXPECT_EQ(sites[0].space, "global");
    EXPECT_EQ(sites[0].bytes, 4);
    EXPECT_EQ(sites[0].file, "/home/user/k.cu");
    EXPECT_EQ(sites[0].line, 10);
    EXPECT_EQ(sites[1].kind, "load");
    EXPECT_EQ(sites[1].space, "shared");
    EXPECT_EQ(sites[1].bytes, 8);
    EXPECT_EQ(sites[1].file, "/home/user/helpers.cuh");
    EXPECT_EQ(sites[1].line, 20);
    EXPECT_EQ(sites[1].callerFile, "/home/user/k.cu");
    EXPECT_EQ(sites[1].callerLine, 11);
    EXPECT_EQ(sites[2].kind, "atomic");
    EXPECT_TRUE(sites[2].strong);
    EXPECT_EQ(sites[2].line, 12);
    EXPECT_EQ(out.sites.barriers, 1);
    EXPECT_EQ(out.sites.warpSyncs, 1);
    EXPECT_EQ(out.sites.moduleVariables, std::vector<std::string>{"counter"});
    ASSERT_EQ(out.sites.notCovered.size(), 1u);
    EXPECT_TRUE(contains(out.sites.notCovered[0], "/home/user/k.cu:12: cp.async")) << out.sites.notCovered[0];

    const std::string& ptx = out.ptx;
    // The guarded store: skipped over when its guard is false, its address made generic with its offset, and
    // done only when the check says so. info = site 0 << 8 | write << 4 | 3.
    EXPECT_TRUE(contains(ptx, "@!%p1 bra $racelab_skip_0;")) << ptx;
    EXPECT_TRUE(contains(ptx, "mov.b64 %racelab_a, %rd4;\n\tadd.s64 %racelab_a, %racelab_a, 16;\n\tcvta.global.u64 %racelab_a, %racelab_a;"));
    EXPECT_TRUE(contains(ptx, "st.param.b32 [racelab_p1], 19;"));
    EXPECT_TRUE(contains(ptx, "@%racelab_go st.global.f32 [%rd4+16], %f1;"));
    EXPECT_TRUE(contains(ptx, "$racelab_skip_0:"));
    // The shared load's 32-bit address widened, made generic from shared space: info = 1 << 8 | 0 | 7.
    EXPECT_TRUE(contains(ptx, "cvt.u64.u32 %racelab_a, %r9;\n\tcvta.shared.u64 %racelab_a, %racelab_a;"));
    EXPECT_TRUE(contains(ptx, "st.param.b32 [racelab_p1], 263;"));
    // The atomic on a variable: its address by name; write | atomic = 3, and it reads what it replaces
    // (RACELAB_INFO_EXCHANGE, 1 << 25): info = 1 << 25 | 2 << 8 | 3 << 4 | 3.
    EXPECT_TRUE(contains(ptx, "mov.u64 %racelab_a, counter;"));
    EXPECT_TRUE(contains(ptx, "st.param.b32 [racelab_p1], 33554995;"));
    EXPECT_EQ(sites[2].scope, "gpu");  // an atom without a scope is the GPU's
    EXPECT_EQ(sites[0].scope, "");     // a plain store has none
    EXPECT_TRUE(contains(ptx, "bar.sync 	0;\n\tcall racelabBarrier, ();"));
    EXPECT_TRUE(contains(ptx, "bar.warp.sync 	-1;\n\t{\n\t.param .b32 racelab_m;\n\tst.param.b32 [racelab_m], -1;\n\tcall racelabWarpSync, (racelab_m);\n\t}"))
        << ptx;
    EXPECT_EQ(out.sites.partialWarpSyncs, 0);
    EXPECT_FALSE(out.sites.ordersBlocks());
    // Unchecked lines stay as they were; racelab's own function is not instrumented.
    EXPECT_TRUE(contains(ptx, "\tst.local.u32 	[%rd5], %r1;\n"));
    EXPECT_TRUE(contains(ptx, "{\n\tld.global.u32 %r1, [%rd1];\n\tret;"));
    // The prototypes right after the header, the sites at the end.
    EXPECT_TRUE(contains(ptx, ".address_size 64\n.func (.param .b32 func_retval0) racelabAccess("));
    EXPECT_TRUE(contains(ptx, ".global .align 1 .b8 racelabAccessSites["));
}

TEST(PtxInstrument, AModuleWithoutTheChecksIsRefusedSayingWhy) {
    const InstrumentedPtx out = instrumentPtx(".version 9.0\n.target sm_90\n.address_size 64\n");
    EXPECT_TRUE(out.ptx.empty());
    EXPECT_TRUE(contains(out.error, "racelab/access_check.cuh")) << out.error;
}

TEST(PtxInstrument, TheSitesSurviveTheirJson) {
    const InstrumentedPtx out = instrumentPtx(kSmallModule);
    const std::string json = accessSitesJson(out.sites);
    const auto back = accessSitesFromJson(std::vector<std::uint8_t>(json.begin(), json.end()));
    ASSERT_TRUE(back.has_value());
    ASSERT_EQ(back->sites.size(), 3u);
    EXPECT_EQ(back->sites[1].callerLine, 11);
    EXPECT_EQ(back->notCovered, out.sites.notCovered);
    EXPECT_FALSE(accessSitesFromJson(std::vector<std::uint8_t>{'{', '}'}).has_value());
}

TEST(PtxInstrument, TheStarterBuildsInstrumentedWithItsReadAndWriteAtTheirLines) {
    REQUIRE_NVRTC();
    if (const std::string missing = jitLinkMissing(); !missing.empty()) GTEST_SKIP() << missing;
    const std::string starter = findAsset("kernels/circles/starter.cu");
    // Every mode: without the checked mode racelabAccess always lets an access go ahead, and a compiler that
    // saw that would drop its result, which the rewrite reads (racelab/access_check_layout.cuh: proceed).
    for (unsigned mode : {2u, 3u}) {
        const KernelBuild build = compileKernel({starter, "sm_90", {}, std::nullopt, mode}, KernelCache(""));
        EXPECT_TRUE(build.ok) << "mode " << mode << ": " << build.messages();
    }
    const KernelBuild build = compileKernel({starter, "sm_90", {}, std::nullopt, 1u}, KernelCache(""));
    ASSERT_TRUE(build.ok) << build.messages();
    const auto symbols = readCubinSymbols(build.cubin);
    ASSERT_TRUE(symbols.has_value());
    const auto bytes = symbols->variableBytes(kAccessSitesSymbol);
    ASSERT_TRUE(bytes.has_value());
    const auto sites = accessSitesFromJson(*bytes);
    ASSERT_TRUE(sites.has_value());
    // starter.cu line 30 reads the pixel (a float4: 16 bytes), line 36 writes it back.
    auto at = [&](int line, const char* kind) {
        return std::any_of(sites->sites.begin(), sites->sites.end(), [&](const AccessSite& s) {
            return s.line == line && s.kind == kind && s.bytes == 16 && s.space == "global" && s.file == build.sourcePath;
        });
    };
    EXPECT_TRUE(at(30, "load"));
    EXPECT_TRUE(at(36, "store"));
    EXPECT_TRUE(sites->notCovered.empty());
}

TEST(PtxInstrument, EveryStarterAndExampleAssemblesInstrumented) {
    REQUIRE_NVRTC();
    if (const std::string missing = jitLinkMissing(); !missing.empty()) GTEST_SKIP() << missing;
    int built = 0;
    for (const WorkloadFamily* family : workloadFamilies()) {
        if (!family->kernelContract) continue;
        std::vector<std::string> assets{family->kernelContract->starter};
        for (const KernelExample& e : family->kernelContract->examples) assets.push_back(e.asset);
        for (const std::string& asset : assets) {
            const KernelBuild build = compileKernel({findAsset(asset), "sm_90", {}, std::nullopt, 1u}, KernelCache(""));
            EXPECT_TRUE(build.ok) << asset << ":\n" << build.messages();
            ++built;
        }
    }
    EXPECT_GE(built, 10);
}

TEST(PtxInstrument, EveryTwinOfTheRaceSetAssemblesInstrumented) {
    // tests/data/races: the GPU tests run them; here each must build, and say what it expects.
    REQUIRE_NVRTC();
    if (const std::string missing = jitLinkMissing(); !missing.empty()) GTEST_SKIP() << missing;
    int built = 0;
    for (const auto& entry : std::filesystem::directory_iterator(racelab::testing::testDataPath("data/races"))) {
        if (entry.path().extension() != ".cu") continue;
        const std::string text = readWholeFile(entry.path().string()).value_or("");
        EXPECT_TRUE(contains(text, "// scene: ")) << entry.path();
        EXPECT_NE(contains(text, "// expect: none"), contains(text, "// expect: read-write") || contains(text, "// expect: write-write"))
            << entry.path();
        const KernelBuild build = compileKernel({entry.path().string(), "sm_90", {}, std::nullopt, 1u}, KernelCache(""));
        EXPECT_TRUE(build.ok) << entry.path() << ":\n" << build.messages();
        ++built;
    }
    EXPECT_GE(built, 20);
}
