#include "app/race_finder.hpp"

#include <cstdio>

#include "app/kernel_access_checks.hpp"
#include "core/errors.hpp"
#include "core/gpu_timing.hpp"
#include "frame/offline_frame.hpp"
#include "scenes/scene_registry.hpp"
#include "userkernel/build/kernel_compiler.hpp"  // localIncludes
#include "userkernel/racecheck/racing_pixels.hpp"
#include "userkernel/user_kernel_scene.hpp"

namespace racelab {
namespace {

// One frame of the kernel's variant at `size`, drawn with `kernel` in place of the scene's own.
void drawWith(userkernel::UserKernelScene& scene, std::shared_ptr<userkernel::UserKernel> kernel, Size2 size) {
    std::shared_ptr<userkernel::UserKernel> live = scene.exchangeKernel(std::move(kernel));
    try {
        CudaStream stream;
        renderOffline(scene, scene.kernelVariant(), size, stream.get());
    } catch (...) {
        scene.exchangeKernel(std::move(live));
        throw;
    }
    scene.exchangeKernel(std::move(live));
}

void fail(RaceFinderView& view, const std::string& why) {
    view.stage = RaceFinderView::Stage::Failed;
    view.findings = why;
    std::fprintf(stderr, "racelab: find the race: %s\n", why.c_str());
}

}  // namespace

bool RaceFinder::sourcesChanged() {
    if (sources_.changed()) sourcesChanged_ = true;  // FileWatch says it once; the findings stay stale
    return sourcesChanged_;
}

void RaceFinder::clear(RaceFinderView& view) {
    view = RaceFinderView{};
    pixels_ = {};
}

void RaceFinder::find(PreparedScene& prepared, const SceneSelection& selection, Size2 size, FrameControls& controls, bool wait,
                      RaceFinderView& view) {
    clear(view);
    auto* scene = dynamic_cast<userkernel::UserKernelScene*>(prepared.scene.get());
    if (!scene || !prepared.kernel) return fail(view, "load a kernel first (the kernel panel's field, or --kernel FILE): find the race runs your kernel");
    if (!prepared.kernel->form().accessChecksCover)
        return fail(view, "this kind of kernel is not instrumented; use check --sanitize (compute-sanitizer)");
    controls.paused = true;  // the findings are about this frame: it stays on screen
    controls.variant = scene->kernelVariant();
    asked_ = std::chrono::steady_clock::now();
    size_ = size;
    if (sourcesChanged()) instrumented_.reset();
    if (!instrumented_ || instrumented_->path() != prepared.kernel->path()) {
        SceneSelection s = selection;
        s.kernel = prepared.kernel->path();
        s.kernelAccessChecks = accessChecksFor(true, true);  // checked too: a stray access is skipped and named, never a fault
        s.kernelTimeout = std::max(s.kernelTimeout, kInstrumentedFrameSeconds);
        s.kernelTracedPixel.reset();
        try {  // F comes with the keys, before the frame: a failure here is the finder's, never the frame's
            instrumented_ = makeUserKernel(s, *findScene(scene->name()).family, false);
            instrumented_->setRacingWords(true);
        } catch (const Error& e) {
            instrumented_.reset();
            return fail(view, e.what());
        }
        sources_.setFiles(userkernel::localIncludes(instrumented_->path()));  // saved since: built again
        sourcesChanged_ = false;
    }
    view.stage = RaceFinderView::Stage::Building;
    if (wait) instrumented_->waitUntilReady(600);
}

bool RaceFinder::update(PreparedScene& prepared, const FrameControls& controls, Size2 size, RaceFinderView& view) {
    bool arrived = false;
    if (view.stage == RaceFinderView::Stage::Building) {
        instrumented_->poll();
        if (instrumented_->status().state == userkernel::KernelState::Compiling) return false;
        runFrame(prepared, view);
        arrived = view.stage == RaceFinderView::Stage::Done;
    }
    if (view.stage != RaceFinderView::Stage::Done) return arrived;
    if (!prepared.kernel || sourcesChanged()) view.stale = "the file changed since: find the race again";
    else if (!controls.paused) view.stale = "the animation moved on: these findings are about the frame it paused on";
    else if (size.width != size_.width || size.height != size_.height) view.stale = "the picture's size changed: the overlay is the frame it ran, scaled";
    else view.stale.clear();
    if (pendingInspect_) inspect(prepared, *std::exchange(pendingInspect_, std::nullopt), view);
    return arrived;
}

void RaceFinder::runFrame(PreparedScene& prepared, RaceFinderView& view) {
    auto* scene = dynamic_cast<userkernel::UserKernelScene*>(prepared.scene.get());
    const userkernel::UserKernelStatus& status = instrumented_->status();
    if (!scene) return fail(view, "the scene changed before the instrumented build was in: find the race again");
    if (status.state != userkernel::KernelState::Running)
        return fail(view, std::string("the instrumented build ") + userkernel::kernelStateName(status.state) + ":\n" + status.message);
    try {
        drawWith(*scene, instrumented_, size_);
    } catch (const Error& e) {
        return fail(view, e.what());
    }
    if (!status.accesses) return fail(view, "the frame ran without the access checks' report (racelab's fault, not the kernel's)");
    view.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - asked_).count();
    char timing[160];
    std::snprintf(timing, sizeof timing, "(instrumented build %s%.2f s; findings %.2f s after asking)\n", status.fromCache ? "from the cache, " : "",
                  status.compileMs / 1000.0, view.seconds);
    view.findings = instrumented_->accessFindingsText(*status.accesses) + timing;
    pixels_ = userkernel::racingPixels(*status.accesses, instrumented_->findingContext());
    const userkernel::RacingPixels& pixels = pixels_;
    view.racingPixels = pixels.count, view.truncated = pixels.truncated, view.elsewhere = pixels.elsewhere;
    view.width = status.frameWidth, view.height = status.frameHeight;
    view.stage = RaceFinderView::Stage::Done;
    std::printf("%s: find the race:\n%s", instrumented_->variantName().c_str(), view.findings.c_str());
    if (pixels.count) std::printf("racing pixels: %lld (shown over the picture)\n", pixels.count);
    std::fflush(stdout);
}

void RaceFinder::inspect(PreparedScene& prepared, std::pair<int, int> pixel, RaceFinderView& view) {
    auto* scene = dynamic_cast<userkernel::UserKernelScene*>(prepared.scene.get());
    if (!scene) return;
    view.inspected = pixel;
    if (pixel.first >= view.width || pixel.second >= view.height) {
        view.inspection = "outside the " + std::to_string(view.width) + "x" + std::to_string(view.height) + " frame";
        return;
    }
    instrumented_->setTracedPixel(pixel);
    try {
        drawWith(*scene, instrumented_, size_);
        const std::optional<userkernel::AccessSites> sites = instrumented_->accessSites();
        const auto& accesses = instrumented_->status().accesses;
        view.inspection = sites && accesses ? userkernel::formatTracedAccesses(*accesses, *sites, instrumented_->findingContext(), pixel)
                                            : "the frame ran without the access checks' report (racelab's fault, not the kernel's)";
    } catch (const Error& e) {
        view.inspection = e.what();
    }
    instrumented_->setTracedPixel(std::nullopt);
    std::printf("%s", view.inspection.c_str());
    std::fflush(stdout);
}

}  // namespace racelab
