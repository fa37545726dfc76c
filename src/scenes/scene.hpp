// The Scene interface: one workload instance that renders a frame on the GPU into a FrameTarget and the
// same frame on the CPU into a HostImage. Scenes own their device buffers and never touch GL.
#pragma once
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/frame_target.hpp"
#include "core/host_image.hpp"
#include "core/labelled_ratio.hpp"
#include "judge/check_rule.hpp"
#include "scenes/fixed_step.hpp"
#include "scenes/kernel_contract.hpp"
#include "scenes/scene_parameters.hpp"

namespace racelab {

// What bench knows when it asks a scene for its own numbers.
struct BenchFacts {
    double kernelMedianMs = 0;
    double copyBandwidthGBs = 0;  // device-to-device copy measured in the same run (0 when unknown)
    double readBandwidthGBs = 0;  // streaming read measured in the same run (0 when unknown)
    int width = 0, height = 0;
    bool cpu = false;             // --cpu: time the CPU side too
}; 

// One CPU implementation `bench --cpu` times against the GPU, with what it runs and what its time includes
// (bench adds the thread count). `likeness` is its relation to the GPU variant benchReferences was asked for.
struct BenchReference {
    std::string what;      // e.g. "CPU tiled front-to-back" (bench appends ", OpenMP (N threads)" or ", 1 thread")
    std::string includes;  // e.g. "binning + blending"
    Likeness likeness = Likeness::AlgorithmAndHardware;
    std::function<void(HostImage&, bool parallel)> render;
    bool timeSequential = false;  // also time it on one thread (the simple reference)
};

// Pointer and key input the viewer passes to a scene (drag in pixels, wheel in notches; the position in
// frame pixels, row 0 at the bottom; `paint` while the right button is held).
struct PointerInput {
    float dragX = 0.f, dragY = 0.f, wheel = 0.f;
    bool reset = false;
    float x = 0.f, y = 0.f;
    bool paint = false, paintReleased = false;
};

// An exact count of what a race destroyed in the last GPU render, for workloads whose output obeys a
// conservation law (a histogram: every input lands in exactly one bin, so inputs minus the sum of the bins
// are the lost updates). Unlike the race meter's pixel count it needs no second render and no tolerance.
struct ExactRaceCount {
    std::string what;    // e.g. "lost updates"
    long long lost = 0;  // 0 for a correct variant
    long long of = 0;    // what it is out of, e.g. the number of inputs
};

struct VariantInfo {
    std::string name;
    std::string description;
    bool correct;  // a correct variant must pass check; the others show a bug on purpose
};

class Scene {
public:
    virtual ~Scene() = default;

    virtual std::string name() const = 0;
    virtual const std::vector<VariantInfo>& variants() const = 0;
    // The scene's typed parameters (made from its family's descriptor, scenes/workload.hpp). Scenes read them
    // where they use them; after a change made through setParameter or the panel, a parameter marked
    // `regenerates` rebuilds the scene.
    // Virtual so that a scene wrapping another (userkernel/user_kernel_scene.hpp) hands out the inner one's.
    virtual ParameterSet& parameters() { return parameters_; }
    virtual const ParameterSet& parameters() const { return parameters_; }
    // NAME=VALUE from the CLI (or a test): validated, then the scene is rebuilt if the parameter needs it.
    virtual void setParameter(const std::string& name, const std::string& value);
    // Rebuilds the scene from its parameters (after a control marked `regenerates` changed).
    virtual void regenerate() = 0;

    // Where the animation state lives: cuda = device (advance and render on the GPU), cpu = host.
    virtual void setBackend(Backend backend) = 0;
    virtual Backend backend() const = 0;
    virtual bool animated() const = 0;
    // One animation step. Every caller steps kFixedStepSeconds (1/60 s) per frame, as CS149's circles do, so
    // frame N is reproducible; `dt` is for scenes with wall-clock animation.
    virtual void advance(double dt, cudaStream_t stream) = 0;
    virtual void reset() = 0;  // back to frame 0

    // GPU; the cuda backend only. A scene that keeps state across frames (a trail, accumulated bins) keeps
    // it per variant: the race meter and the comparison views render the good variant of the same frame
    // after the shown one, so rendering one variant must never change what another draws, and switching
    // variants must leave none of the other variant's pixels behind.
    virtual void render(const FrameTarget& target, int variant) = 0;
    virtual void renderReference(HostImage& image, bool parallel = true) = 0;
    // Copies the GPU's animation state to the host so that renderReference draws the same frame.
    virtual void syncStateToHost(cudaStream_t stream) = 0;

    virtual CheckRule checkRule() const = 0;
    // One line of scene-specific numbers for the UI and bench (e.g. circles and tile pairs).
    virtual std::string statsLine() const { return {}; }
    // The exact race count of the last render() (read back from the device), or nothing when the workload
    // has no conservation law to count against. The frame loop asks right after rendering the shown variant.
    virtual std::optional<ExactRaceCount> exactRaceCount(cudaStream_t stream) {
        (void)stream;
        return std::nullopt;
    }
    // Why the last render() drew no frame of its variant but a placeholder ("compiling (12 s)": a user's kernel
    // not built yet), or "" when it drew one. The race meter and the views count no frame that was not drawn.
    virtual std::string lastRenderNotDrawn() const { return {}; }
    // Camera-style interaction (orbit, zoom); most scenes ignore it.
    virtual void handleInput(const PointerInput& input) { (void)input; }
    // Pixels of the last renderReference whose value may legitimately differ between machines (e.g. rays
    // grazing a triangle edge); check reports them apart. nullptr: none.
    virtual const std::vector<std::uint8_t>* referenceAmbiguity() const { return nullptr; }
    // Extra benchmark lines of this workload (e.g. bandwidth achieved, generation time).
    virtual std::vector<std::string> benchNotes(const BenchFacts& facts, cudaStream_t stream) {
        (void)facts, (void)stream;
        return {};
    }

    // What the GPU side of a bench ratio runs (variant `variant`) and what its time includes; and the CPU
    // implementations it is compared with, each labelled (core/labelled_ratio.hpp). The defaults name the
    // variant and renderReference without claiming like for like.
    virtual RatioSide benchGpuSide(int variant) const {
        return {"GPU " + variants()[static_cast<std::size_t>(variant)].name, "kernels only", 0};
    }
    virtual std::vector<BenchReference> benchReferences(int variant) {
        (void)variant;
        return {{"CPU reference", "renderReference", Likeness::AlgorithmAndHardware,
                 [this](HostImage& image, bool parallel) { renderReference(image, parallel); }, true}};
    }

    int variantIndex(const std::string& variantName) const;  // throws UsageError listing the valid ones

    // The per-frame side of the family's kernel contract (scenes/kernel_contract.hpp), for running a user's
    // kernel as a variant; nullptr when the family has no contract or this scene cannot offer one.
    virtual UserKernelSide* userKernelSide() { return nullptr; }

protected:
    Scene() = default;
    explicit Scene(const std::vector<ParameterSpec>& parameters) : parameters_(parameters) {}

    ParameterSet parameters_;
};

}  // namespace racelab
