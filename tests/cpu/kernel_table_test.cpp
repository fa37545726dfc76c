// bench's per-step table as it goes into the record, and the launch layer's host-wait counter.
#include <gtest/gtest.h>

#include "app/bench_kernels.hpp"
#include "core/kernel_timing.hpp"
#include "ui/time_bars.hpp"

using namespace racelab;

TEST(KernelTable, JsonCarriesEveryStepWithItsNumbers) {
    KernelTable table;
    table.frames = 50;
    table.kernelStageP50Ms = .125;
    table.steps = {{"circles: render tiles", 1, 80.5, 91.25}, {"circles: sort tile pairs (CUB)", 2, 20.25, 22}};
    EXPECT_EQ(kernelTableJson(table),
              "{\"frames\": 50, \"kernel_stage_p50_ms\": 0.125, \"steps\": ["
              "{\"name\": \"circles: render tiles\", \"calls_per_frame\": 1, \"p50_us\": 80.5, \"p95_us\": 91.25}, "
              "{\"name\": \"circles: sort tile pairs (CUB)\", \"calls_per_frame\": 2, \"p50_us\": 20.25, \"p95_us\": 22}]}");
    EXPECT_EQ(kernelTableJson(KernelTable{}), "{\"frames\": 0, \"kernel_stage_p50_ms\": 0, \"steps\": []}");
}

TEST(KernelTiming, WithoutTimingNothingIsRecordedAndWaitsAreCounted) {
    KernelTiming& timing = KernelTiming::instance();
    timing.clear();
    ASSERT_FALSE(timing.enabled());
    {
        NamedGpuStep step("a step", nullptr);  // timing off: an NVTX range at most, no events
    }
    timing.closeFrame();
    EXPECT_EQ(timing.framesTimed(), 1);
    EXPECT_TRUE(timing.summary().empty());
    const long before = timing.hostSyncs();
    timing.countHostSync();
    EXPECT_EQ(timing.hostSyncs(), before + 1);
    timing.clear();
    EXPECT_EQ(timing.framesTimed(), 0);
}

TEST(KernelTiming, TheViewersWindowEmptiesWhenTimingIsOff) {
    KernelTiming& timing = KernelTiming::instance();
    timing.setEnabled(false);
    std::vector<KernelStat> steps = {{"left over", 1, 5, 6}};
    timing.closeFrame();  // a frame counted before timing was turned off
    sampleSteps(steps);
    EXPECT_TRUE(steps.empty());
    EXPECT_EQ(timing.framesTimed(), 0);
}
