#include "frame/race_meter.hpp"

#include <algorithm>
#include <cstdint>

#include "core/errors.hpp"
#include "core/kernel_timing.hpp"

#ifdef RACELAB_HAVE_CUDA
#include "core/device_buffer.hpp"
#include "core/device_frame.hpp"
#include "frame/race_view_kernels.hpp"
#endif

namespace racelab {

VariantPair comparedVariants(const Scene& scene, int chosen, int racyVariant) {
    const auto& variants = scene.variants();
    const int count = static_cast<int>(variants.size());
    VariantPair pair;
    while (pair.good < count - 1 && !variants[static_cast<std::size_t>(pair.good)].correct) ++pair.good;
    if (chosen != pair.good && chosen >= 0 && chosen < count) {
        pair.racy = chosen;
    } else if (racyVariant >= 0 && racyVariant < count) {
        pair.racy = racyVariant;
    } else {
        pair.racy = pair.good;
        for (int i = 0; i < count; ++i)
            if (!variants[static_cast<std::size_t>(i)].correct) {
                pair.racy = i;
                break;
            }
    }
    return pair;
}

#ifdef RACELAB_HAVE_CUDA
namespace {
int thresholdOf(const Scene& scene) { return static_cast<int>(scene.checkRule().channelTolerance * 255.f); }
FrameView viewOf(const DeviceFrame& frame) { return {frame.data(), frame.width(), frame.height()}; }
}  // namespace

struct RaceMeter::Impl {
    DeviceFrame goodFrame, racyFrame;
    DeviceBuffer<unsigned long long> counter;  // allocated on first use: cpu-backend runs have no device
    DeviceBuffer<std::uint64_t> history;       // heat view: one word of difference bits per pixel
    // What the heat history belongs to; a change starts it again.
    VariantPair heatPair{-1, -1};
    int heatWidth = 0, heatHeight = 0, heatWindow = 0, heatFrames = 0;
    bool heatLive = false;  // the last frame was drawn in the heat view

    unsigned long long* count() {
        if (!counter.data()) counter.allocate(1, "race meter counter");
        return counter.data();
    }

    // Renders the good variant of this frame into goodFrame, as one named step: per-step timing then shows the
    // meter's second render as one segment instead of doubling the scene's own steps.
    FrameView renderGood(Scene& scene, int good, const FrameTarget& like) {
        NamedGpuStep step("race meter: good frame", like.stream);
        goodFrame.resize(like.width, like.height);
        scene.render(goodFrame.target(like.stream), good);
        return viewOf(goodFrame);
    }

    std::uint64_t* heatHistory(VariantPair pair, const FrameTarget& target, int window) {
        const bool same = heatLive && heatPair.good == pair.good && heatPair.racy == pair.racy &&
                          heatWidth == target.width && heatHeight == target.height && heatWindow == window;
        if (!same) {
            const std::size_t pixels = static_cast<std::size_t>(target.width) * target.height;
            if (history.size() != pixels) history.allocate(pixels, "heat map history");
            CUDA_CHECK(cudaMemsetAsync(history.data(), 0, pixels * sizeof(std::uint64_t), target.stream));
            heatPair = pair, heatWidth = target.width, heatHeight = target.height;
            heatWindow = window, heatFrames = 0;
        }
        heatFrames = std::min(heatFrames + 1, window);
        return history.data();
    }
};

RaceMeter::RaceMeter() : impl_(std::make_unique<Impl>()) {}
RaceMeter::~RaceMeter() = default;

void RaceMeter::restartHeat() { impl_->heatLive = false; }

RaceReading RaceMeter::measure(Scene& scene, const FrameTarget& target, int variant, bool evenTheGood) {
    RaceReading reading;
    impl_->heatLive = false;
    if (!target.onDevice) return reading;
    const VariantPair pair = comparedVariants(scene, variant, -1);
    reading.good = pair.good, reading.racy = variant;
    // A correct variant has nothing to find: the plain view stays one render, with no read-back.
    if (scene.variants()[static_cast<std::size_t>(variant)].correct && !evenTheGood) return reading;
    reading.notDrawn = scene.lastRenderNotDrawn();  // of the render just shown
    if (!reading.notDrawn.empty()) return reading;
    reading.exact = scene.exactRaceCount(target.stream);  // before the good render replaces what it counts
    const FrameView good = impl_->renderGood(scene, pair.good, target);
    countRaceDifferences(target, good, thresholdOf(scene), false, impl_->count());
    reading.valid = true;
    reading.differing = static_cast<long>(readRaceCount(impl_->count(), target.stream));
    reading.total = static_cast<long>(target.width) * target.height;
    return reading;
}

RaceReading RaceMeter::renderView(Scene& scene, const FrameTarget& target, const FrameControls& controls) {
    Impl& m = *impl_;
    const VariantPair pair = comparedVariants(scene, controls.variant, controls.racyVariant);
    RaceReading reading;
    reading.good = pair.good, reading.racy = pair.racy;
    const int threshold = thresholdOf(scene);
    // Good first, the racy variant last: its exact race count (Scene::exactRaceCount) is still there to be read
    // once the frame is timed (FrameLoop), so no read-back falls between the renders.
    const FrameView good = m.renderGood(scene, pair.good, target);
    if (controls.view == RaceView::Side) {
        m.racyFrame.resize(target.width, target.height);
        const FrameTarget racy = m.racyFrame.target(target.stream);
        scene.render(racy, pair.racy);
        reading.notDrawn = scene.lastRenderNotDrawn();
        if (reading.notDrawn.empty()) countRaceDifferences(racy, good, threshold, false, m.count());
        composeSideBySide(target, good, viewOf(m.racyFrame));  // the placeholder beside good, where it drew none
    } else {
        scene.render(target, pair.racy);
        reading.notDrawn = scene.lastRenderNotDrawn();
        if (!reading.notDrawn.empty()) {
            // The placeholder is shown as it is: no difference to a frame not drawn, no heat added to the history.
        } else if (controls.view == RaceView::Wipe) {
            const int divider = static_cast<int>(std::clamp(controls.wipe, 0.f, 1.f) * static_cast<float>(target.width));
            composeWipe(target, good, threshold, divider, m.count());
        } else if (controls.view == RaceView::Heat) {
            const int window = std::clamp(controls.heatFrames, 1, kMaxHeatFrames);
            composeHeatMap(target, good, threshold, m.heatHistory(pair, target, window), window, m.count());
            reading.heatFrames = m.heatFrames;
        } else {
            countRaceDifferences(target, good, threshold, true, m.count());
        }
    }
    m.heatLive = controls.view == RaceView::Heat;
    if (!reading.notDrawn.empty()) return reading;
    reading.valid = true;
    reading.differing = static_cast<long>(readRaceCount(m.count(), target.stream));
    reading.total = static_cast<long>(target.width) * target.height;
    return reading;
}
#else
struct RaceMeter::Impl {};
RaceMeter::RaceMeter() = default;
RaceMeter::~RaceMeter() = default;
void RaceMeter::restartHeat() {}
RaceReading RaceMeter::measure(Scene&, const FrameTarget&, int, bool) { return {}; }
RaceReading RaceMeter::renderView(Scene&, const FrameTarget&, const FrameControls&) {
    throw UsageError("the comparison views need the cuda backend");
}
#endif

}  // namespace racelab
