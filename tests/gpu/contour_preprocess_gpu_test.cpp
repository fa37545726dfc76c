// The contour preprocessing on the GPU equals the CPU reference step by step, point for point: on random
// contours (integer coordinates, so equal distances and ties are everywhere, and real ones) and on the
// contours of a real picture. Exact equality is the right tolerance: both sides compute every distance with
// the same unfused float operations and break ties the same way.
#include <gtest/gtest.h>

#ifdef RACELAB_HAVE_CUDA
#include <random>

#include "fourier/contour_preprocess_gpu.cuh"
#include "core/gpu_half.hpp"
#include "core/gpu_timing.hpp"
#include "gpu_test_support.hpp"
#include "scenes/fourier/contour_extraction.hpp"

using namespace racelab;
using namespace racelab::fourier;

namespace {

// Random walks of 1..400 points with steps of up to 2 pixels (many closer than the duplicate distance,
// some repeating a point), starting anywhere in 500x500 so that some pass close to others.
std::vector<Contour> randomContours(unsigned seed, int count, bool integer) {
    std::mt19937 rng(seed);
    std::uniform_int_distribution<int> length(1, 400), start(0, 500), step(-2, 2);
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
