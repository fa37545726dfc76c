// The histogram's CPU side: the inputs are the same for the same seed and differ across seeds, the reference
// counts every input exactly once, the presets have the shapes they claim, the chart's bars have the height
// of their formula, the edge sizes work and bad parameter values are refused. All exact (tolerance 0).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <numeric>
#include <unistd.h>
#include <vector>

#include "core/errors.hpp"
#include "core/image_io.hpp"
#include "scenes/histogram/histogram_reference.hpp"
#include "scenes/histogram/histogram_scene.hpp"
#include "scenes/scene_registry.hpp"

using namespace racelab;
using namespace racelab::histogram;

namespace {

std::unique_ptr<HistogramScene> makeHistogram(const std::string& preset, int count = 0, unsigned seed = 0) {
    SceneOptions options;
    options.backend = Backend::Cpu;
    options.count = count;
    options.seed = seed;
    return std::make_unique<HistogramScene>(preset, options);
}

long long total(const std::vector<std::uint32_t>& bins) { return std::accumulate(bins.begin(), bins.end(), 0LL); }

// The share of all inputs held by the `k` fullest bins.
double shareOfFullest(std::vector<std::uint32_t> bins, std::size_t k) {
    std::sort(bins.begin(), bins.end(), std::greater<>());
    return static_cast<double>(std::accumulate(bins.begin(), bins.begin() + static_cast<long>(std::min(k, bins.size())), 0LL)) /
           static_cast<double>(total(bins));
}

const std::uint8_t kGpuBar[3] = {240, 150, 40}, kReferenceBar[3] = {60, 170, 210};

bool isColour(const std::uint8_t* p, const std::uint8_t c[3]) { return p[0] == c[0] && p[1] == c[1] && p[2] == c[2] && p[3] == 255; }

// Rows of column x, from the bottom, that are painted `colour` (a bar is one run of them).
int paintedRows(const HostImage& image, int x, const std::uint8_t colour[3]) {
    int rows = 0;
    for (int y = 0; y < image.height; ++y) rows += isColour(image.at(x, y), colour);
    return rows;
}

}  // namespace

TEST(HistogramInputs, SameSeedSameInputsOtherSeedOtherInputs) {
    for (Distribution d : {Distribution::MultiPeak, Distribution::Skewed}) {
        const auto a = generateInputs(d, 7, 100000, 256, true);
        EXPECT_EQ(a, generateInputs(d, 7, 100000, 256, false)) << "OpenMP must not change the inputs";
        const auto b = generateInputs(d, 8, 100000, 256, true);
        long differing = 0;
        for (std::size_t i = 0; i < a.size(); ++i) differing += a[i] != b[i];
        // Two independent draws from the same distribution still agree where they land in the same bin.
        EXPECT_GT(differing, d == Distribution::Skewed ? 50000 : 90000);
    }
    EXPECT_EQ(makeHistogram("random", 5000, 3)->inputs(), makeHistogram("random", 5000, 3)->inputs());
    EXPECT_NE(makeHistogram("random", 5000, 3)->inputs(), makeHistogram("random", 5000, 4)->inputs());
}

TEST(HistogramReference, CountsEveryInputOnceAndMatchesACountByHand) {
    auto scene = makeHistogram("random");
    ASSERT_EQ(scene->inputs().size(), static_cast<std::size_t>(kDefaultInputs));
    EXPECT_EQ(total(scene->referenceBins()), kDefaultInputs);
    std::vector<std::uint32_t> byHand(static_cast<std::size_t>(scene->bins()), 0);
    for (std::uint32_t v : scene->inputs()) ++byHand.at(v);
    EXPECT_EQ(scene->referenceBins(), byHand);
    EXPECT_EQ(countReference(scene->inputs(), scene->bins(), false), byHand);
}

TEST(HistogramShapes, RandomHasFourPeaksSeparatedByValleys) {
    const auto bins = countReference(generateInputs(Distribution::MultiPeak, 0, 1 << 20, 256), 256);
    auto binOf = [](int value) { return static_cast<std::size_t>(value * 256 / 65536); };
    const int peaks[4] = {13000, 29000, 44000, 57000}, valleys[3] = {21000, 36500, 50500};
    for (int k = 0; k < 3; ++k) {
        SCOPED_TRACE(k);
        const double valley = bins[binOf(valleys[k])];
        EXPECT_GT(bins[binOf(peaks[k])], 4 * valley + 100);
        EXPECT_GT(bins[binOf(peaks[k + 1])], 4 * valley + 100);
    }
    EXPECT_LT(shareOfFullest(bins, 8), .5) << "a smooth mixture spreads over many bins";
}

TEST(HistogramShapes, SkewedPutsAtLeast85PercentIntoEightBins) {
    for (int b : {256, 4096, 2}) {
        SCOPED_TRACE(b);
        const auto bins = countReference(generateInputs(Distribution::Skewed, 1, 1 << 20, b), b);
        EXPECT_GE(shareOfFullest(bins, 8), .85);
    }
}

TEST(HistogramChart, BarHeightsInAColumnFollowTheFormula) {
    auto scene = makeHistogram("random", 100000, 2);
    scene->setParameter("bins", "16");
    HostImage image(512, 256);  // 16 slots of 32 columns; bars start at row 256/32 = 8, 240 rows for the largest
    scene->renderReference(image, true);
    const auto& bins = scene->referenceBins();
    ASSERT_EQ(bins.size(), 16u);
    const long long largest = *std::max_element(bins.begin(), bins.end());
    for (int b : {3, 7, 10}) {  // the slots of the first three peaks
        SCOPED_TRACE(b);
        const int expected = static_cast<int>(static_cast<long long>(bins[b]) * 240 / largest);
        EXPECT_GT(expected, 0);
        EXPECT_EQ(paintedRows(image, 32 * b + 5, kGpuBar), expected) << "left half";    // columns 0..15 of the slot
        EXPECT_EQ(paintedRows(image, 32 * b + 20, kReferenceBar), expected) << "right half";  // 16..30
        EXPECT_EQ(paintedRows(image, 32 * b + 31, kGpuBar) + paintedRows(image, 32 * b + 31, kReferenceBar), 0) << "gap";
        EXPECT_TRUE(isColour(image.at(32 * b + 5, 8), kGpuBar)) << "the bar starts at row 8";
        EXPECT_FALSE(isColour(image.at(32 * b + 5, 7), kGpuBar));
    }
    // The chart drawn with other GPU counts changes the left halves only.
    std::vector<std::uint32_t> half(bins);
    for (auto& c : half) c /= 2;
    HostImage racy(512, 256);
    drawChart(half, bins, racy, false);
    EXPECT_EQ(paintedRows(racy, 32 * 7 + 5, kGpuBar), static_cast<int>(static_cast<long long>(bins[7] / 2) * 240 / largest));
    EXPECT_EQ(paintedRows(racy, 32 * 7 + 20, kReferenceBar), paintedRows(image, 32 * 7 + 20, kReferenceBar));
}

TEST(HistogramEdges, TwoBinsAndOneInput) {
    auto scene = makeHistogram("random", 1);
    scene->setParameter("bins", "2");
    ASSERT_EQ(scene->referenceBins().size(), 2u);
    EXPECT_EQ(total(scene->referenceBins()), 1);
    HostImage image(64, 64);  // base 2, 60 rows: the one input's bin is full height, the other empty
    scene->renderReference(image, false);
    const int full = scene->referenceBins()[0] == 1 ? 0 : 1;
    EXPECT_EQ(paintedRows(image, 32 * full + 3, kGpuBar), 60);
    EXPECT_EQ(paintedRows(image, 32 * (1 - full) + 3, kGpuBar), 0);
    // More bins than columns: every column still belongs to one bin, nothing out of range.
    scene->setParameter("bins", "4096");
    HostImage narrow(100, 40);
    scene->renderReference(narrow, true);
    auto skewed = makeHistogram("skewed", 1);
    EXPECT_EQ(total(skewed->referenceBins()), 1);
}

TEST(HistogramParameters, BadValuesAreRefused) {
    auto scene = makeHistogram("random", 1000);
    EXPECT_THROW(scene->setParameter("bins", "1"), UsageError);
    EXPECT_THROW(scene->setParameter("bins", "4097"), UsageError);
    EXPECT_THROW(scene->setParameter("seed", "-1"), UsageError);
    EXPECT_EQ(scene->bins(), 256) << "a refused value changes nothing";
    EXPECT_THROW(makeHistogram("random", -5), UsageError);
    EXPECT_THROW(makeHistogram("random", kMaxInputs + 1), UsageError);
    EXPECT_THROW(makeHistogram("nope"), UsageError);
}

TEST(HistogramImage, NeedsAnImageAndCountsItsLuminance) {
    SceneOptions options;
    options.backend = Backend::Cpu;
    EXPECT_THROW(createScene("histogram/image", options), MissingInputError);
    EXPECT_THROW(makeHistogram("image"), MissingInputError);
    // 40 black pixels, 24 white, 16 mid-grey (128: bin 128 of 256, bin 2 of 4).
    HostImage picture(16, 5);
    for (int y = 0; y < 5; ++y)
        for (int x = 0; x < 16; ++x) {
            std::uint8_t v = y < 2 ? 0 : y < 4 ? (x < 12 ? 255 : 128) : (x < 8 ? 0 : 128);
            std::uint8_t* p = picture.at(x, y);
            p[0] = p[1] = p[2] = v, p[3] = 255;
        }
    const auto path = (std::filesystem::temp_directory_path() / ("racelab-hist-" + std::to_string(getpid()) + ".png")).string();
    writeImage(picture, path);
    options.inputs["image"] = path;
    auto scene = createScene("histogram/image", options);
    auto* h = dynamic_cast<HistogramScene*>(scene.get());
    ASSERT_NE(h, nullptr);
    EXPECT_EQ(h->referenceBins()[0], 40u);
    EXPECT_EQ(h->referenceBins()[128], 16u);
    EXPECT_EQ(h->referenceBins()[255], 24u);
    EXPECT_EQ(total(h->referenceBins()), 80);
    scene->setParameter("bins", "4");
    EXPECT_EQ(h->referenceBins(), (std::vector<std::uint32_t>{40, 0, 16, 24}));
    std::filesystem::remove(path);
    options.inputs["image"] = path + ".missing.png";
    EXPECT_THROW(createScene("histogram/image", options), UsageError);
}
