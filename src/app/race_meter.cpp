#include "app/race_meter.hpp"

#include "app/frame_loop.hpp"

#ifdef RACELAB_HAVE_CUDA
#include "core/device_frame.hpp"
#include "race_meter.cuh"
#endif

namespace racelab {

#ifdef RACELAB_HAVE_CUDA
struct RaceMeter::Impl {
    DeviceFrame goodFrame;
    DeviceBuffer<unsigned long long> counter;  // allocated on first use: cpu-backend runs have no device
};

RaceMeter::RaceMeter() : impl_(std::make_unique<Impl>()) {}
RaceMeter::~RaceMeter() = default;

RaceReading RaceMeter::measure(Scene& scene, const FrameTarget& target, int variant, bool overlay) {
    RaceReading reading;
    if (!target.onDevice || scene.variants()[static_cast<std::size_t>(variant)].correct) return reading;
    if (!impl_->counter.data()) impl_->counter.allocate(1, "race meter counter");
    impl_->goodFrame.resize(target.width, target.height);
    int good = 0;
    while (!scene.variants()[static_cast<std::size_t>(good)].correct) ++good;
    scene.render(impl_->goodFrame.target(target.stream), good);
    const int threshold = static_cast<int>(scene.checkRule().channelTolerance * 255.f);
    RaceMeterCounts counts = measureRace(target, impl_->goodFrame.data(), threshold, overlay, impl_->counter.data());
    reading.valid = true;
    reading.differing = static_cast<long>(counts.differing);
    reading.total = static_cast<long>(counts.total);
    return reading;
}
#else
struct RaceMeter::Impl {};
RaceMeter::RaceMeter() = default;
RaceMeter::~RaceMeter() = default;
RaceReading RaceMeter::measure(Scene&, const FrameTarget&, int, bool) { return {}; }
#endif

}  // namespace racelab
