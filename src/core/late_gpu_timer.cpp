#include "core/late_gpu_timer.hpp"

#include "core/errors.hpp"
#ifdef RACELAB_HAVE_CUDA
#include "core/cuda_check.hpp"
#endif

namespace racelab {

#ifdef RACELAB_HAVE_CUDA
namespace {
cudaEvent_t event(void* e) { return static_cast<cudaEvent_t>(e); }
}  // namespace

LateGpuTimer::~LateGpuTimer() {
    for (Pair& p : pairs_) {
        if (p.start) cudaEventDestroy(event(p.start));
        if (p.stop) cudaEventDestroy(event(p.stop));
    }
}

void LateGpuTimer::setDepth(int depth) {
    RACELAB_REQUIRE(depth >= 1, "frames in flight must be at least 1");
    drain();
    depth_ = depth;
    recorded_ = read_ = 0;
}

void LateGpuTimer::ensurePairs() {  // created on first use: cpu-backend runs never need them
    while (static_cast<int>(pairs_.size()) < depth_) {
        Pair p;
        CUDA_CHECK(cudaEventCreate(reinterpret_cast<cudaEvent_t*>(&p.start)));
        CUDA_CHECK(cudaEventCreate(reinterpret_cast<cudaEvent_t*>(&p.stop)));
        pairs_.push_back(p);
    }
}

void LateGpuTimer::start() {
    ensurePairs();
    CUDA_CHECK(cudaEventRecord(event(pairs_[static_cast<std::size_t>(recorded_ % depth_)].start), stream_));
}

void LateGpuTimer::stop() {
    CUDA_CHECK(cudaEventRecord(event(pairs_[static_cast<std::size_t>(recorded_ % depth_)].stop), stream_));
    ++recorded_;
}

std::optional<double> LateGpuTimer::finish() {
    // The ring holds depth frames: once it is full the oldest must be read before its pair is recorded again.
    if (recorded_ - read_ < depth_) return std::nullopt;
    const Pair& p = pairs_[static_cast<std::size_t>(read_ % depth_)];
    CUDA_CHECK(cudaEventSynchronize(event(p.stop)));
    float ms = 0;
    CUDA_CHECK(cudaEventElapsedTime(&ms, event(p.start), event(p.stop)));
    ++read_;
    return ms;
}

void LateGpuTimer::drain() {
    if (recorded_ > read_) CUDA_CHECK(cudaEventSynchronize(event(pairs_[static_cast<std::size_t>((recorded_ - 1) % depth_)].stop)));
    read_ = recorded_;
}
#else
LateGpuTimer::~LateGpuTimer() = default;
void LateGpuTimer::setDepth(int depth) {
    RACELAB_REQUIRE(depth >= 1, "frames in flight must be at least 1");
    depth_ = depth;
}
void LateGpuTimer::ensurePairs() {}
void LateGpuTimer::start() {}
void LateGpuTimer::stop() {}
std::optional<double> LateGpuTimer::finish() { return 0.0; }
void LateGpuTimer::drain() {}
#endif

}  // namespace racelab
