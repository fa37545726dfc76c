#include "core/kernel_timing.hpp"

#include <algorithm>
#include <map>

#include "core/frame_graph.hpp"
#include "core/stats.hpp"

#ifdef RACELAB_HAVE_CUDA
#include <nvtx3/nvToolsExt.h>

#include "core/cuda_check.hpp"
#endif

namespace racelab {

KernelTiming& KernelTiming::instance() {
    static KernelTiming timing;
    return timing;
}

KernelTiming::~KernelTiming() {
#ifdef RACELAB_HAVE_CUDA
    // At exit the CUDA context may be gone already: destroy quietly.
    for (void* e : freeEvents_) cudaEventDestroy(static_cast<cudaEvent_t>(e));
    for (const Pending& p : pending_) cudaEventDestroy(static_cast<cudaEvent_t>(p.start)), cudaEventDestroy(static_cast<cudaEvent_t>(p.stop));
#endif
}

void KernelTiming::setEnabled(bool on) { enabled_ = on; }

void* KernelTiming::takeEvent() {
#ifdef RACELAB_HAVE_CUDA
    if (freeEvents_.empty()) {
        cudaEvent_t e = nullptr;
        CUDA_CHECK(cudaEventCreate(&e));
        return e;
    }
    void* e = freeEvents_.back();
    freeEvents_.pop_back();
    return e;
#else
    return nullptr;
#endif
}

void KernelTiming::begin(const char* name, cudaStream_t stream) {
#ifdef RACELAB_HAVE_CUDA
    nvtxRangePushA(name);
    if (enabled_ && depth_++ == 0) {
        Pending p{name, takeEvent(), takeEvent()};
        CUDA_CHECK(cudaEventRecord(static_cast<cudaEvent_t>(p.start), stream));
        open_.push_back(p);
    }
#else
    (void)name, (void)stream;
#endif
}

void KernelTiming::end(cudaStream_t stream) {
#ifdef RACELAB_HAVE_CUDA
    nvtxRangePop();
    if (depth_ == 0) return;  // begun while timing was off
    if (--depth_ == 0 && !open_.empty()) {
        Pending p = open_.back();
        open_.pop_back();
        CUDA_CHECK(cudaEventRecord(static_cast<cudaEvent_t>(p.stop), stream));
        pending_.push_back(p);
    }
#else
    (void)stream;
#endif
}

void KernelTiming::closeFrame() {
    std::map<std::string, std::pair<double, long>> frame;  // name -> (us, calls)
#ifdef RACELAB_HAVE_CUDA
    for (const Pending& p : pending_) {
        CUDA_CHECK(cudaEventSynchronize(static_cast<cudaEvent_t>(p.stop)));
        float ms = 0;
        CUDA_CHECK(cudaEventElapsedTime(&ms, static_cast<cudaEvent_t>(p.start), static_cast<cudaEvent_t>(p.stop)));
        auto& entry = frame[p.name];
        entry.first += 1000.0 * ms, ++entry.second;
        freeEvents_.push_back(p.start), freeEvents_.push_back(p.stop);
    }
#endif
    pending_.clear();
    for (const auto& entry : frame) {
        const std::string& name = entry.first;
        const auto& value = entry.second;
        auto it = std::find_if(series_.begin(), series_.end(), [&](const Series& s) { return s.name == name; });
        if (it == series_.end()) {
            series_.push_back({name, {}, 0, frames_});
            it = series_.end() - 1;
        }
        it->usPerFrame.resize(static_cast<std::size_t>(frames_ - it->firstFrame), 0.0);  // frames it was not in
        it->usPerFrame.push_back(value.first);
        it->calls += value.second;
    }
    ++frames_;
}

std::vector<KernelStat> KernelTiming::summary() const {
    std::vector<KernelStat> out;
    for (const Series& s : series_) {
        std::vector<double> values = s.usPerFrame;
        values.resize(static_cast<std::size_t>(frames_ - s.firstFrame), 0.0);
        values.insert(values.begin(), static_cast<std::size_t>(s.firstFrame), 0.0);  // frames before it first ran
        const Summary stat = summarize(values);
        out.push_back({s.name, frames_ ? static_cast<double>(s.calls) / static_cast<double>(frames_) : 0.0, stat.p50,
                       stat.p95});
    }
    std::sort(out.begin(), out.end(), [](const KernelStat& a, const KernelStat& b) { return a.p50Us > b.p50Us; });
    return out;
}

void KernelTiming::clear() {
    closeFrame();  // gives the pending events back
    series_.clear();
    frames_ = 0;
}

NamedGpuStep::NamedGpuStep(const char* name, cudaStream_t stream) : stream_(stream) {
    KernelTiming::instance().begin(name, stream);
}

NamedGpuStep::~NamedGpuStep() { KernelTiming::instance().end(stream_); }

void waitForStream(cudaStream_t stream) {
#ifdef RACELAB_HAVE_CUDA
    KernelTiming::instance().countHostSync();
    endFrameCapture(stream);  // a frame being captured as a graph: run what it holds first
    CUDA_CHECK(cudaStreamSynchronize(stream));
#else
    (void)stream;
#endif
}

}  // namespace racelab
