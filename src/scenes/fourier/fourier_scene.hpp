// The Fourier workload as a Scene: an image's contours (OpenCV on the CPU) or an SVG drawing's sampled
// outlines (fourier/text draws assets/fourier/racelab.svg), preprocessed and ordered (on the GPU with the
// cuda backend, the CPU reference otherwise), turned into K epicycles by a DFT, and drawn live:
// the rotating circles, their arms and the pen's trail. good: the chain by a block scan, the trail kept with
// atomicMax; bad-chain: a shared-memory scan missing its barriers; bad-trail: the same maximum read and written
// apart (lost updates); bad: both. Each variant keeps its own trail (Scene::render).
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "core/device_mirror.hpp"
#include "core/gpu_timing.hpp"
#include "scenes/fourier/contour_extraction.hpp"
#include "scenes/fourier/contour_preprocess.hpp"
#include "scenes/fourier/epicycle_formulas.hpp"
#include "scenes/fourier/svg_drawing.hpp"
#include "scenes/scene.hpp"
#include "scenes/scene_options.hpp"

namespace racelab::fourier {

class FourierGpu;
class ContourPreprocessorGpu;
struct DrawSettings;

class FourierScene final : public Scene, public UserKernelSide {
public:
    FourierScene(const std::string& preset, const SceneOptions& options);
    ~FourierScene() override;

    std::string name() const override { return "fourier/" + preset_; }
    const std::vector<VariantInfo>& variants() const override;
    void regenerate() override;
    void setBackend(Backend backend) override { backend_ = backend; }
    Backend backend() const override { return backend_; }
    bool animated() const override { return true; }
    void advance(double, cudaStream_t) override { ++frame_; }
    void reset() override { frame_ = 0, trailFrom_ = 0; }
    void render(const FrameTarget& target, int variant) override;
    void renderReference(HostImage& image, bool parallel) override;
    RatioSide benchGpuSide(int variant) const override;
    std::vector<BenchReference> benchReferences(int variant) override;
    void syncStateToHost(cudaStream_t) override {}
    CheckRule checkRule() const override;
    std::string statsLine() const override;
    std::vector<std::string> benchNotes(const BenchFacts& facts, cudaStream_t stream) override;
    // Right-drag paints brush strokes (their points leave the drawing when the button is released); R clears them.
    void handleInput(const PointerInput& input) override;
    void addBrushStroke(BrushStroke stroke);  // image pixels; throws UsageError outside the image

    // A user's kernel draws the trail (fourier_kernel_side.cpp; the contract: kernel_contract.cuh).
    UserKernelSide* userKernelSide() override { return this; }
    KernelFrame userKernelFrame(const FrameTarget& target) override;
    void prepareUserKernelOutputs(void* const* outputs, const FrameTarget& target) override;
    void drawUserKernelOutputs(const void* const* outputs, const FrameTarget& target) override;

    const std::vector<EpicycleTerm>& terms() const { return terms_; }
    FrameMapping mappingFor(int width, int height) const;
    float periodFrames() const { return 600.f / speed_.asFloat(); }
    // "cuFFT", or "plain DFT" and why cuFFT was not used (also in statsLine()).
    const std::string& transform() const { return transform_; }
    const std::string& transformWhyNot() const { return transformWhyNot_; }
    // Where the contours come from: "racelab.svg (SVG paths)", "photo.png (Canny)", ...
    const std::string& sourceLabel() const { return sourceLabel_; }
    std::size_t contourCount() const { return contourCount_; }
    // Variant `variant`'s GPU trail after its last render, for tests (empty before it was drawn).
    std::vector<std::uint32_t> gpuTrail(int variant, cudaStream_t stream) const;

private:
    void applyClearTrail();
    void readRebuildParameters();  // the parameters marked `regenerates` into the settings they feed
    void useSvg(const std::string& path);  // the drawing's outlines instead of an image's edges
    std::vector<Contour> sourceContours() const;
    // The GPU half with the drawing on it, the trail cleared if asked, and this frame's settings for a target.
    DrawSettings prepareGpuDraw(const FrameTarget& target);
    ContourPreprocessorGpu& preprocessorGpu();  // made on first use (throws in a build without CUDA)
    // The preprocessing steps on the GPU (cuda backend) or the CPU reference.
    std::vector<Contour> preprocessed(const std::vector<Contour>& contours);

    std::string preset_;
    Backend backend_;
    GrayImage image_;          // a raster source (its edges are found with Canny) ...
    bool vector_ = false;      // ... or an SVG drawing, sampled once on load
    SvgDrawing svg_;
    SampledDrawing sampled_;
    int width_ = 0, height_ = 0;  // the source's pixels: the image's, or the sampled drawing's canvas
    std::string sourceLabel_;
    // Read when the drawing is rebuilt (regenerate):
    EdgeSettings edges_;
    PreprocessSettings preprocessing_;
    int termCount_ = 0, sampleCount_ = 0;
    // Read live:
    Parameter& speed_;
    Parameter &showCircles_, &showArms_, &showSource_;
    Parameter& clearTrail_;  // set from the panel ("trail: clear now"); the next frame restarts the trail there
    Parameter& brushRadius_;
    long trailFrom_ = 0;   // frame at which the trail was last cleared
    std::vector<Vec2> source_;  // the preprocessed contour points, in the terms' coordinates
    long frame_ = 0;
    std::vector<EpicycleTerm> terms_;
    std::vector<BrushStroke> strokes_;
    int lastWidth_ = 0, lastHeight_ = 0;
    std::size_t contourCount_ = 0, pointCount_ = 0;
    double pipelineMs_ = 0;
    std::string transform_, transformWhyNot_;
    DeviceMirror<> drawingOnDevice_;  // terms_ and source_ on the GPU half (stale after regenerate)
    std::string preprocessedOn_;
    CudaStream stream_;
    std::unique_ptr<FourierGpu> gpu_;
    std::unique_ptr<ContourPreprocessorGpu> preprocessorGpu_;
};

}  // namespace racelab::fourier
