#include "scenes/mesh/mesh_scene.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

#include "core/errors.hpp"
#include "core/gpu_timing.hpp"
#include "core/repeat_timing.hpp"
#include "core/stats.hpp"
#include "core/stopwatch.hpp"
#include "scenes/mesh/bumpy_sphere.hpp"
#include "scenes/mesh/bumpy_sphere_formulas.hpp"
#include "scenes/mesh/mesh_catalog.hpp"
#include "scenes/mesh/mesh_gpu.hpp"
#include "scenes/mesh/mesh_reference.hpp"
#include "scenes/workload.hpp"

RACELAB_WORKLOAD(mesh);

namespace racelab::mesh {

const std::vector<VariantInfo>& MeshScene::variants() const { return racelabWorkload_mesh().variants; }

MeshScene::MeshScene(const SceneOptions& options)
    : Scene(racelabWorkload_mesh().parameters), backend_(options.backend), shading_(parameters_.at("shading")),
      showVertices_(parameters_.at("visible")), orbitSpeed_(parameters_.at("orbit-speed")),
      originX_(parameters_.at("origin-x")), originY_(parameters_.at("origin-y")), originZ_(parameters_.at("origin-z")) {}

MeshScene::MeshScene(const std::string& entryName, const SceneOptions& options) : MeshScene(options) {
    const MeshEntry* entry = findMeshEntry(entryName);
    if (!entry) throw UsageError("unknown mesh scene '" + entryName + "'");
    if (entry->bumpyCells > 0) generateBumpy(*entry);
    else mesh_ = loadCatalogMesh(*entry);
    setUp();
}

void MeshScene::generateBumpy(const MeshEntry& entry) {
    const long long triangles = bumpyTriangleCount(entry.bumpyCells);
    const bool gpu = backend_ == Backend::Cuda;
    const bool loud = triangles >= 1'000'000;  // a second or more of set-up: say what it is doing
    if (loud)
        std::fprintf(stderr, "racelab: generating mesh/%s (%lld triangles, %lld vertices) on the %s...\n", entry.name.c_str(),
                     triangles, static_cast<long long>(bumpyVertexCount(entry.bumpyCells)), gpu ? "GPU" : "CPU");
    Stopwatch clock;
    mesh_.name = entry.name;
    mesh_.indices = bumpySphereIndices(entry.bumpyCells);  // integers only: as fast on the host as a copy
    if (gpu) {
        if (!gpu_) gpu_ = makeGpuHalf<MeshGpu>("mesh");
        CudaStream stream;  // set-up work on a stream of its own, finished before the vertices return
        mesh_.vertices = gpu_->generateBumpyVertices(entry.bumpyCells, stream.get());
    } else {
        mesh_.vertices = bumpySphereVertices(entry.bumpyCells);
    }
    generationMs_ = clock.ms();
    generatedOn_ = gpu ? "GPU" : "CPU";
    if (loud) std::fprintf(stderr, "racelab: generated mesh/%s in %.0f ms\n", entry.name.c_str(), generationMs_);
}

MeshScene::MeshScene(Mesh mesh, const SceneOptions& options) : MeshScene(options) {
    mesh_ = std::move(mesh);
    setUp();
}

MeshScene::~MeshScene() = default;

void MeshScene::setUp() {
    if (mesh_.triangleCount() == 0) throw UsageError("mesh " + mesh_.name + " has no triangles");
    bounds_ = boundsOf(mesh_);
}

void MeshScene::regenerate() { reset(); }

void MeshScene::reset() {
    yaw_ = .6f, pitch_ = .35f, zoom_ = 1.f;
    frame_ = 0;
}

void MeshScene::advance(double, cudaStream_t) {
    ++frame_;
    yaw_ += orbitSpeed_.asFloat() / kFixedStepsPerSecond;  // the fixed step, like the other scenes: frame N is reproducible
}

void MeshScene::handleInput(const PointerInput& input) {
    if (input.reset) reset();
    yaw_ -= input.dragX * .01f;
    pitch_ = std::clamp(pitch_ + input.dragY * .01f, -1.5f, 1.5f);
    zoom_ = std::clamp(zoom_ * std::pow(.9f, input.wheel), .1f, 10.f);
}

MeshView MeshScene::view() const {
    MeshView v;
    v.centre = bounds_.centre();
    v.yaw = yaw_;
    v.pitch = pitch_;
    const float radius = std::max(bounds_.radius(), 1e-6f);
    v.distance = 2.6f * radius * zoom_;
    v.shading = static_cast<Shading>(shading_.asInt());
    v.nearT = std::max(0.f, v.distance - radius);
    v.farT = v.distance + radius;
    v.showVisibleVertices = showVertices_.asInt() != 0;
    v.origin = v.centre + Vec3{originX_.asFloat(), originY_.asFloat(), originZ_.asFloat()} * radius;
    return v;
}

const CpuBvh& MeshScene::cpuBvh() {
    if (cpuBvh_) return *cpuBvh_;
    // Median splits on one thread: about a second per million triangles, so say so for the large meshes.
    const bool loud = mesh_.triangleCount() >= 1'000'000;
    if (loud) std::fprintf(stderr, "racelab: building the CPU BVH of %d triangles...\n", mesh_.triangleCount());
    Stopwatch clock;
    cpuBvh_ = std::make_unique<CpuBvh>(mesh_);
    if (loud) std::fprintf(stderr, "racelab: CPU BVH built in %.0f ms (%d nodes)\n", clock.ms(), cpuBvh_->nodeCount());
    return *cpuBvh_;
}

void MeshScene::ensureGpu(cudaStream_t stream) {
    if (!gpu_) gpu_ = makeGpuHalf<MeshGpu>("mesh");  // throws in a build without CUDA
    // The mesh never changes: uploaded and its LBVH built once.
    meshOnDevice_.ensure([&] {
        gpu_->upload(mesh_, stream);
        lastBuildMs_ = gpu_->buildLbvh(stream);
    });
}

void MeshScene::render(const FrameTarget& target, int variant) {
    // Every ray against every triangle: at a million rays a frame, ten million triangles would take minutes.
    constexpr int kBruteMaxTriangles = 2'000'000;
    if (variant != 0 && mesh_.triangleCount() > kBruteMaxTriangles)
        throw UsageError(name() + " has " + std::to_string(mesh_.triangleCount()) + " triangles; the " +
                         variants()[static_cast<std::size_t>(variant)].name +
                         " variant tests every ray against every triangle and stops at " +
                         std::to_string(kBruteMaxTriangles) + " (minutes a frame beyond): use --variant good");
    ensureGpu(target.stream);
    gpu_->render(target, view(), static_cast<GpuMethod>(variant));
}

double MeshScene::gpuVisibility(Vec3 origin, int variant, std::vector<std::uint8_t>& blocked, cudaStream_t stream,
                                const VisibilityRule& rule) {
    ensureGpu(stream);
    return gpu_->visibility(origin, static_cast<GpuMethod>(variant), blocked, stream, rule);
}

double MeshScene::gpuVisibilityEndToEnd(Vec3 origin, int variant, std::vector<std::uint8_t>& blocked, cudaStream_t stream,
                                        const VisibilityRule& rule) {
    ensureGpu(stream);
    gpu_->synchronize(stream);
    Stopwatch wall;
    if (static_cast<GpuMethod>(variant) == GpuMethod::Lbvh) lastBuildMs_ = gpu_->buildLbvh(stream);
    gpu_->visibility(origin, static_cast<GpuMethod>(variant), blocked, stream, rule);  // synchronizes after the download
    return wall.ms();
}

unsigned MeshScene::gpuTraversalOverflows(cudaStream_t stream) const {
    return gpu_ ? gpu_->traversalOverflows(stream) : 0u;
}

void MeshScene::renderReference(HostImage& image, bool parallel) {
    renderMeshReference(mesh_, cpuBvh(), view(), image, &ambiguity_, parallel);
}

RatioSide MeshScene::benchGpuSide(int variant) const {
    static const char* const what[] = {"GPU good (LBVH traversal per primary ray)",
                                       "GPU brute (every ray against every triangle, shared-memory tiles)",
                                       "GPU bad (brute tiles without barriers)"};
    return {what[variant], "kernels only; LBVH built beforehand", 0};
}

// The CPU renders with its own BVH (built once and cached, so not timed), as the GPU good variant does.
std::vector<BenchReference> MeshScene::benchReferences(int variant) {
    return {{"CPU BVH traversal per primary ray", "BVH built beforehand (cached)",
             variant == 0 ? Likeness::LikeForLike : Likeness::AlgorithmAndHardware,
             [this](HostImage& image, bool parallel) { renderReference(image, parallel); }, true}};
}

CheckRule MeshScene::checkRule() const {
    return {2.5f / 255.f, 0,
            "mesh rule: identical up to +-2 per channel (depth rounding), except rays within 1e-4 (barycentric) of a triangle edge, "
            "which are counted apart"};
}

std::string MeshScene::statsLine() const {
    std::ostringstream line;
    line << mesh_.vertices.size() << " vertices, " << mesh_.triangleCount() << " triangles";
    if (*generatedOn_) {
        char ms[96];
        std::snprintf(ms, sizeof ms, "; generated in %.1f ms (%s)", generationMs_, generatedOn_);
        line << ms;
    }
    if (gpu_ && meshOnDevice_.current()) {
        char ms[64];
        std::snprintf(ms, sizeof ms, "; LBVH built in %.3f ms (GPU)", lastBuildMs_);
        line << ms;
    }
    return line.str();
}

std::vector<std::string> MeshScene::benchNotes(const BenchFacts& facts, cudaStream_t stream) {
    std::vector<std::string> notes;
    if (backend_ != Backend::Cuda) return notes;
    char line[256];
    ensureGpu(stream);
    const double rays = static_cast<double>(facts.width) * facts.height;
    std::snprintf(line, sizeof line, "%d triangles: %.0f primary rays per frame -> %.2f G rays/s (kernel median %.4f ms)",
                  mesh_.triangleCount(), rays, rays / (facts.kernelMedianMs * 1e6), facts.kernelMedianMs);
    notes.push_back(line);
    if (*generatedOn_) {
        std::snprintf(line, sizeof line, "mesh generated on the %s in %.1f ms (host wall time: vertices, triangles, download)",
                      generatedOn_, generationMs_);
        notes.push_back(line);
    }
    // Both return the GPU's own event time of their kernels.
    const Summary b = timeRepeated(20, [&] { return gpu_->buildLbvh(stream); });
    std::vector<std::uint8_t> blocked;
    const Vec3 origin = view().origin;
    const Summary v = timeRepeated(20, [&] { return gpu_->visibility(origin, GpuMethod::Lbvh, blocked, stream); });
    std::snprintf(line, sizeof line, "LBVH build of %d triangles: median %.4f ms (min %.4f) over %zu builds",
                  mesh_.triangleCount(), b.p50, b.min, b.count);
    notes.push_back(line);
    std::snprintf(line, sizeof line, "visibility of %zu vertices: median %.4f ms (min %.4f) over %zu runs", mesh_.vertices.size(),
                  v.p50, v.min, v.count);
    notes.push_back(line);
    if (facts.cpu) {
        std::vector<std::uint8_t> reference;
        const CpuBvh& bvh = cpuBvh();  // built before the clock starts, as the GPU's LBVH is
        Stopwatch cpu;
        visibilityReference(mesh_, bvh, origin, reference, true);
        const double cpuMs = cpu.ms();
        std::snprintf(line, sizeof line, "visibility on the CPU (BVH, OpenMP): %.3f ms", cpuMs);
        notes.push_back(line);
        notes.push_back("  GPU speed-up: " + LabelledRatio{{"GPU LBVH visibility", "kernel only; build excluded", v.p50},
                                                          {"CPU BVH visibility, OpenMP", "query only; build excluded", cpuMs},
                                                          Likeness::LikeForLike}
                                                 .line());
    }
    return notes;
}

}  // namespace racelab::mesh
