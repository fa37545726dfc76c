// Percentiles with linear interpolation between closest ranks, checked against hand-computed values.
#include <gtest/gtest.h>

#include <numeric>

#include "core/ring_buffer.hpp"
#include "core/stats.hpp"

using namespace racelab;

TEST(Stats, PercentilesOfOneToHundred) {
    std::vector<double> v(100);
    std::iota(v.begin(), v.end(), 1.0);
    std::reverse(v.begin(), v.end());  // order of arrival must not matter
    Summary s = summarize(v);
    EXPECT_EQ(s.count, 100u);
    EXPECT_DOUBLE_EQ(s.min, 1.0);
    EXPECT_DOUBLE_EQ(s.max, 100.0);
    EXPECT_DOUBLE_EQ(s.p50, 50.5);   // rank 49.5 between 50 and 51
    EXPECT_NEAR(s.p95, 95.05, 1e-9); // rank 94.05
    EXPECT_NEAR(s.p99, 99.01, 1e-9);
    EXPECT_DOUBLE_EQ(s.mean, 50.5);
}

// p5 and the median absolute deviation are the run's own noise for tools/bench-compare.
TEST(Stats, SpreadOfOneToHundred) {
    std::vector<double> v(100);
    std::iota(v.begin(), v.end(), 1.0);
    Summary s = summarize(v);
    EXPECT_NEAR(s.p5, 5.95, 1e-9);  // rank 4.95 between 5 and 6
    // |x - 50.5| is 0.5, 0.5, 1.5, 1.5, ..., 49.5, 49.5: its median lies between 24.5 and 25.5.
    EXPECT_DOUBLE_EQ(s.mad, 25.0);
}

TEST(Stats, MadIgnoresOneSlowFrame) {
    Summary s = summarize(std::vector<double>{1.0, 1.0, 1.0, 1.0, 100.0});
    EXPECT_DOUBLE_EQ(s.p50, 1.0);
    EXPECT_DOUBLE_EQ(s.mad, 0.0);
    EXPECT_GT(s.mean, 20.0);  // the mean does not
}

TEST(Stats, SmallSamples) {
    EXPECT_EQ(summarize(std::vector<double>{}).count, 0u);
    Summary one = summarize(std::vector<double>{4.0});
    EXPECT_DOUBLE_EQ(one.p50, 4.0);
    EXPECT_DOUBLE_EQ(one.p99, 4.0);
    Summary two = summarize(std::vector<double>{1.0, 3.0});
    EXPECT_DOUBLE_EQ(two.p50, 2.0);
}

TEST(RingBuffer, KeepsTheLastNOldestFirst) {
    RingBuffer<int> ring(3);
    for (int i = 1; i <= 5; ++i) ring.push(i);
    EXPECT_EQ(ring.size(), 3u);
    EXPECT_EQ(ring.toVector(), (std::vector<int>{3, 4, 5}));
    EXPECT_EQ(ring[0], 3);
    ring.clear();
    EXPECT_EQ(ring.size(), 0u);
}
