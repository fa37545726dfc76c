#include "scenes/planes/plane_scene.hpp"

#include <algorithm>
#include <cstdio>
#include <sstream>

#include "core/errors.hpp"
#include "core/repeat_timing.hpp"
#include "core/stats.hpp"
#include "core/stopwatch.hpp"
#include "scenes/planes/plane_gpu.hpp"
#include "scenes/planes/plane_reference.hpp"
#include "scenes/planes/plane_spec.hpp"
#include "scenes/workload.hpp"

RACELAB_WORKLOAD(planes);

namespace racelab::planes {

const std::vector<VariantInfo>& PlaneScene::variants() const { return racelabWorkload_planes().variants; }

PlaneScene::PlaneScene(const std::string& preset, const SceneOptions& options)
    : Scene(racelabWorkload_planes().parameters), preset_(preset), blend_(parameters_.at("blend")),
      alpha_(parameters_.at("alpha")), speed_(parameters_.at("speed")), backend_(options.backend) {
    const PlanePreset* p = findPlanePreset(preset);
    if (!p) throw UsageError("unknown planes scene '" + preset + "'");
    parameters_.at("planes").number = options.count > 0 ? options.count : p->planes;  // --count sets N for planes
    parameters_.at("circles").number = p->circlesPerPlane;
    parameters_.at("seed").number = options.seed;
    settings_ = settings();
    validateSettings(settings_);
}

PlaneScene::~PlaneScene() = default;

PlaneSettings PlaneScene::settings() const {
    PlaneSettings s;
    s.planes = parameters_.at("planes").asInt();
    s.circlesPerPlane = parameters_.at("circles").asInt();
    s.radiusMin = parameters_.at("radius-min").asFloat();
    s.radiusMax = std::max(parameters_.at("radius-max").asFloat(), s.radiusMin);
    s.seed = static_cast<unsigned>(parameters_.at("seed").asInt());
    s.blend = static_cast<BlendMode>(blend_.asInt());
    s.alpha = alpha_.asFloat();
    s.speed = speed_.asFloat();
    return s;
}

void PlaneScene::refreshLiveSettings() {
    settings_.blend = static_cast<BlendMode>(blend_.asInt());
    settings_.alpha = alpha_.asFloat();
    settings_.speed = speed_.asFloat();
}

void PlaneScene::regenerate() {
    settings_ = settings();
    validateSettings(settings_);
    planesOnDevice_.markStale();
    hostPlanes_.clear();
    hostWidth_ = hostHeight_ = 0;
    frame_ = 0;
}

void PlaneScene::ensureDevicePlanes(int width, int height, cudaStream_t stream) {
    if (!gpu_) gpu_ = makeGpuHalf<PlaneGpu>("planes");  // throws in a build without CUDA
    // Generated again after regenerate() and whenever the frame size changes.
    planesOnDevice_.ensure({width, height}, [&] {
        if (settings_.planes >= 1000)
            std::fprintf(stderr, "racelab: generating %d planes of %dx%d on the GPU (%s)...\n", settings_.planes, width,
                         height, formatBytes(planeBytes(settings_, width, height)).c_str());
        lastGenerationMs_ = gpu_->generate(settings_, width, height, stream);
    });
}

void PlaneScene::render(const FrameTarget& target, int variant) {
    refreshLiveSettings();
    ensureDevicePlanes(target.width, target.height, target.stream);
    gpu_->composite(target, settings_, frame_, variant == 1);
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
    ensureDevicePlanes(width, height, stream);
    gpu_->downloadPlanes(out.data(), stream);
    return out;
}

void PlaneScene::renderReference(HostImage& image, bool parallel) {
    refreshLiveSettings();
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
    if (gpu_ && backend_ == Backend::Cuda) w = gpu_->width(), h = gpu_->height();
    line << settings_.planes << " planes x " << settings_.circlesPerPlane << " circles";
    if (w > 0) {
        line << ", " << formatBytes(planeBytes(settings_, w, h)) << " of planes";
        char ms[48];
        std::snprintf(ms, sizeof ms, ", generated in %.2f ms", lastGenerationMs_);
        line << ms << (backend_ == Backend::Cuda ? " (GPU)" : " (CPU)");
        if (gpu_ && backend_ == Backend::Cuda) line << "; composite in " << gpu_->lastGroups() << " plane groups";
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
        const Summary g = timeRepeated(5, [&] {
            planesOnDevice_.markStale();
            ensureDevicePlanes(facts.width, facts.height, stream);
            return lastGenerationMs_;  // the GPU's own time of the generation kernels
        });
        std::snprintf(line, sizeof line, "generation on the GPU: %d planes x %d circles in %.3f ms (median of %zu, min %.3f)",
                      settings_.planes, settings_.circlesPerPlane, g.p50, g.count, g.min);
        notes.push_back(line);
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
