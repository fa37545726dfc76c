// The Fourier workload's CPU reference pipeline: each preprocessing step on small hand-made contours, the
// resampling and the DFT (which must reconstruct the path), and the edge extraction.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>

#include "core/errors.hpp"
#include "scenes/fourier/contour_extraction.hpp"
#include "scenes/fourier/contour_preprocess.hpp"
#include "core/image_io.hpp"
#include "scenes/fourier/fourier_series.hpp"
#include "scenes/fourier/fourier_scene.hpp"
#include "process_runner.hpp"

using namespace racelab;
using namespace racelab::fourier;

namespace {
Contour line(float x0, float y, int points, float step = 1.f) {
    Contour c;
    for (int i = 0; i < points; ++i) c.push_back({x0 + i * step, y});
    return c;
}
}  // namespace

TEST(FourierPreprocess, BrushRemovesPointsUnderIt) {
    auto out = removeBrushed({line(0, 0, 10)}, {{4.5f, 0.f, 1.f}});  // removes x = 4 and 5
    ASSERT_EQ(out.size(), 1u);
    EXPECT_EQ(out[0].size(), 8u);
    for (Point p : out[0]) EXPECT_TRUE(p.x < 3.5f || p.x > 5.5f);
    EXPECT_TRUE(removeBrushed({line(0, 0, 3)}, {{1.f, 0.f, 5.f}}).empty());    // all brushed: contour gone
    EXPECT_EQ(removeBrushed({line(0, 0, 3)}, {{500.f, 500.f, 5.f}})[0].size(), 3u);  // far away: no effect
}

TEST(FourierPreprocess, DropSmallAndDuplicates) {
    auto kept = dropSmall({line(0, 0, 5), line(0, 10, 20)}, 10);
    ASSERT_EQ(kept.size(), 1u);
    EXPECT_EQ(kept[0].size(), 20u);
    Contour c = {{0, 0}, {.5f, 0}, {2, 0}, {2.4f, 0}, {4, 0}};
    auto deduped = removeDuplicates({c}, 1.5f);
    ASSERT_EQ(deduped[0].size(), 3u);
    EXPECT_FLOAT_EQ(deduped[0][1].x, 2.f);
    EXPECT_FLOAT_EQ(deduped[0][2].x, 4.f);
}

TEST(FourierPreprocess, MergeJoinsOnlyCloseContours) {
    // a and b are 2 px apart at their nearest points; c is far away
    auto merged = mergeClose({line(0, 0, 10), line(11, 0, 10), line(0, 100, 10)}, 4.f);
    ASSERT_EQ(merged.size(), 2u);
    EXPECT_EQ(merged[0].size(), 21u);  // a + b, and the return to where b was entered
    EXPECT_EQ(merged[1].size(), 10u);
    // b is spliced in after a's point nearest to it (x = 9), entered at its own nearest point (x = 11)
    EXPECT_FLOAT_EQ(merged[0][9].x, 9.f);
    EXPECT_FLOAT_EQ(merged[0][10].x, 11.f);
}

TEST(FourierPreprocess, OrderingStartsBigAndEntersEachContourNearestThePreviousEnd) {
    std::vector<Contour> contours = {line(50, 0, 5), line(0, 0, 30), line(100, 0, 5)};
    auto ordered = orderGreedy(contours);
    ASSERT_EQ(ordered.size(), 3u);
    EXPECT_EQ(ordered[0].size(), 30u);  // the biggest first
    for (std::size_t i = 1; i < ordered.size(); ++i) {
        Point end = ordered[i - 1].back();
        for (Point p : ordered[i]) EXPECT_GE(squaredDistance(p, end), squaredDistance(ordered[i][0], end));
    }
    EXPECT_FLOAT_EQ(ordered[1][0].x, 50.f);  // nearest to (29, 0)
}

TEST(FourierSeries, ResamplingIsEquallySpacedAlongTheClosedPath) {
    std::vector<std::complex<float>> square = {{0, 0}, {4, 0}, {4, 4}, {0, 4}};
    auto s = resampleClosed(square, 8);  // perimeter 16: a point every 2
    ASSERT_EQ(s.size(), 8u);
    for (std::size_t i = 0; i < s.size(); ++i) EXPECT_NEAR(std::abs(s[(i + 1) % 8] - s[i]), 2.f, 1e-5f);
    EXPECT_THROW(resampleClosed({}, 8), UsageError);
    EXPECT_THROW(resampleClosed(square, 1), UsageError);
}

TEST(FourierSeries, DftReconstructsThePath) {
    std::vector<std::complex<float>> path;
    for (int i = 0; i < 64; ++i) {
        float a = 6.2831853f * i / 64;
        path.emplace_back(10.f * std::cos(a) + 2.f * std::cos(3 * a), 10.f * std::sin(a) - 2.f * std::sin(3 * a));
    }
    auto samples = resampleClosed(path, 64);
    auto all = dft(samples);
    for (int n = 0; n < 64; ++n)  // every term: exact up to float rounding
        EXPECT_LT(std::abs(penAt(all, n / 64.0) - samples[static_cast<std::size_t>(n)]), 1e-3f) << n;
    EXPECT_THROW(largestTerms(all, 0), UsageError);
    // A circle walked at constant speed (so arc-length resampling keeps its parametrization) centred at
    // (5, 7): the constant term is the centre, the single other term has radius 10 at frequency 1.
    std::vector<std::complex<float>> circle;
    for (int i = 0; i < 200; ++i) {
        float a = 6.2831853f * i / 200;
        circle.emplace_back(5.f + 10.f * std::cos(a), 7.f + 10.f * std::sin(a));
    }
    auto terms = largestTerms(dft(resampleClosed(circle, 128)), 2);
    EXPECT_EQ(terms[0].frequency, 0);
    EXPECT_NEAR(terms[0].coefficient.real(), 5.f, 1e-3f);
    EXPECT_NEAR(terms[0].coefficient.imag(), 7.f, 1e-3f);
    EXPECT_EQ(terms[1].frequency, 1);
    EXPECT_NEAR(std::abs(terms[1].coefficient), 10.f, 5e-3f);
}

TEST(FourierExtraction, AnImageHasContoursAndABlankOneHasNone) {
    GrayImage image = shapesImage(128, 6, 1);
    EXPECT_GT(image.width, 0);
    auto contours = extractContours(image, EdgeSettings{});
    EXPECT_GT(contours.size(), 1u);
    GrayImage blank;
    blank.width = 64, blank.height = 64;
    blank.pixels.assign(64 * 64, 128);
    EXPECT_TRUE(extractContours(blank, EdgeSettings{}).empty());
    auto ordered = preprocess(contours, {}, PreprocessSettings{});
    EXPECT_FALSE(flatten(ordered).empty());
}

TEST(FourierExtraction, ShapesPictureIsReproducibleAndRichInContours) {
    GrayImage a = shapesImage(512, 60, 3), b = shapesImage(512, 60, 3), c = shapesImage(512, 60, 4);
    EXPECT_EQ(a.pixels, b.pixels);
    EXPECT_NE(a.pixels, c.pixels);
    std::size_t points = 0;
    for (const Contour& contour : extractContours(a, EdgeSettings{})) points += contour.size();
    EXPECT_GT(points, 5000u);  // 60 shapes of radius 4..32 px: thousands of edge points
    EXPECT_THROW(shapesImage(8, 10, 0), UsageError);
    EXPECT_THROW(shapesImage(512, 0, 0), UsageError);
}

namespace {

// The process's peak resident memory (VmHWM) in MiB, and a way to reset it to the present size (Linux's
// clear_refs "5"), so that a test can measure the peak of one call; -1 where /proc does not offer either.
long peakResidentMib() {
    std::ifstream status("/proc/self/status");
    for (std::string line; std::getline(status, line);)
        if (line.rfind("VmHWM:", 0) == 0) return std::stol(line.substr(6)) / 1024;
    return -1;
}

bool resetPeakResident() {
    std::ofstream clear("/proc/self/clear_refs");
    clear << "5";
    clear.flush();
    return static_cast<bool>(clear);
}

}  // namespace

TEST(FourierExtraction, TinyPngsClaimingGigabytesAreRefusedWithoutAllocatingThem) {
    // 69 bytes whose header says 8192x8192 interlaced 16-bit RGBA (about 1 GiB of filtered rows) and whose data
    // inflates to 64 bytes; and 115 bytes of a 32x32 image whose last chunk header, cut short, says IDAT of
    // 1.3 GB. stb reserved the claims before it found the bytes missing; the check refuses both first, and
    // loading them must not cost anything near what they claim.
    for (const char* name : {"png-header-claims-a-gigabyte", "png-cut-chunk-claims-gigabytes"}) {
        const auto file = std::filesystem::path(RACELAB_SOURCE_DIR) / "fuzz/regressions/image" / name;
        ASSERT_TRUE(std::filesystem::exists(file)) << file;
        if (!resetPeakResident() || peakResidentMib() < 0) GTEST_SKIP() << "/proc/self/clear_refs or VmHWM unavailable";
        const long before = peakResidentMib();
        try {
            loadGrayImage(file.string());
            ADD_FAILURE() << name << " was read";
        } catch (const UsageError& error) {  // refused by the size check, before stb reserved anything
            EXPECT_NE(std::string(error.what()).find("its chunks are cut short, or its image data does not fill"), std::string::npos)
                << error.what();
        }
        const long peak = peakResidentMib();
        // 32 MiB: the check needs no buffer (deflate's 1032:1 cannot fill the header's size from 12 bytes) and stb
        // is never called; stb's reservation of the claim, even untouched, cost 65 MiB of AddressSanitizer
        // shadow, and zero-filling it about 1 GiB.
        EXPECT_LT(peak, before + 32) << "loading " << name << " raised the peak from " << before << " to " << peak << " MiB";
    }
}

TEST(FourierExtraction, BadImageFilesAreRefused) {
    EXPECT_THROW(loadGrayImage("/nonexistent/picture.png"), UsageError);
    auto path = (std::filesystem::temp_directory_path() / "racelab_not_an_image.png").string();
    std::ofstream(path) << "this is not a PNG";
    EXPECT_THROW(loadGrayImage(path), UsageError);
}


TEST(FourierExport, WritesPngFramesAndRefusesBadInput) {
    auto dir = std::filesystem::temp_directory_path() / "racelab_fourier_frames";
    std::filesystem::remove_all(dir);
    ProcessResult r = runRacelab("frames --backend cpu --scene fourier/text --frames 12 --every 4 --size 160x90 --out-dir " + dir.string());
    ASSERT_EQ(r.exitCode, 0) << r.output;
    for (const char* name : {"frame-00000.png", "frame-00001.png", "frame-00002.png"}) {
        racelab::HostImage frame = racelab::readImage((dir / name).string());
        EXPECT_EQ(frame.width, 160);
    }
    EXPECT_FALSE(std::filesystem::exists(dir / "frame-00003.png"));
    EXPECT_NE(runRacelab("frames --backend cpu --scene fourier/text --frames 0 --out-dir " + dir.string()).exitCode, 0);
    ProcessResult missing = runRacelab("frames --backend cpu --scene fourier/image --image /nonexistent.png --out-dir " + dir.string());
    EXPECT_NE(missing.exitCode, 0);
    EXPECT_NE(missing.output.find("no such file"), std::string::npos) << missing.output;
    ProcessResult terms = runRacelab("frames --backend cpu --scene fourier/text --param terms=0 --frames 2 --out-dir " + dir.string());
    EXPECT_NE(terms.exitCode, 0);
    EXPECT_NE(terms.output.find("outside"), std::string::npos) << terms.output;
    std::filesystem::remove_all(dir);
}


TEST(FourierScene, BrushStrokesRemovePointsAndOutsideStrokesAreRefused) {
    racelab::SceneOptions options;
    options.backend = racelab::Backend::Cpu;
    FourierScene scene("text", options);
    std::string before = scene.statsLine();
    EXPECT_THROW(scene.addBrushStroke({-5.f, 10.f, 3.f}), UsageError);
    EXPECT_THROW(scene.addBrushStroke({10.f, 100000.f, 3.f}), UsageError);
    // a wide stroke down the left of the picture (the drawing's canvas is 1024 x 270: racelab.svg's viewBox)
    for (float y = 0; y < 260; y += 20) scene.addBrushStroke({60.f, y, 90.f});
    scene.regenerate();
    EXPECT_NE(scene.statsLine(), before);
    racelab::HostImage frame(200, 100);
    scene.renderReference(frame, true);  // still draws
}

TEST(FourierBench, TimesEveryStepOfImageToCoefficients) {
    ProcessResult r = runRacelab("bench --backend cpu --present none --scene fourier/text --size 160x90 --frames 3 --warmup 1");
    ASSERT_EQ(r.exitCode, 0) << r.output;
    for (const char* step : {"SVG paths sampled", "brush", "min size", "duplicates", "merge", "order", "resample", "DFT"})
        EXPECT_NE(r.output.find(step), std::string::npos) << step;
    ProcessResult shapes = runRacelab("bench --backend cpu --present none --scene fourier/shapes --count 20 --size 160x90 "
                                      "--frames 3 --warmup 1");
    ASSERT_EQ(shapes.exitCode, 0) << shapes.output;
    EXPECT_NE(shapes.output.find("blur + Canny + contours"), std::string::npos) << shapes.output;
}

// The panel's "trail: clear now" restarts the trail at the current frame, and "source contours" dots the
// preprocessed points over the drawing (CPU reference; the GPU is compared with it in FourierGpu.*).
TEST(FourierScenePanel, ClearTrailAndSourceContours) {
    SceneOptions options;
    options.backend = Backend::Cpu;
    FourierScene scene("text", options);
    auto set = [&](const std::string& name, int value) { scene.setParameter(name, std::to_string(value)); };
    auto litPixels = [](const HostImage& image) {
        long lit = 0;
        for (int y = 0; y < image.height; ++y)
            for (int x = 0; x < image.width; ++x) lit += image.at(x, y)[0] > 60 || image.at(x, y)[2] > 60;  // over the dark ground
        return lit;
    };
    set("circles", 0), set("arms", 0);  // only the trail (and the dots) are drawn
    for (int f = 0; f < 200; ++f) scene.advance(kFixedStepSeconds, nullptr);
    HostImage whole(480, 270), cleared(480, 270), dotted(480, 270);
    scene.renderReference(whole, true);
    set("trail", 1);
    scene.renderReference(cleared, true);
    EXPECT_GT(litPixels(whole), 200);
    EXPECT_LT(litPixels(cleared), 10) << "the trail was not cleared";
    set("source", 1);
    scene.renderReference(dotted, true);
    EXPECT_GT(litPixels(dotted), 200) << "the source contours are not drawn";
}
