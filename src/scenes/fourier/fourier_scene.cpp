#include "scenes/fourier/fourier_scene.hpp"

#include <algorithm>
#include <cstdio>
#include <sstream>

#include "core/errors.hpp"
#include "core/stopwatch.hpp"
#include "scenes/fourier/epicycle_reference.hpp"
#include "scenes/fourier/fourier_series.hpp"
#include "scenes/fourier/gpu_fft.hpp"

#ifdef RACELAB_HAVE_CUDA
#include "fourier.cuh"
#else
namespace racelab::fourier {
class FourierGpu {};
}
#endif

namespace racelab::fourier {

const std::vector<VariantInfo>& FourierScene::variantList() {
    static const std::vector<VariantInfo> list = {
        {"good", "chain of centres by a block scan; trail coverage kept with atomicMax", true},
        {"bad", "chain by a shared-memory scan missing its barriers (arms jump); trail blended with racy "
                "read-modify-writes (speckles)", false},
    };
    return list;
}

FourierScene::FourierScene(const std::string& preset, const SceneOptions& options)
    : preset_(preset), backend_(options.backend) {
    if (preset == "image") {
        if (options.imagePath.empty()) throw UsageError("fourier/image needs --image FILE (a PNG or JPG)");
        image_ = loadGrayImage(options.imagePath);
    } else if (preset == "text") {
        image_ = defaultImage("racelab", 360);
    } else {
        throw UsageError("unknown fourier scene '" + preset + "' (valid: fourier/text, fourier/image)");
    }
    regenerate();
}

FourierScene::~FourierScene() = default;

std::vector<SceneParameter> FourierScene::parameters() {
    std::vector<SceneParameter> out;
    out.push_back({"blur sigma", nullptr, &edges_.sigma, 0, 10, true, {}});
    out.push_back({"canny low", nullptr, &edges_.low, 0, 1000, true, {}});
    out.push_back({"canny high", nullptr, &edges_.high, 0, 1000, true, {}});
    out.push_back({"min size (points)", &preprocessing_.minSize, nullptr, 1, 100000, true, {}});
    out.push_back({"duplicate distance (px)", nullptr, &preprocessing_.duplicateDistance, 0, 50, true, {}});
    out.push_back({"merge distance (px)", nullptr, &preprocessing_.mergeDistance, 0, 200, true, {}});
    out.push_back({"terms K", &termCount_, nullptr, 1, kMaxTerms, true, {}});
    out.push_back({"samples N", &sampleCount_, nullptr, 2, 65536, true, {}});
    out.push_back({"speed (turns per 10 s)", nullptr, &speed_, .05, 20, false, {}});
    out.push_back({"brush radius (px)", nullptr, &brushRadius_, 1, 200, false, {}});
    out.push_back({"circles", &showCircles_, nullptr, 0, 1, false, {"hidden", "shown"}});
    out.push_back({"arms", &showArms_, nullptr, 0, 1, false, {"hidden", "shown"}});
    return out;
}

void FourierScene::regenerate() {
    Stopwatch clock;
    std::vector<Contour> contours = extractContours(image_, edges_);
    std::vector<Contour> ordered = preprocess(contours, strokes_, preprocessing_);
    std::vector<std::complex<float>> path = flatten(ordered);
    if (path.empty())
        throw UsageError("the image has no edges left to draw (zero contours after Canny and preprocessing); "
                         "lower the Canny thresholds or min size");
    auto samples = resampleClosed(path, sampleCount_);
    std::vector<Epicycle> all;
    transform_ = "cuFFT";
    if (backend_ != Backend::Cuda || !dftWithCufft(samples, all, nullptr, nullptr)) {
        all = dft(samples);
        transform_ = "plain DFT";
    }
    auto kept = largestTerms(std::move(all), termCount_);
    terms_.clear();
    for (const auto& e : kept)
        terms_.push_back({static_cast<float>(e.frequency), e.coefficient.real(), e.coefficient.imag()});
    contourCount_ = ordered.size();
    pointCount_ = path.size();
    pipelineMs_ = clock.ms();
    frame_ = 0;
    deviceCurrent_ = false;
}

FrameMapping FourierScene::mappingFor(int width, int height) const {
    const float margin = .05f;
    float scale = std::min(width * (1.f - 2 * margin) / image_.width, height * (1.f - 2 * margin) / image_.height);
    return {scale, (width - image_.width * scale) * .5f, (height - image_.height * scale) * .5f, height};
}

void FourierScene::render(const FrameTarget& target, int variant) {
#ifdef RACELAB_HAVE_CUDA
    if (!gpu_) gpu_ = std::make_unique<FourierGpu>();
    if (!deviceCurrent_) {
        gpu_->setTerms(terms_, target.stream);
        deviceCurrent_ = true;
    }
    lastWidth_ = target.width, lastHeight_ = target.height;
    DrawSettings s{mappingFor(target.width, target.height), periodFrames(), showCircles_ != 0, showArms_ != 0};
    gpu_->draw(target, s, frame_, variant == 1);
#else
    (void)target, (void)variant;
    throwNoCudaBuild();
#endif
}

std::vector<std::uint32_t> FourierScene::gpuTrail(cudaStream_t stream) const {
#ifdef RACELAB_HAVE_CUDA
    if (gpu_) return gpu_->downloadTrail(stream);
#else
    (void)stream;
#endif
    return {};
}

void FourierScene::addBrushStroke(BrushStroke stroke) {
    if (stroke.x < 0 || stroke.y < 0 || stroke.x >= image_.width || stroke.y >= image_.height || !(stroke.radius > 0))
        throw UsageError("brush stroke outside the image");
    strokes_.push_back(stroke);
}

void FourierScene::handleInput(const PointerInput& input) {
    if (input.reset && !strokes_.empty()) {
        strokes_.clear();
        regenerate();
    }
    if (input.paint && lastWidth_ > 0) {
        const FrameMapping m = mappingFor(lastWidth_, lastHeight_);
        BrushStroke stroke{(input.x - m.offsetX) / m.scale, (static_cast<float>(m.frameHeight) - input.y - m.offsetY) / m.scale,
                           brushRadius_ / m.scale};
        if (stroke.x >= 0 && stroke.y >= 0 && stroke.x < image_.width && stroke.y < image_.height) strokes_.push_back(stroke);
    }
    if (input.paintReleased && !strokes_.empty()) {
        try {
            regenerate();
        } catch (const UsageError&) {
            strokes_.pop_back();  // painted everything away: keep the drawing there was
            regenerate();
        }
    }
}

void FourierScene::renderReference(HostImage& image, bool) {
    lastWidth_ = image.width, lastHeight_ = image.height;
    ReferenceDrawSettings s{mappingFor(image.width, image.height), periodFrames(), showCircles_ != 0, showArms_ != 0};
    renderEpicyclesReference(terms_, s, frame_, image);
}

std::vector<std::string> FourierScene::benchNotes(const BenchFacts& facts, cudaStream_t) {
    // Each step of image -> coefficients, timed on its own (all on the CPU for now).
    std::vector<std::string> notes;
    char line[160];
    auto timed = [&](const char* what, auto step) {
        Stopwatch clock;
        auto result = step();
        std::snprintf(line, sizeof line, "  %-28s %9.3f ms", what, clock.ms());
        notes.push_back(line);
        return result;
    };
    notes.push_back("image to coefficients, step by step (CPU reference):");
    auto contours = timed("blur + Canny + contours", [&] { return extractContours(image_, edges_); });
    auto kept = timed("brush", [&] { return removeBrushed(contours, strokes_); });
    kept = timed("min size", [&] { return dropSmall(kept, preprocessing_.minSize); });
    kept = timed("duplicates", [&] { return removeDuplicates(kept, preprocessing_.duplicateDistance); });
    kept = timed("merge", [&] { return mergeClose(kept, preprocessing_.mergeDistance); });
    kept = timed("order", [&] { return orderGreedy(kept); });
    auto samples = timed("resample", [&] { return resampleClosed(flatten(kept), sampleCount_); });
    auto all = timed("DFT (plain, O(N^2))", [&] { return dft(samples); });
    if (backend_ == Backend::Cuda) {
        std::vector<Epicycle> gpu;
        std::string why;
        timed("FFT (cuFFT, with copies)", [&] { return dftWithCufft(samples, gpu, nullptr, &why); });
        if (!why.empty()) notes.push_back("  cuFFT unavailable: " + why);
    }
    timed("largest K terms", [&] { return largestTerms(all, termCount_); });
    std::snprintf(line, sizeof line, "drawing %zu epicycles at %dx%d: kernel median %.4f ms", terms_.size(), facts.width,
                  facts.height, facts.kernelMedianMs);
    notes.push_back(line);
    return notes;
}

CheckRule FourierScene::checkRule() const {
    return {3.5f / 255.f, 100,
            "fourier rule: every RGB channel within +-3 (8-bit), at most 100 pixels off (sin/cos round differently "
            "on the GPU, which can move an anti-aliased edge by a level)"};
}

std::string FourierScene::statsLine() const {
    std::ostringstream line;
    char ms[48];
    std::snprintf(ms, sizeof ms, "%.1f ms", pipelineMs_);
    line << contourCount_ << " contours, " << pointCount_ << " points, " << terms_.size() << " epicycles; image to "
         << "coefficients in " << ms << " (contours on the CPU, " << transform_ << ")";
    return line.str();
}

}  // namespace racelab::fourier
