#include "scenes/planes/plane_scene.hpp"

#include <algorithm>
#include <cstdio>
#include <sstream>

#include "core/errors.hpp"
#include "core/stats.hpp"
#include "core/stopwatch.hpp"
#include "scenes/planes/plane_reference.hpp"
#include "scenes/planes/plane_spec.hpp"

#ifdef RACELAB_HAVE_CUDA
#include "planes.cuh"
#else
namespace racelab::planes {
class PlaneGpu {};
}
#endif

namespace racelab::planes {

const std::vector<VariantInfo>& PlaneScene::variantList() {
    static const std::vector<VariantInfo> list = {
        {"good", "one thread per 4 pixels, planes streamed with 16-byte loads and blended in order in registers", true},
        {"bad", "one thread per (pixel, plane), unsynchronized read-modify-write of the result: order and updates lost", false},
    };
    return list;
}

PlaneScene::PlaneScene(const std::string& preset, const SceneOptions& options) : preset_(preset), backend_(options.backend) {
    const PlanePreset* p = findPlanePreset(preset);
    if (!p) throw UsageError("unknown planes scene '" + preset + "'");
    settings_.planes = p->planes;
    settings_.circlesPerPlane = p->circlesPerPlane;
    if (options.count > 0) settings_.planes = options.count;  // --count sets N for planes
    settings_.seed = options.seed;
    seedValue_ = static_cast<int>(options.seed);
    validateSettings(settings_);
}

PlaneScene::~PlaneScene() = default;

std::vector<SceneParameter> PlaneScene::parameters() {
    std::vector<SceneParameter> out;
    out.push_back({"planes (N)", &settings_.planes, nullptr, 1, kMaxPlanes, true, {}});
    out.push_back({"circles per plane (n)", &settings_.circlesPerPlane, nullptr, 0, kMaxCirclesPerPlane, true, {}});
    out.push_back({"radius min (px)", nullptr, &settings_.radiusMin, 0.5, 200, true, {}});
    out.push_back({"radius max (px)", nullptr, &settings_.radiusMax, 0.5, 400, true, {}});
    out.push_back({"seed", &seedValue_, nullptr, 0, 1000000, true, {}});
    out.push_back({"blend", &blendChoice_, nullptr, 0, 1, false, {"seed: r(1-a) + p*a", "over (per-pixel alpha)"}});
    out.push_back({"alpha (seed mode)", nullptr, &settings_.alpha, 0, 1, false, {}});
    out.push_back({"speed (px/frame)", nullptr, &settings_.speed, 0, 20, false, {}});
    return out;
}

void PlaneScene::regenerate() {
    settings_.seed = static_cast<unsigned>(seedValue_);
    settings_.blend = static_cast<BlendMode>(blendChoice_);
    settings_.radiusMax = std::max(settings_.radiusMax, settings_.radiusMin);
    validateSettings(settings_);
    deviceCurrent_ = false;
    hostPlanes_.clear();
    hostWidth_ = hostHeight_ = 0;
    frame_ = 0;
}

void PlaneScene::ensureDevicePlanes(int width, int height, cudaStream_t stream) {
#ifdef RACELAB_HAVE_CUDA
    if (!gpu_) gpu_ = std::make_unique<PlaneGpu>();
    if (deviceCurrent_ && gpu_->width() == width && gpu_->height() == height) return;
    if (settings_.planes >= 1000)
        std::fprintf(stderr, "racelab: generating %d planes of %dx%d on the GPU (%s)...\n", settings_.planes, width,
                     height, formatBytes(planeBytes(settings_, width, height)).c_str());
    lastGenerationMs_ = gpu_->generate(settings_, width, height, stream);
    deviceCurrent_ = true;
#else
    (void)width, (void)height, (void)stream;
    throwNoCudaBuild();
#endif
}

void PlaneScene::render(const FrameTarget& target, int variant) {
#ifdef RACELAB_HAVE_CUDA
    settings_.blend = static_cast<BlendMode>(blendChoice_);
    ensureDevicePlanes(target.width, target.height, target.stream);
    gpu_->composite(target, settings_, frame_, variant == 1);
#else
    (void)target, (void)variant;
    throwNoCudaBuild();
#endif
}

const std::vector<std::uint8_t>& PlaneScene::hostPlanes(int width, int height) {
    if (hostWidth_ == width && hostHeight_ == height && !hostPlanes_.empty()) return hostPlanes_;
    const std::size_t bytes = planeBytes(settings_, width, height);
    hostPlanes_.clear();
    hostPlanes_.shrink_to_fit();
    requireHostMemory(bytes, std::to_string(settings_.planes) + " planes of " + std::to_string(width) + "x" + std::to_string(height));
    Stopwatch clock;
    if (settings_.planes >= 1000)
        std::fprintf(stderr, "racelab: generating %d planes on the CPU (%s)...\n", settings_.planes, formatBytes(bytes).c_str());
    hostPlanes_.resize(bytes);
    generatePlanesReference(settings_, width, height, hostPlanes_.data(), true);
    hostWidth_ = width, hostHeight_ = height;
    if (backend_ == Backend::Cpu) lastGenerationMs_ = clock.ms();
    return hostPlanes_;
}

std::vector<std::uint8_t> PlaneScene::devicePlanes(int width, int height, cudaStream_t stream) {
    std::vector<std::uint8_t> out(planeBytes(settings_, width, height));
#ifdef RACELAB_HAVE_CUDA
    ensureDevicePlanes(width, height, stream);
    gpu_->downloadPlanes(out.data(), stream);
#else
    (void)stream;
#endif
    return out;
}

void PlaneScene::renderReference(HostImage& image, bool parallel) {
    settings_.blend = static_cast<BlendMode>(blendChoice_);
    const auto& planes = hostPlanes(image.width, image.height);
    compositeReference(settings_, planes.data(), frame_, image, parallel);
}

RatioSide PlaneScene::benchGpuSide(int variant) const {
    return {variant == 0 ? "GPU good (composite in order, 4 pixels per thread, ordered plane groups)"
                         : "GPU bad (one thread per pixel and plane, racy read-modify-write)",
            "composite kernels only; planes generated beforehand", 0};
}

// Both sides composite planes that already exist, in order, pixel by pixel.
std::vector<BenchReference> PlaneScene::benchReferences(int variant) {
    return {{"CPU composite in order", "composite only; planes generated beforehand (cached)",
             variant == 0 ? Likeness::LikeForLike : Likeness::AlgorithmAndHardware,
             [this](HostImage& image, bool parallel) { renderReference(image, parallel); }, true}};
}

CheckRule PlaneScene::checkRule() const {
    return {1.5f / 255.f, 0, "planes rule: every RGB channel within +-1 of the CPU reference (8-bit), alpha ignored"};
}

std::string PlaneScene::statsLine() const {
    std::ostringstream line;
    int w = backend_ == Backend::Cpu ? hostWidth_ : 0, h = backend_ == Backend::Cpu ? hostHeight_ : 0;
#ifdef RACELAB_HAVE_CUDA
    if (gpu_ && backend_ == Backend::Cuda) w = gpu_->width(), h = gpu_->height();
#endif
    line << settings_.planes << " planes x " << settings_.circlesPerPlane << " circles";
    if (w > 0) {
        line << ", " << formatBytes(planeBytes(settings_, w, h)) << " of planes";
        char ms[48];
        std::snprintf(ms, sizeof ms, ", generated in %.2f ms", lastGenerationMs_);
        line << ms << (backend_ == Backend::Cuda ? " (GPU)" : " (CPU)");
#ifdef RACELAB_HAVE_CUDA
        if (gpu_ && backend_ == Backend::Cuda) line << "; composite in " << gpu_->lastGroups() << " plane groups";
#endif
    }
    return line.str();
}

std::vector<std::string> PlaneScene::benchNotes(const BenchFacts& facts, cudaStream_t stream) {
    std::vector<std::string> notes;
    char line[256];
    const double bytesRead = static_cast<double>(planeBytes(settings_, facts.width, facts.height));
    if (backend_ == Backend::Cuda && facts.kernelMedianMs > 0) {
        double gbs = bytesRead / (facts.kernelMedianMs * 1e6);
        std::snprintf(line, sizeof line, "composite: %.2f GB of planes read per frame in %.4f ms -> %.0f GB/s", bytesRead / 1e9,
                      facts.kernelMedianMs, gbs);
        notes.push_back(line);
        if (facts.copyBandwidthGBs > 0) {
            std::snprintf(line, sizeof line,
                          "  = %.0f %% of the device-to-device copy (%.0f GB/s) and %.0f %% of the streaming read (%.0f GB/s) "
                          "measured now", 100.0 * gbs / facts.copyBandwidthGBs, facts.copyBandwidthGBs,
                          100.0 * gbs / facts.readBandwidthGBs, facts.readBandwidthGBs);
            notes.push_back(line);
        }
#ifdef RACELAB_HAVE_CUDA
        std::vector<double> runs;
        for (int i = 0; i < 5; ++i) {
            deviceCurrent_ = false;
            ensureDevicePlanes(facts.width, facts.height, stream);
            runs.push_back(lastGenerationMs_);
        }
        Summary g = summarize(runs);
        std::snprintf(line, sizeof line, "generation on the GPU: %d planes x %d circles in %.3f ms (median of %zu, min %.3f)",
                      settings_.planes, settings_.circlesPerPlane, g.p50, runs.size(), g.min);
        notes.push_back(line);
#else
        (void)stream;
#endif
    }
    if (facts.cpu) {
        requireHostMemory(planeBytes(settings_, facts.width, facts.height), "CPU planes");
        std::vector<std::uint8_t> scratch(planeBytes(settings_, facts.width, facts.height));
        Stopwatch parallel;
        generatePlanesReference(settings_, facts.width, facts.height, scratch.data(), true);
        double parallelMs = parallel.ms();
        Stopwatch sequential;
        generatePlanesReference(settings_, facts.width, facts.height, scratch.data(), false);
        double sequentialMs = sequential.ms();
        std::snprintf(line, sizeof line, "generation on the CPU: sequential %.1f ms, OpenMP %.1f ms (%.1fx)", sequentialMs,
                      parallelMs, sequentialMs / parallelMs);
        notes.push_back(line);
        if (backend_ == Backend::Cuda && lastGenerationMs_ > 0) {
            const RatioSide gpu{"GPU generation (one hash per circle field)", "kernels only", lastGenerationMs_};
            const char* const includes = "the same hashes, written to host memory";
            notes.push_back("  GPU generation speed-up: " +
                            LabelledRatio{gpu, {"CPU generation, OpenMP", includes, parallelMs}, Likeness::LikeForLike}.line());
            notes.push_back("  GPU generation speed-up: " +
                            LabelledRatio{gpu, {"CPU generation, 1 thread", includes, sequentialMs}, Likeness::LikeForLike}.line());
        }
    }
    return notes;
}

}  // namespace racelab::planes
