// The GPU halves' plumbing: makeGpuHalf throws the no-CUDA error for a half the build lacks (every half in a
// build without CUDA), findGpuHalf gives null there, a registered half of another interface is refused, and
// DeviceMirror uploads exactly when stale or keyed differently.
#include <gtest/gtest.h>

#include <utility>

#include "core/device_mirror.hpp"
#include "core/errors.hpp"
#include "scenes/gpu_half.hpp"

using namespace racelab;

namespace {
struct NotAnyHalf : GpuHalf {
    virtual void nothing() = 0;
};
}  // namespace

TEST(GpuHalf, MissingHalfThrowsTheNoCudaError) {
    try {
        makeGpuHalf("no_such_half");
        FAIL() << "expected an error";
    } catch (const Error& e) {
        EXPECT_NE(std::string(e.what()).find("no CUDA backend"), std::string::npos) << e.what();
    }
    EXPECT_EQ(findGpuHalf("no_such_half"), nullptr);
}

TEST(GpuHalf, TableMatchesTheBuild) {
    std::size_t count = 0;
    generatedGpuHalves(count);
#ifdef RACELAB_HAVE_CUDA
    EXPECT_GT(count, 0u);
    const GpuHalfFactory* table = generatedGpuHalves(count);
    // A registered half asked for as an interface it does not implement is refused with a clear error.
    EXPECT_THROW(makeGpuHalf<NotAnyHalf>(table[0].name), Error);
#else
    EXPECT_EQ(count, 0u);
#endif
}

TEST(DeviceMirror, UploadsWhenStaleOrKeyedDifferently) {
    DeviceMirror<std::pair<int, int>> mirror;
    int uploads = 0;
    auto upload = [&] { ++uploads; };
    EXPECT_TRUE(mirror.ensure({4, 3}, upload));
    EXPECT_FALSE(mirror.ensure({4, 3}, upload));
    EXPECT_TRUE(mirror.ensure({5, 3}, upload));  // another size
    mirror.markStale();
    EXPECT_FALSE(mirror.current());
    EXPECT_TRUE(mirror.ensure({5, 3}, upload));
    EXPECT_EQ(uploads, 3);
    DeviceMirror<> plain;
    EXPECT_THROW(plain.ensure([] { throw Error("upload failed"); }), Error);
    EXPECT_FALSE(plain.current());  // a failed upload leaves it stale
    EXPECT_TRUE(plain.ensure(upload));
    EXPECT_TRUE(plain.current());
}
