// The mesh workload as a Scene: an orbiting camera's primary rays against a triangle mesh, shown as a hit
// mask or shaded by depth, normal or triangle id; good (GPU LBVH), brute (tiled, with barriers) and bad
// (tiled, without barriers) variants; optionally the vertices visible from an origin point as dots.
#pragma once
#include <memory>
#include <vector>

#include "core/device_mirror.hpp"
#include "scenes/mesh/cpu_bvh.hpp"
#include "scenes/mesh/mesh.hpp"
#include "scenes/scene.hpp"
#include "scenes/scene_options.hpp"

namespace racelab::mesh {

class MeshGpu;
struct MeshEntry;

class MeshScene final : public Scene, public UserKernelSide {
public:
    MeshScene(const std::string& entryName, const SceneOptions& options);
    // A scene over a mesh that is already loaded (the visibility command, tests).
    MeshScene(Mesh mesh, const SceneOptions& options);
    ~MeshScene() override;

    std::string name() const override { return "mesh/" + mesh_.name; }
    const std::vector<VariantInfo>& variants() const override;
    void regenerate() override;
    void setBackend(Backend backend) override { backend_ = backend; }
    Backend backend() const override { return backend_; }
    bool animated() const override { return orbitSpeed_.asFloat() != 0.f; }
    void advance(double dt, cudaStream_t stream) override;
    void reset() override;
    void render(const FrameTarget& target, int variant) override;
    void renderReference(HostImage& image, bool parallel) override;
    RatioSide benchGpuSide(int variant) const override;
    std::vector<BenchReference> benchReferences(int variant) override;
    void syncStateToHost(cudaStream_t) override {}
    CheckRule checkRule() const override;
    std::string statsLine() const override;
    void handleInput(const PointerInput& input) override;
    const std::vector<std::uint8_t>* referenceAmbiguity() const override { return &ambiguity_; }
    std::vector<std::string> benchNotes(const BenchFacts& facts, cudaStream_t stream) override;

    // A user's kernel (mesh_kernel_side.cpp; the contract: kernel_contract.cuh).
    UserKernelSide* userKernelSide() override { return this; }
    KernelFrame userKernelFrame(const FrameTarget& target) override;
    void prepareUserKernelOutputs(void* const* outputs, const FrameTarget& target) override;
    void drawUserKernelOutputs(const void* const* outputs, const FrameTarget& target) override;

    const Mesh& mesh() const { return mesh_; }
    MeshView view() const;
    const CpuBvh& cpuBvh();
    // GPU visibility of every vertex from `origin` under the rule (variant: good/brute/bad); returns the kernel's ms.
    double gpuVisibility(Vec3 origin, int variant, std::vector<std::uint8_t>& blocked, cudaStream_t stream,
                         const VisibilityRule& rule = {});
    // The same end to end: LBVH rebuilt (good only), kernel, result downloaded; host wall time in ms.
    double gpuVisibilityEndToEnd(Vec3 origin, int variant, std::vector<std::uint8_t>& blocked, cudaStream_t stream,
                                 const VisibilityRule& rule = {});
    unsigned gpuTraversalOverflows(cudaStream_t stream) const;

private:
    explicit MeshScene(const SceneOptions& options);  // the parameters, before a mesh is set
    void setUp();
    // The bumpy sphere of `entry`: the vertices on the GPU (cuda backend) or with OpenMP (cpu), timed.
    void generateBumpy(const MeshEntry& entry);
    void ensureGpu(cudaStream_t stream);  // makes the GPU half, uploads the mesh and builds the LBVH once

    Mesh mesh_;
    Bounds bounds_;
    Backend backend_;
    Parameter &shading_, &showVertices_;
    Parameter& orbitSpeed_;  // radians per second
    Parameter &originX_, &originY_, &originZ_;  // in units of the bounding radius, from the centre
    float yaw_ = .6f, pitch_ = .35f, zoom_ = 1.f;
    long frame_ = 0;
    double lastBuildMs_ = 0;
    double generationMs_ = 0;        // procedural meshes made here (the bumpy spheres): host wall time
    const char* generatedOn_ = "";  // "GPU" or "CPU"; "" when the mesh was loaded or built elsewhere
    std::vector<std::uint8_t> ambiguity_;
    std::unique_ptr<CpuBvh> cpuBvh_;
    DeviceMirror<> meshOnDevice_;  // the mesh and its LBVH on the device
    std::unique_ptr<MeshGpu> gpu_;
};

}  // namespace racelab::mesh
