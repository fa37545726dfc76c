#include "scenes/fourier/fourier_scene.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <sstream>

#include "core/asset_paths.hpp"
#include "core/errors.hpp"
#include "core/repeat_timing.hpp"
#include "core/stats.hpp"
#include "core/stopwatch.hpp"
#include "scenes/fourier/contour_preprocess_gpu.hpp"
#include "scenes/fourier/epicycle_reference.hpp"
#include "scenes/fourier/fourier_gpu.hpp"
#include "scenes/fourier/fourier_series.hpp"
#include "scenes/fourier/gpu_fft.hpp"
#include "scenes/workload.hpp"

RACELAB_WORKLOAD(fourier);

namespace racelab::fourier {

const std::vector<VariantInfo>& FourierScene::variants() const { return racelabWorkload_fourier().variants; }

namespace {
// What a variant draws with a race, by its name in the descriptor (workload.cpp): bad-chain races the chain,
// bad-trail the trail, bad both, good neither.
DrawRaces racesOf(const std::string& variant) {
    const bool both = variant == "bad";
    return {both || variant == "bad-chain", both || variant == "bad-trail"};
}
}  // namespace

FourierScene::FourierScene(const std::string& preset, const SceneOptions& options)
    : Scene(racelabWorkload_fourier().parameters), preset_(preset), backend_(options.backend),
      speed_(parameters_.at("speed")), showCircles_(parameters_.at("circles")), showArms_(parameters_.at("arms")),
      showSource_(parameters_.at("source")), clearTrail_(parameters_.at("trail")), brushRadius_(parameters_.at("brush")) {
    const std::string imagePath = options.input("image");
    if (preset == "image") {
        if (imagePath.empty()) throw MissingInputError("fourier/image needs --image FILE (a PNG, JPEG or SVG)");
        if (isSvgFile(imagePath)) {
            useSvg(imagePath);
        } else {
            image_ = loadGrayImage(imagePath);
            sourceLabel_ = std::filesystem::path(imagePath).filename().string() + " (edges by Canny)";
        }
    } else if (preset == "text") {
        // The word as outlines the project draws itself (tools/make_racelab_svg.py): no system font.
        useSvg(findAsset("fourier/racelab.svg"));
    } else if (preset == "shapes") {
        image_ = shapesImage(1024, options.count > 0 ? options.count : 600, options.seed);
        sourceLabel_ = "random shapes (edges by Canny)";
    } else {
        throw UsageError("unknown fourier scene '" + preset + "' (valid: fourier/text, fourier/shapes, fourier/image)");
    }
    if (!vector_) width_ = image_.width, height_ = image_.height;
    for (const char* edgeParameter : {"blur", "canny-low", "canny-high"})
        parameters_.at(edgeParameter).hidden = vector_;  // an SVG's outlines are exact: no edges to find
    regenerate();
}

void FourierScene::useSvg(const std::string& path) {
    svg_ = loadSvg(path);
    sampled_ = sampleSvg(svg_);
    vector_ = true;
    width_ = sampled_.width, height_ = sampled_.height;
    sourceLabel_ = std::filesystem::path(path).filename().string() + " (SVG paths)";
}

std::vector<Contour> FourierScene::sourceContours() const {
    return vector_ ? sampled_.contours : extractContours(image_, edges_);
}

FourierScene::~FourierScene() = default;

ContourPreprocessorGpu& FourierScene::preprocessorGpu() {
    if (!preprocessorGpu_) {
        preprocessorGpu_ = makeGpuHalf<ContourPreprocessorGpu>("fourier_contours");  // throws in a build without CUDA
        preprocessorGpu_->setStream(stream_.get());
    }
    return *preprocessorGpu_;
}

std::vector<Contour> FourierScene::preprocessed(const std::vector<Contour>& contours) {
    // cudaUsable() is false in a build without CUDA, so the cpu reference runs there whatever the backend.
    if (backend_ == Backend::Cuda && cudaUsable()) {
        preprocessedOn_ = "GPU";
        return preprocessorGpu().run(contours, strokes_, preprocessing_);
    }
    preprocessedOn_ = "CPU";
    return preprocess(contours, strokes_, preprocessing_);
}

void FourierScene::readRebuildParameters() {
    edges_.sigma = parameters_.at("blur").asFloat();
    edges_.low = parameters_.at("canny-low").asFloat();
    edges_.high = parameters_.at("canny-high").asFloat();
    preprocessing_.minSize = parameters_.at("min-size").asInt();
    preprocessing_.duplicateDistance = parameters_.at("duplicate-distance").asFloat();
    preprocessing_.mergeDistance = parameters_.at("merge-distance").asFloat();
    termCount_ = parameters_.at("terms").asInt();
    sampleCount_ = parameters_.at("samples").asInt();
}

void FourierScene::regenerate() {
    Stopwatch clock;
    readRebuildParameters();
    std::vector<Contour> contours = sourceContours();
    std::vector<Contour> ordered = preprocessed(contours);
    std::vector<std::complex<float>> path = flatten(ordered);
    if (path.empty())
        throw UsageError("the image has no edges left to draw (zero contours after Canny and preprocessing); "
                         "lower the Canny thresholds or min size");
    auto samples = resampleClosed(path, sampleCount_);
    std::vector<Epicycle> all;
    transform_ = "cuFFT";
    transformWhyNot_.clear();
    if (backend_ != Backend::Cuda) transformWhyNot_ = "cpu backend";
    if (backend_ != Backend::Cuda || !dftWithCufft(samples, all, nullptr, &transformWhyNot_)) {
        all = dft(samples);
        transform_ = "plain DFT";
    }
    auto kept = largestTerms(std::move(all), termCount_);
    terms_.clear();
    for (const auto& e : kept)
        terms_.push_back({static_cast<float>(e.frequency), e.coefficient.real(), e.coefficient.imag()});
    source_.clear();
    for (const Contour& c : ordered)
        for (Point p : c) source_.push_back({p.x, p.y});
    trailFrom_ = 0;
    contourCount_ = ordered.size();
    pointCount_ = path.size();
    pipelineMs_ = clock.ms();
    frame_ = 0;
    drawingOnDevice_.markStale();
}

FrameMapping FourierScene::mappingFor(int width, int height) const {
    const float margin = .05f;
    float scale = std::min(width * (1.f - 2 * margin) / width_, height * (1.f - 2 * margin) / height_);
    return {scale, (width - width_ * scale) * .5f, (height - height_ * scale) * .5f, height};
}

DrawSettings FourierScene::prepareGpuDraw(const FrameTarget& target) {
    if (!gpu_) gpu_ = makeGpuHalf<FourierGpu>("fourier");  // throws in a build without CUDA
    drawingOnDevice_.ensure([&] {
        gpu_->setTerms(terms_, target.stream);
        gpu_->setSource(source_, target.stream);
    });
    applyClearTrail();
    lastWidth_ = target.width, lastHeight_ = target.height;
    return {mappingFor(target.width, target.height), periodFrames(), showCircles_.asBool(), showArms_.asBool(),
            showSource_.asBool(), trailFrom_};
}

void FourierScene::render(const FrameTarget& target, int variant) {
    const DrawSettings s = prepareGpuDraw(target);
    gpu_->draw(target, s, frame_, variant, racesOf(variants()[static_cast<std::size_t>(variant)].name));
}

std::vector<std::uint32_t> FourierScene::gpuTrail(int variant, cudaStream_t stream) const {
    if (gpu_) return gpu_->downloadTrail(variant, stream);
    return {};
}

void FourierScene::addBrushStroke(BrushStroke stroke) {
    if (stroke.x < 0 || stroke.y < 0 || stroke.x >= width_ || stroke.y >= height_ || !(stroke.radius > 0))
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
                           brushRadius_.asFloat() / m.scale};
        if (stroke.x >= 0 && stroke.y >= 0 && stroke.x < width_ && stroke.y < height_) strokes_.push_back(stroke);
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

void FourierScene::applyClearTrail() {
    if (clearTrail_.asInt() != 0) trailFrom_ = frame_, clearTrail_.number = 0;
}

void FourierScene::renderReference(HostImage& image, bool parallel) {
    applyClearTrail();
    lastWidth_ = image.width, lastHeight_ = image.height;
    ReferenceDrawSettings s{mappingFor(image.width, image.height), periodFrames(), showCircles_.asBool(), showArms_.asBool(),
                            trailFrom_, showSource_.asBool() ? &source_ : nullptr};
    renderEpicyclesReference(terms_, s, frame_, image, parallel);
}

RatioSide FourierScene::benchGpuSide(int variant) const {
    const DrawRaces races = racesOf(variants()[static_cast<std::size_t>(variant)].name);
    return {std::string("GPU ") + variants()[static_cast<std::size_t>(variant)].name +
                (races.trail ? " (adds each frame's trail segment, racy read-then-write max)"
                             : " (adds each frame's trail segment to the kept trail, atomicMax splats)"),
            "kernels only: chain of centres, new trail segment, circles, arms, compose", 0};
}

// The GPU adds each frame's trail segment to the trail it keeps. The like-for-like CPU side does the same: it
// keeps its own trail (drawn up to this frame before timing starts) and each call draws the next frame, one new
// segment plus circles, arms and compose. The simple reference redraws the whole trail every call.
std::vector<BenchReference> FourierScene::benchReferences(int variant) {
    struct Incremental {
        KeptTrail trail;
        long frame;
    };
    auto state = std::make_shared<Incremental>();
    state->frame = frame_;
    auto settings = [this](int width, int height) {
        return ReferenceDrawSettings{mappingFor(width, height), periodFrames(), showCircles_.asBool(), showArms_.asBool(),
                                     trailFrom_, showSource_.asBool() ? &source_ : nullptr};
    };
    auto incremental = [this, state, settings](HostImage& image, bool parallel) {
        if (state->trail.drawnUpTo < 0)  // the kept trail up to the scene's frame: not part of the timed work
            extendTrail(terms_, settings(image.width, image.height), state->frame, image.width, image.height, true,
                        state->trail);
        renderEpicyclesReference(terms_, settings(image.width, image.height), ++state->frame, image, parallel,
                                 &state->trail);
    };
    const std::string wholeTrail = "redraws the whole trail (" + std::to_string(frame_ - trailFrom_) +
                                   " segments) every call, plus circles, arms, compose";
    // Like for like with the good variant only: a racy one runs other code (and loses work).
    const Likeness likeness = variants()[static_cast<std::size_t>(variant)].correct ? Likeness::LikeForLike
                                                                                      : Likeness::AlgorithmAndHardware;
    return {{"CPU kept trail (max splats, row bands)", "adds the next frame's trail segment, plus circles, arms, compose",
             likeness, incremental, true},
            {"CPU reference (max splats, row bands)", wholeTrail, Likeness::AlgorithmAndHardware,
             [this](HostImage& image, bool parallel) { renderReference(image, parallel); }, false}};
}

std::vector<std::string> FourierScene::benchNotes(const BenchFacts& facts, cudaStream_t) {
    // Each step of image -> coefficients on its own: the median of several runs after a warm-up, every step
    // started from the CPU reference's output of the step before, on the CPU and (cuda backend) the GPU.
    constexpr int kRuns = 7;
    // The whole pipeline is timed through regenerate(), which rewinds the drawing to frame 0; the frame bench
    // drew last comes back afterwards, so that the CPU references (timed next) draw that frame and its trail.
    const long drawnFrame = frame_, drawnTrailFrom = trailFrom_;
    std::vector<std::string> notes;
    char line[200];
    // One warm-up run first (allocations, first launches).
    auto medianMs = [&](auto&& prepare, auto&& step) { return timeRepeated(kRuns, 1, prepare, step).p50; };
    const bool gpu = backend_ == Backend::Cuda;
    auto row = [&](const char* what, double cpuMs, double gpuMs) {
        if (gpuMs > 0)
            std::snprintf(line, sizeof line, "  %-26s %10.3f %10.3f %9.1fx", what, cpuMs, gpuMs, cpuMs / gpuMs);
        else
            std::snprintf(line, sizeof line, "  %-26s %10.3f %10s", what, cpuMs, "-");
        notes.push_back(line);
    };
    auto nothing = [] {};
    notes.push_back("image to coefficients, step by step (median of " + std::to_string(kRuns) + " runs, ms):");
    notes.push_back("  step                          CPU ms     GPU ms  speed-up");
    std::vector<Contour> contours, kept;
    if (vector_)
        row("SVG paths sampled", medianMs(nothing, [&] { contours = sampleSvg(svg_).contours; }), 0);
    else
        row("blur + Canny + contours", medianMs(nothing, [&] { contours = extractContours(image_, edges_); }), 0);
    std::size_t points = 0;
    for (const Contour& c : contours) points += c.size();
    // One preprocessing step: the CPU reference from `in`, then the GPU from the same input.
    auto step = [&](const char* what, auto&& cpuStep, auto&& gpuStep) {
        const std::vector<Contour> in = kept;
        const double cpuMs = medianMs(nothing, [&] { kept = cpuStep(in); });
        double gpuMs = 0;
        if (gpu)
            gpuMs = medianMs([&] { preprocessorGpu().upload(in), stream_.synchronize(); },
                             [&] { gpuStep(preprocessorGpu()), stream_.synchronize(); });
        row(what, cpuMs, gpuMs);
    };
    kept = contours;
    const std::string brushLabel = "brush (" + std::to_string(strokes_.size()) + " strokes)";
    step(brushLabel.c_str(), [&](const auto& in) { return removeBrushed(in, strokes_); },
         [&](auto& g) { g.removeBrushed(strokes_); });
    step("min size", [&](const auto& in) { return dropSmall(in, preprocessing_.minSize); },
         [&](auto& g) { g.dropSmall(preprocessing_.minSize); });
    step("duplicates", [&](const auto& in) { return removeDuplicates(in, preprocessing_.duplicateDistance); },
         [&](auto& g) { g.removeDuplicates(preprocessing_.duplicateDistance); });
    step("merge", [&](const auto& in) { return mergeClose(in, preprocessing_.mergeDistance); },
         [&](auto& g) { g.mergeClose(preprocessing_.mergeDistance); });
    const std::size_t mergedContours = kept.size();
    step("order", [&](const auto& in) { return orderGreedy(in); }, [&](auto& g) { g.orderGreedy(); });
    std::vector<Contour> all;
    const double cpuTotal = medianMs(nothing, [&] { all = preprocess(contours, strokes_, preprocessing_); });
    double gpuTotal = 0;
    if (gpu) gpuTotal = medianMs(nothing, [&] { all = preprocessorGpu().run(contours, strokes_, preprocessing_); });
    row("preprocessing, all steps", cpuTotal, gpuTotal);
    std::snprintf(line, sizeof line, "  (%zu contour points in %zu contours; %zu contours after merging; GPU total "
                  "includes upload and download)", points, contours.size(), mergedContours);
    notes.push_back(line);
    std::vector<std::complex<float>> samples;
    row("resample", medianMs(nothing, [&] { samples = resampleClosed(flatten(all), sampleCount_); }), 0);
    std::vector<Epicycle> terms;
    row("DFT (plain, O(N^2))", medianMs(nothing, [&] { terms = dft(samples); }), 0);
    if (gpu) {
        std::vector<Epicycle> viaFft;
        std::string why;
        const double fftMs = medianMs(nothing, [&] { dftWithCufft(samples, viaFft, nullptr, &why); });
        if (why.empty()) {
            std::snprintf(line, sizeof line, "  %-26s %10s %10.3f", "FFT (cuFFT, with copies)", "-", fftMs);
            notes.push_back(line);
        } else {
            notes.push_back("  FFT: plain DFT used, cuFFT unavailable: " + why);
        }
    }
    row("largest K terms", medianMs(nothing, [&] { largestTerms(terms, termCount_); }), 0);
    std::snprintf(line, sizeof line, "image to coefficients, all steps (%s): median %.3f ms", preprocessedOn_.c_str(),
                  medianMs(nothing, [&] { regenerate(); }));
    notes.push_back(line);
    std::snprintf(line, sizeof line, "drawing %zu epicycles at %dx%d: kernel median %.4f ms", terms_.size(), facts.width,
                  facts.height, facts.kernelMedianMs);
    notes.push_back(line);
    frame_ = drawnFrame, trailFrom_ = drawnTrailFrom;
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
    line << contourCount_ << " contours, " << pointCount_ << " points, " << terms_.size() << " epicycles from "
         << sourceLabel_ << "; image to coefficients in " << ms << " (preprocessing on the " << preprocessedOn_ << ", "
         << transform_;
    if (!transformWhyNot_.empty()) line << ": " << transformWhyNot_;  // why not cuFFT, said where it is seen
    line << ")";
    return line.str();
}

}  // namespace racelab::fourier
