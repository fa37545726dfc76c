// Names and times the GPU work of a frame, step by step, for the launch layer (kernels/common/launch.cuh).
// Every named step (a kernel of ours, or a library call such as a CUB sort) opens an NVTX range, so Nsight
// Systems shows the frame by name. While timing is on (bench turns it on for extra frames after the ones it
// measures, so the events never weigh on those), each step is bracketed by two CUDA events from a pool; after
// the frame's work has finished, closeFrame() adds each step's time in that frame to its samples.
// The launch layer also counts host synchronisations (waits for the GPU), so a test can hold a frame to none.
// Without CUDA in the build the timing is inert (no events, nothing recorded).
#pragma once
#include <string>
#include <vector>

#include "core/frame_target.hpp"

namespace racelab {

// One named step over the frames timed: the time it took per frame (its launches in that frame added up).
struct KernelStat {
    std::string name;
    double callsPerFrame = 0;  // launches per frame, on average
    double p50Us = 0, p95Us = 0;  // per frame, microseconds
};

class KernelTiming {
public:
    static KernelTiming& instance();  // one per process: the launch layer has no other place to report to
    ~KernelTiming();

    void setEnabled(bool on);
    bool enabled() const { return enabled_; }
    // The launch layer's brackets. Nested steps (a named call around named kernels) are timed at the outside
    // only, so no time is counted twice.
    void begin(const char* name, cudaStream_t stream);
    void end(cudaStream_t stream);
    // Call once the frame's GPU work has finished (the caller waited for it): adds the frame's times.
    void closeFrame();
    long framesTimed() const { return frames_; }
    // Every step seen, the largest median first.
    std::vector<KernelStat> summary() const;
    void clear();

    // Waits for the GPU that the host makes (a stream synchronisation, a copy to pageable memory), counted.
    void countHostSync() { ++hostSyncs_; }
    long hostSyncs() const { return hostSyncs_; }

private:
    KernelTiming() = default;
    struct Pending {
        const char* name;
        void* start;
        void* stop;
    };
    struct Series {
        std::string name;
        std::vector<double> usPerFrame;  // one value per frame timed since the step was first seen (0: not called)
        long calls = 0;
        long firstFrame = 0;
    };
    void* takeEvent();

    bool enabled_ = false;
    [[maybe_unused]] int depth_ = 0;  // nesting of named steps (unused in a build without CUDA)
    std::vector<void*> freeEvents_;
    std::vector<Pending> pending_;
    std::vector<Pending> open_;  // the outermost step being bracketed (depth 1)
    std::vector<Series> series_;
    long frames_ = 0;
    long hostSyncs_ = 0;
};

// RAII for one named step: NVTX range, and the events while timing is on.
class NamedGpuStep {
public:
    NamedGpuStep(const char* name, cudaStream_t stream);
    ~NamedGpuStep();
    NamedGpuStep(const NamedGpuStep&) = delete;
    NamedGpuStep& operator=(const NamedGpuStep&) = delete;

private:
    cudaStream_t stream_;
};

// Waits until `stream`'s work is done, counted as a host synchronisation (KernelTiming::hostSyncs).
void waitForStream(cudaStream_t stream);

}  // namespace racelab
