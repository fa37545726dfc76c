#include "scenes/circles/circle_scene.hpp"

#include <atomic>
#include <sstream>

#include "core/errors.hpp"
#include "scenes/circles/circle_gpu.hpp"
#include "scenes/circles/circle_reference.hpp"
#include "scenes/circles/circle_reference_tiled.hpp"
#include "scenes/circles/circle_scene_spec.hpp"
#include "scenes/workload.hpp"

RACELAB_WORKLOAD(circles);

namespace racelab::circles {

const std::vector<VariantInfo>& CircleScene::variants() const { return racelabWorkload_circles().variants; }

CircleScene::CircleScene(const std::string& preset, const SceneOptions& options)
    : Scene(racelabWorkload_circles().parameters), preset_(preset), seed_(parameters_.at("seed")),
      count_(parameters_.at("circles")), backend_(options.backend) {
    const CircleSceneSpec* spec = findCircleSceneSpec(preset);
    if (!spec) throw UsageError("unknown circle scene '" + preset + "'");
    seed_.number = options.seed;
    count_.number = options.count > 0 ? options.count : spec->defaultCount;
    countAdjustable_ = spec->countAdjustable;
    count_.hidden = !countAdjustable_;  // the scenes of a fixed size offer no count
    regenerate();
}

CircleScene::~CircleScene() = default;

void CircleScene::regenerate() {
    set_ = generateCircles(preset_, static_cast<unsigned>(seed_.asInt()), countAdjustable_ ? count_.asInt() : 0);
    // CS149 numbers its frames from the first picture its loop draws, and that loop advances before it
    // renders: its frame 0 is the loaded scene after one step. Taking that step here makes racelab's frame N
    // the course's frame N everywhere (view, render, check, bench). The host step is bit-identical to the
    // GPU's, so which side takes it does not matter.
    if (animated()) advanceReference(set_);
    steps_ = 1;  // the course calls advanceAnimation before every frame, the static scenes' too (it does nothing)
    static std::atomic<long long> madeSoFar{0};
    generation_ = ++madeSoFar;
    device_.markStale();
}

void CircleScene::setBackend(Backend backend) {
    if (backend == backend_) return;
    // The animation continues from wherever it is now: take the state from the side that held it.
    if (backend_ == Backend::Cuda && device_.current()) syncStateToHost(nullptr);
    backend_ = backend;
    device_.markStale();
}

void CircleScene::uploadIfStale(cudaStream_t stream) {
    if (!gpu_) gpu_ = makeGpuHalf<CircleGpu>("circles");  // throws in a build without CUDA
    device_.ensure([&] { gpu_->upload(set_, stream); });
}

void CircleScene::advance(double /*dt*/, cudaStream_t stream) {
    ++steps_;
    if (!animated()) return;
    if (backend_ == Backend::Cuda) {
        uploadIfStale(stream);
        gpu_->advance(set_.animation, stream);
        return;
    }
    advanceReference(set_);
}

void CircleScene::render(const FrameTarget& target, int variant) {
    RACELAB_REQUIRE(variant >= 0 && variant < static_cast<int>(variants().size()), "variant index out of range");
    uploadIfStale(target.stream);
    gpu_->render(target, static_cast<CircleVariant>(variant));
}

void CircleScene::renderReference(HostImage& image, bool parallel) {
    if (parallel) renderReferenceParallel(set_, image);
    else renderReferenceSequential(set_, image);
}

RatioSide CircleScene::benchGpuSide(int variant) const {
    static const char* const what[] = {"GPU good (tiled, front to back, early exit)",
                                       "GPU bad (one thread per circle, racy read-modify-write)",
                                       "GPU unordered (tiled with atomics, front to back, early exit)"};
    return {what[variant], animated() ? "kernels only: particle step, binning, sort and blending; no transfers"
                            : "kernels only: binning, sort and blending; no transfers", 0};
}

// The tiled reference is the GPU good variant's algorithm on the CPU; the simple one is the course's.
std::vector<BenchReference> CircleScene::benchReferences(int variant) {
    const Likeness tiled = variant == 0 ? Likeness::LikeForLike : Likeness::AlgorithmAndHardware;
    return {{"CPU tiled front-to-back", "16x16 binning + blending with early exit", tiled,
             [this](HostImage& image, bool parallel) { renderReferenceTiled(set_, image, parallel); }, false},
            {"CPU simple reference (back to front, every circle)", "blending only", Likeness::AlgorithmAndHardware,
             [this](HostImage& image, bool parallel) { renderReference(image, parallel); }, true}};
}

void CircleScene::syncStateToHost(cudaStream_t stream) {
    if (gpu_ && device_.current()) gpu_->download(set_, stream);
}

CheckRule CircleScene::checkRule() const {
    return {0.1f, 5, "CS149 rule: per RGB channel |diff| <= 0.1, alpha ignored, at most 5 differing pixels"};
}

std::string CircleScene::statsLine() const {
    std::ostringstream line;
    line << set_.count() << " circles";
    if (gpu_ && backend_ == Backend::Cuda) {
        auto stats = gpu_->lastStats();
        const std::string perThread =
            std::to_string(stats.pixelsPerThread) + (stats.pixelsPerThread == 1 ? " pixel a thread" : " pixels a thread");
        if (stats.path == CircleRenderPath::EveryCirclePerTile)
            line << "; good renderer: one launch, every circle tested per " << stats.tileSize << "px tile, " << perThread
                 << " (no binning: few circles)";
        if (stats.path == CircleRenderPath::ListedPerCoarseTile)
            line << "; good renderer: circles listed per " << stats.tileSize << "px tile by one launch, in order "
                 << "(no binning, no sort: at most 10,000 circles), " << perThread;
        if (stats.tilePairs > 0) line << "; good binning: " << stats.tilePairs << " tile pairs (" << stats.tileSize << "px tiles, "
                                        << stats.passes << (stats.passes == 1 ? " pass)" : " passes)");
        if (stats.passes > 1 && !stats.secondPassBinned)
            line << "; second pass not binned (every tile opaque after the first, a frame before)";
        if (stats.pairOverflowFrames > 0)
            line << "; " << stats.pairOverflowFrames << (stats.pairOverflowFrames == 1 ? " frame" : " frames")
                 << " outgrew the pair buffer (every circle walked per tile, until it grew)";
    }
    return line.str();
}

}  // namespace racelab::circles
