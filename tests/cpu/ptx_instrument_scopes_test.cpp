// The PTX rewrite's view of what orders accesses beyond barriers (check --races): the scope of every atomic and
// strong access, fences with their scope (a call after the GPU- and system-scope ones only), __syncwarp masks
// that may not name the whole warp, release and acquire flags, and read-only loads, which are checked like any
// load. Hand-written PTX, so that every inserted line is known.
#include <gtest/gtest.h>

#include <string>

#include "userkernel/racecheck/device/racelab/access_check_layout.cuh"
#include "userkernel/racecheck/ptx_instrument.hpp"

using namespace racelab::userkernel;

namespace {

const char* const kRuntime = R"(.version 9.0
.target sm_90
.address_size 64
.global .align 4 .u32 ticket;
.func  (.param .b32 func_retval0) racelabAccess(
	.param .b64 racelabAccess_param_0,
	.param .b32 racelabAccess_param_1
)
{
	membar.gl;
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
	bar.warp.sync 	%r1;
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
.func _ZN14racelab_access7releaseEjj()
{
	atom.global.add.u32 	%r2, [%rd9], 1;
	ret;
}
)";

// A kernel with an atomic of each scope, a release and an acquire, fences of each scope, a read-only load and
// two warp syncs (one of a partial mask in a register).
const char* const kKernel = R"(.visible .entry k(
	.param .u64 k_param_0
)
{
	.reg .pred 	%p<2>;
	.reg .b32 	%r<20>;
	.reg .b64 	%rd<8>;
	.loc	1 10 5
	atom.global.cta.add.u32 	%r1, [ticket], 1;
	.loc	1 11 5
	red.global.sys.add.u32 	[%rd1], 1;
	.loc	1 12 5
	atom.add.acq_rel.gpu.u32 %r2,[%rd2],%r3;
	.loc	1 13 5
	ld.acquire.gpu.b32 %r4,[%rd2];
	.loc	1 14 5
	st.release.cluster.b32 [%rd2],%r5;
	.loc	1 15 5
	ld.global.nc.u32 	%r6, [%rd3];
	.loc	1 16 5
	membar.gl;
	membar.cta;
	.loc	1 17 5
	fence.sc.sys;
	fence.acq_rel.cluster;
	.loc	1 18 5
	bar.warp.sync 	%r7;
	bar.warp.sync 	-1;
	ret;
}
	.file	1 "/home/user/k.cu"
)";

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

std::string infoLine(unsigned info) { return "st.param.b32 [racelab_p1], " + std::to_string(info) + ";"; }

}  // namespace

TEST(PtxInstrumentScopes, EveryAtomicCarriesItsScopeAndItsReleaseOrAcquire) {
    const InstrumentedPtx out = instrumentPtx(std::string(kRuntime) + kKernel);
    ASSERT_TRUE(out.error.empty()) << out.error;
    const std::vector<AccessSite>& sites = out.sites.sites;
    ASSERT_EQ(sites.size(), 6u);  // racelab's own functions (the checks' atomic and fence) are not rewritten
    EXPECT_EQ(sites[0].scope, "block");
    EXPECT_EQ(sites[1].scope, "system");
    EXPECT_EQ(sites[2].scope, "gpu");
    EXPECT_EQ(sites[3].scope, "gpu");
    EXPECT_EQ(sites[4].scope, "cluster");
    EXPECT_EQ(sites[5].scope, "");  // a plain (read-only) load has none
    EXPECT_TRUE(sites[3].strong);
    EXPECT_EQ(sites[5].kind, "load");

    const std::string& ptx = out.ptx;
    constexpr unsigned W = RACELAB_ACCESS_WRITE, A = RACELAB_ACCESS_ATOMIC, B = RACELAB_ACCESS_BLOCK_SCOPE, R = RACELAB_ACCESS_READ_ONLY;
    // site << 8 | kind << 4 | bytes - 1, and the release and exchange flags above bit 24.
    EXPECT_TRUE(contains(ptx, infoLine(RACELAB_INFO_EXCHANGE | 0u << 8 | (W | A | B) << 4 | 3))) << "atom.cta";
    EXPECT_TRUE(contains(ptx, infoLine(1u << 8 | (W | A) << 4 | 3))) << "red.sys: writes, reads nothing";
    EXPECT_TRUE(contains(ptx, infoLine(RACELAB_INFO_RELEASE | RACELAB_INFO_EXCHANGE | 2u << 8 | (W | A) << 4 | 3))) << "atom.acq_rel";
    EXPECT_TRUE(contains(ptx, infoLine(RACELAB_INFO_EXCHANGE | 3u << 8 | A << 4 | 3))) << "ld.acquire";
    EXPECT_TRUE(contains(ptx, infoLine(RACELAB_INFO_RELEASE | 4u << 8 | (W | A | B) << 4 | 3))) << "st.release.cluster";
    EXPECT_TRUE(contains(ptx, infoLine(5u << 8 | R << 4 | 3))) << "ld.global.nc: checked, marked read-only";
}

TEST(PtxInstrumentScopes, FencesAreNotedWithTheirScopeAndOnlyWideOnesCalled) {
    const InstrumentedPtx out = instrumentPtx(std::string(kRuntime) + kKernel);
    ASSERT_TRUE(out.error.empty()) << out.error;
    ASSERT_EQ(out.sites.fences.size(), 4u);
    EXPECT_EQ(out.sites.fences[0].scope, "gpu");
    EXPECT_EQ(out.sites.fences[0].line, 16);
    EXPECT_EQ(out.sites.fences[0].file, "/home/user/k.cu");
    EXPECT_EQ(out.sites.fences[1].scope, "block");
    EXPECT_EQ(out.sites.fences[2].scope, "system");
    EXPECT_EQ(out.sites.fences[3].scope, "cluster");
    const std::string& ptx = out.ptx;
    EXPECT_TRUE(contains(ptx, "\tmembar.gl;\n\tcall racelabFence, ();\n\tmembar.cta;\n\t.loc")) << ptx;
    EXPECT_TRUE(contains(ptx, "\tfence.sc.sys;\n\tcall racelabFence, ();\n\tfence.acq_rel.cluster;\n\t.loc")) << ptx;
    EXPECT_TRUE(out.sites.ordersBlocks());
}

TEST(PtxInstrumentScopes, AWideAtomicAcquiresAfterItRunsWhereTheModuleCanRelease) {
    const InstrumentedPtx out = instrumentPtx(std::string(kRuntime) + kKernel);
    ASSERT_TRUE(out.error.empty()) << out.error;
    // The acq_rel atomic and the acquire load read what others released: racelabAcquire right after each, when
    // it went ahead; not after the block-scoped atomic, the red nor the release store.
    const std::string& ptx = out.ptx;
    EXPECT_TRUE(contains(ptx, "\t@%racelab_go atom.add.acq_rel.gpu.u32 %r2,[%rd2],%r3;\n\t@%racelab_go call racelabAcquire, ();\n")) << ptx;
    EXPECT_TRUE(contains(ptx, "\t@%racelab_go ld.acquire.gpu.b32 %r4,[%rd2];\n\t@%racelab_go call racelabAcquire, ();\n")) << ptx;
    EXPECT_TRUE(contains(ptx, "\t@%racelab_go atom.global.cta.add.u32 %r1, [ticket], 1;\n\t}\n")) << ptx;

    // Without a wide fence or release in the module nothing could be acquired: no call, a comment in its place.
    std::string plain = std::string(kRuntime) + kKernel;
    for (const char* drop : {"\tatom.add.acq_rel.gpu.u32 %r2,[%rd2],%r3;\n", "\tst.release.cluster.b32 [%rd2],%r5;\n", "\tmembar.gl;\n\tmembar.cta;\n",
                             "\tfence.sc.sys;\n"})
        plain.replace(plain.find(drop), std::string(drop).size(), "");
    const InstrumentedPtx without = instrumentPtx(plain);
    ASSERT_TRUE(without.error.empty()) << without.error;
    EXPECT_FALSE(without.sites.ordersBlocks());
    EXPECT_FALSE(contains(without.ptx, "call racelabAcquire, ();\n\t}")) << without.ptx;
    EXPECT_TRUE(contains(without.ptx, "\t@%racelab_go ld.acquire.gpu.b32 %r4,[%rd2];\n\t// racelab: acquire\n")) << without.ptx;
}

TEST(PtxInstrumentScopes, WarpSyncsPassTheirMaskAndPartialOnesAreCounted) {
    const InstrumentedPtx out = instrumentPtx(std::string(kRuntime) + kKernel);
    ASSERT_TRUE(out.error.empty()) << out.error;
    EXPECT_EQ(out.sites.warpSyncs, 2);
    EXPECT_EQ(out.sites.partialWarpSyncs, 1);  // the mask in a register may not name every lane; -1 does
    EXPECT_TRUE(contains(out.ptx, "bar.warp.sync 	%r7;\n\t{\n\t.param .b32 racelab_m;\n\tst.param.b32 [racelab_m], %r7;\n\tcall racelabWarpSync, (racelab_m);\n\t}"))
        << out.ptx;
    EXPECT_TRUE(contains(out.ptx, "\t.param .b32 racelab_m;\n\tst.param.b32 [racelab_m], -1;\n"));
}

TEST(PtxInstrumentScopes, ScopesAndFencesSurviveTheSitesJson) {
    const InstrumentedPtx out = instrumentPtx(std::string(kRuntime) + kKernel);
    const std::string json = accessSitesJson(out.sites);
    const auto back = accessSitesFromJson(std::vector<std::uint8_t>(json.begin(), json.end()));
    ASSERT_TRUE(back.has_value());
    ASSERT_EQ(back->sites.size(), 6u);
    EXPECT_EQ(back->sites[0].scope, "block");
    EXPECT_EQ(back->sites[1].scope, "system");
    ASSERT_EQ(back->fences.size(), 4u);
    EXPECT_EQ(back->fences[2].scope, "system");
    EXPECT_EQ(back->fences[2].line, 17);
    EXPECT_EQ(back->partialWarpSyncs, 1);
    EXPECT_TRUE(back->ordersBlocks());
}

TEST(PtxInstrumentScopes, AModuleWhoseChecksLackTheFenceOrAcquireCallIsRefused) {
    // A module compiled against an older racelab/access_check.cuh: the rewrite would call what is not there.
    std::string old = std::string(kRuntime) + kKernel;
    const std::string fence = ".func racelabFence()\n{\n\tret;\n}\n";
    old.erase(old.find(fence), fence.size());
    const InstrumentedPtx out = instrumentPtx(old);
    EXPECT_TRUE(out.ptx.empty());
    EXPECT_TRUE(contains(out.error, "racelab/access_check.cuh")) << out.error;
}
