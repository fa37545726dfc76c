// The contour preprocessing on the GPU equals the CPU reference step by step, point for point: on random
// contours (integer coordinates, so equal distances and ties are everywhere, and real ones), with the steps
// queued back to back on the device (the counts never read back in between), on many contours and on long
// ones (the order step's chunk sizes and its order by contours), on ties the order must break as the CPU
// does, and on the contours of real pictures (the fourier/shapes scene's among them). Exact equality is the
// right tolerance: both sides compute every distance with the same unfused float operations and break ties
// the same way.
#include <gtest/gtest.h>

#ifdef RACELAB_HAVE_CUDA
#include <algorithm>
#include <random>

#include "fourier/contour_preprocess_gpu.cuh"
#include "scenes/gpu_half.hpp"
#include "core/gpu_timing.hpp"
#include "gpu_test_support.hpp"
#include "scenes/fourier/contour_extraction.hpp"

using namespace racelab;
using namespace racelab::fourier;

namespace {

// Random walks of 1..longest points with steps of up to 2 pixels (many closer than the duplicate distance,
// some repeating a point), starting anywhere in side x side so that some pass close to others.
std::vector<Contour> randomContours(unsigned seed, int count, bool integer, int longest = 400, int side = 500) {
    std::mt19937 rng(seed);
    std::uniform_int_distribution<int> length(1, longest), start(0, side), step(-2, 2);
    std::uniform_real_distribution<float> realStep(-2.f, 2.f);
    std::vector<Contour> out;
    for (int c = 0; c < count; ++c) {
        Contour contour;
        Point p{static_cast<float>(start(rng)), static_cast<float>(start(rng))};
        for (int i = length(rng); i > 0; --i) {
            contour.push_back(p);
            if (integer) p = {p.x + step(rng), p.y + step(rng)};
            else p = {p.x + realStep(rng), p.y + realStep(rng)};
        }
        out.push_back(std::move(contour));
    }
    return out;
}

std::size_t pointsIn(const std::vector<Contour>& contours) {
    std::size_t n = 0;
    for (const Contour& c : contours) n += c.size();
    return n;
}

void expectSame(const std::vector<Contour>& gpu, const std::vector<Contour>& cpu, const std::string& what) {
    ASSERT_EQ(gpu.size(), cpu.size()) << what << ": contour count";
    for (std::size_t c = 0; c < cpu.size(); ++c) {
        ASSERT_EQ(gpu[c].size(), cpu[c].size()) << what << ": contour " << c;
        for (std::size_t i = 0; i < cpu[c].size(); ++i)
            ASSERT_TRUE(gpu[c][i].x == cpu[c][i].x && gpu[c][i].y == cpu[c][i].y)
                << what << ": contour " << c << " point " << i << ": GPU (" << gpu[c][i].x << ", " << gpu[c][i].y
                << ") CPU (" << cpu[c][i].x << ", " << cpu[c][i].y << ")";
    }
}

}  // namespace

TEST(ContourPreprocessGpu, EachStepEqualsTheCpuReferenceOnRandomContours) {
    RACELAB_REQUIRE_CUDA_DEVICE();
    CudaStream stream;
    // Made as the scene makes it: the registered GPU half, then given its stream.
    std::unique_ptr<ContourPreprocessorGpu> made = makeGpuHalf<ContourPreprocessorGpu>("fourier_contours");
    made->setStream(stream.get());
    ContourPreprocessorGpu& gpu = *made;
    const std::vector<BrushStroke> strokes = {{100.f, 100.f, 30.f}, {300.f, 250.f, 50.f}, {420.5f, 60.25f, 7.5f}};
    std::size_t removedByBrush = 0, merges = 0, duplicates = 0;
    for (unsigned seed = 1; seed <= 6; ++seed)
        for (bool integer : {true, false}) {
            const std::string label = "seed " + std::to_string(seed) + (integer ? " integer" : " real");
            std::vector<Contour> in = randomContours(seed, 80, integer), cpu;
            auto check = [&](const char* step, auto cpuStep, auto gpuStep) {
                cpu = cpuStep(in);
                gpu.upload(in);
                gpuStep();
                expectSame(gpu.download(), cpu, label + ", " + step);
                EXPECT_EQ(gpu.pointCount(), pointsIn(cpu));
            };
            check("brush", [&](auto& c) { return removeBrushed(c, strokes); }, [&] { gpu.removeBrushed(strokes); });
            removedByBrush += pointsIn(in) - pointsIn(cpu);
            in = cpu;
            check("min size", [&](auto& c) { return dropSmall(c, 20); }, [&] { gpu.dropSmall(20); });
            in = cpu;
            check("duplicates", [&](auto& c) { return removeDuplicates(c, 1.5f); }, [&] { gpu.removeDuplicates(1.5f); });
            duplicates += pointsIn(in) - pointsIn(cpu);
            in = cpu;
            check("merge", [&](auto& c) { return mergeClose(c, 4.f); }, [&] { gpu.mergeClose(4.f); });
            merges += in.size() - cpu.size();
            in = cpu;
            check("order", [&](auto& c) { return orderGreedy(c); }, [&] { gpu.orderGreedy(); });
            const auto whole = randomContours(seed, 80, integer);
            expectSame(gpu.run(whole, strokes, PreprocessSettings{}), preprocess(whole, strokes, PreprocessSettings{}),
                       label + ", all steps");
        }
    // the inputs exercised every step
    EXPECT_GT(removedByBrush, 100u);
    EXPECT_GT(duplicates, 1000u);
    EXPECT_GT(merges, 20u);
}

// The steps queued one after the other on the device, as run() queues them, each result read back and
// compared on the way (a read-back changes nothing on the device), and the same chain with no read-back
// until the end.
TEST(ContourPreprocessGpu, ChainedStepsEqualTheCpuReference) {
    RACELAB_REQUIRE_CUDA_DEVICE();
    CudaStream stream;
    ContourPreprocessorGpuCuda gpu(stream.get());
    const std::vector<BrushStroke> strokes = {{250.f, 250.f, 60.f}};
    for (unsigned seed = 11; seed <= 13; ++seed) {
        const std::string label = "seed " + std::to_string(seed);
        const std::vector<Contour> in = randomContours(seed, 120, seed % 2 == 0);
        std::vector<Contour> cpu = removeBrushed(in, strokes);
        gpu.upload(in);
        gpu.removeBrushed(strokes);
        expectSame(gpu.download(), cpu, label + ", brush");
        cpu = dropSmall(cpu, 30);
        gpu.dropSmall(30);
        EXPECT_EQ(gpu.contourCount(), cpu.size()) << label;
        cpu = removeDuplicates(cpu, 2.f);
        gpu.removeDuplicates(2.f);
        EXPECT_EQ(gpu.pointCount(), pointsIn(cpu)) << label;
        cpu = mergeClose(cpu, 5.f);
        gpu.mergeClose(5.f);
        cpu = orderGreedy(cpu);
        gpu.orderGreedy();
        expectSame(gpu.download(), cpu, label + ", chained");
        PreprocessSettings settings;
        settings.minSize = 30, settings.duplicateDistance = 2.f, settings.mergeDistance = 5.f;
        expectSame(gpu.run(in, strokes, settings), cpu, label + ", run");
    }
}

// More contours than one tile of the compaction's contour pass, and than chunks of 32 points leave slots
// for in the order (it takes chunks of 128): short walks spread over 6000x6000, so that most stay apart;
// min size drops many of them on the device, so every later step starts from a stale bound of the contour
// count.
TEST(ContourPreprocessGpu, ManyContoursEqualTheCpuReference) {
    RACELAB_REQUIRE_CUDA_DEVICE();
    CudaStream stream;
    ContourPreprocessorGpuCuda gpu(stream.get());
    const std::vector<Contour> in = randomContours(21, 4000, true, 60, 6000);
    PreprocessSettings settings;
    settings.minSize = 15;
    const std::vector<Contour> cpu = preprocess(in, {}, settings);
    ASSERT_GT(cpu.size(), 1500u);
    expectSame(gpu.run(in, {}, settings), cpu, "4000 short contours");
}

TEST(ContourPreprocessGpu, PictureContoursMatchTheCpuPipeline) {
    RACELAB_REQUIRE_CUDA_DEVICE();
    const std::vector<Contour> contours = extractContours(shapesImage(1024, 150, 7), EdgeSettings{});
    ASSERT_GT(pointsIn(contours), 20000u);
    CudaStream stream;
    ContourPreprocessorGpuCuda gpu(stream.get());
    PreprocessSettings settings;
    expectSame(gpu.run(contours, {}, settings), preprocess(contours, {}, settings), "default settings");
    settings.mergeDistance = 25.f;  // long merge groups: many splice rounds
    settings.duplicateDistance = 3.f;
    const std::vector<BrushStroke> strokes = {{512.f, 512.f, 120.f}};
    expectSame(gpu.run(contours, strokes, settings), preprocess(contours, strokes, settings), "merge 25, brush");
}

// The bench's fourier/shapes scene: 600 shapes, seed 0, default edges (~67k contour points).
TEST(ContourPreprocessGpu, ShapesSceneContoursMatchTheCpuPipeline) {
    RACELAB_REQUIRE_CUDA_DEVICE();
    const std::vector<Contour> contours = extractContours(shapesImage(1024, 600, 0), EdgeSettings{});
    ASSERT_GT(pointsIn(contours), 50000u);
    CudaStream stream;
    ContourPreprocessorGpuCuda gpu(stream.get());
    const PreprocessSettings settings;
    const std::vector<Contour> cpu = preprocess(contours, {}, settings);
    ASSERT_GT(cpu.size(), 50u);
    expectSame(gpu.run(contours, {}, settings), cpu, "fourier/shapes");
    expectSame(gpu.run(contours, {}, settings), cpu, "fourier/shapes, again (reused buffers)");
}

// The order step alone on ties it must break as the CPU does: the pen ends at (0, 0) and eleven contours
// have their nearest point exactly 10 away (integer offsets: (10, 0), (6, 8), ...), three of them copies of
// each other, listed out of their spatial order; one holds two such points, 31 points apart (two chunks).
// The least contour number wins, and in it the least point number, every step.
TEST(ContourPreprocessGpu, OrderBreaksTiesAsTheCpuDoes) {
    RACELAB_REQUIRE_CUDA_DEVICE();
    CudaStream stream;
    ContourPreprocessorGpuCuda gpu(stream.get());
    std::vector<Contour> in;
    Contour first;  // the biggest: placed first by size, it ends at (0, 0)
    for (int i = 99; i >= 0; --i) first.push_back({static_cast<float>(-i), static_cast<float>(-i)});
    const int at[][2] = {{10, 0}, {6, 8}, {0, 10}, {-8, 6}, {-10, 0}, {-6, -8}, {0, -10}, {8, -6}, {6, 8}, {6, 8}};
    for (int k = 0; k < 10; ++k) {  // a short ray outward from each nearest point
        Contour c;
        for (int i = 0; i < 20; ++i)
            c.push_back({static_cast<float>(at[k][0] * (1 + i)), static_cast<float>(at[k][1] * (1 + i))});
        in.push_back(c);
    }
    Contour twoNearest;  // (0, 10) .. (0, 40), (40, 40), (40, 0) .. (10, 0)
    for (int i = 0; i <= 30; ++i) twoNearest.push_back({0.f, static_cast<float>(10 + i)});
    twoNearest.push_back({40.f, 40.f});
    for (int i = 0; i <= 30; ++i) twoNearest.push_back({static_cast<float>(40 - i), 0.f});
    in.push_back(twoNearest);
    std::mt19937 rng(5);
    std::shuffle(in.begin(), in.end(), rng);  // the ties no longer follow the angle
    in.insert(in.begin() + 3, first);
    for (int round = 0; round < 2; ++round) {
        const std::vector<Contour> cpu = orderGreedy(in);
        ASSERT_EQ(cpu[0].size(), first.size());
        gpu.upload(in);
        gpu.orderGreedy();
        expectSame(gpu.download(), cpu, "ties, round " + std::to_string(round));
        in.push_back(twoNearest);  // and once more with a copy of a tied contour after all the rest
    }
}

// The order step alone where its chunks are wider than a warp (few long contours: 64 or more points a chunk)
// and where there are too many contours for chunks at all (the order by contours).
TEST(ContourPreprocessGpu, OrderOfLongAndOfVeryManyContours) {
    RACELAB_REQUIRE_CUDA_DEVICE();
    CudaStream stream;
    ContourPreprocessorGpuCuda gpu(stream.get());
    for (bool integer : {true, false}) {
        const std::vector<Contour> in = randomContours(31, 60, integer, 6000, 3000);
        ASSERT_GT(pointsIn(in), 140000u);  // past 4096 chunks of 32
        gpu.upload(in);
        gpu.orderGreedy();
        expectSame(gpu.download(), orderGreedy(in), integer ? "60 long walks, integer" : "60 long walks, real");
    }
    const std::vector<Contour> many = randomContours(32, 4300, true, 30, 20000);
    gpu.upload(many);
    gpu.orderGreedy();
    expectSame(gpu.download(), orderGreedy(many), "4300 short walks");
}

TEST(ContourPreprocessGpu, DegenerateInputs) {
    RACELAB_REQUIRE_CUDA_DEVICE();
    CudaStream stream;
    ContourPreprocessorGpuCuda gpu(stream.get());
    const std::vector<Contour> some = randomContours(9, 5, true);
    EXPECT_TRUE(gpu.run(some, {{250.f, 250.f, 5000.f}}, PreprocessSettings{}).empty());  // all brushed away
    PreprocessSettings huge;
    huge.minSize = 100000;
    EXPECT_TRUE(gpu.run(some, {}, huge).empty());
    EXPECT_TRUE(gpu.run({}, {}, PreprocessSettings{}).empty());
    const std::vector<Contour> one = {{{1.f, 1.f}, {1.f, 1.f}, {5.f, 1.f}}};
    PreprocessSettings keepAll;
    keepAll.minSize = 1, keepAll.duplicateDistance = 0.f;
    expectSame(gpu.run(one, {}, keepAll), one, "distance 0 keeps even repeated points");
    keepAll.duplicateDistance = 1.f;
    expectSame(gpu.run(one, {}, keepAll), {{{1.f, 1.f}, {5.f, 1.f}}}, "a repeated point goes");
}

#else
TEST(ContourPreprocessGpu, NeedsACudaBuild) { GTEST_SKIP() << "GPU test skipped: racelab was built without CUDA"; }
#endif
