// A frame's GPU work replayed as one CUDA graph.
//
// Launched one by one, a frame of a dozen small kernels costs a few microseconds per launch between them
// (measured by every bench as "empty kernel launch"). Captured into a CUDA graph and launched as one, the
// GPU runs the same kernels back to back. FrameGraph captures the frame's work every frame (the scene's host
// code runs as usual, so every decision it makes and every parameter it passes is this frame's) and updates
// one executable graph in place (cudaGraphExecUpdate), instantiating anew only when the frame's shape changed.
//
// A frame can be captured only if it never waits for the GPU and copies nothing from or to pageable host
// memory inside: such a call ends the capture first (endFrameCapture launches what was captured so far, so
// the frame stays whole and in order, and the rest of it runs directly). A frame whose capture ended so, or that failed, runs its work directly for as long as its key (the
// scene, the variant, the frame target) stays the same; so do frames while per-step timing is on (its
// events must bracket single launches).
// Without CUDA in the build, run() simply calls the work.
#pragma once
#include <cstdint>
#include <functional>

#include "core/frame_target.hpp"

namespace racelab {

// What must stay the same for a frame to be captured: a new key's first frame runs directly (it sizes
// buffers and does first-use work). The frame target's address may change from frame to frame (a mapped
// buffer): that is only a kernel parameter, which the graph update takes.
struct FrameGraphKey {
    const void* scene = nullptr;
    int variant = 0;
    int width = 0, height = 0;
    bool operator==(const FrameGraphKey& o) const {  // (spelled out: CUDA sources include this as C++17)
        return scene == o.scene && variant == o.variant && width == o.width && height == o.height;
    }
};

class FrameGraph {
public:
    FrameGraph() = default;
    ~FrameGraph();
    FrameGraph(const FrameGraph&) = delete;
    FrameGraph& operator=(const FrameGraph&) = delete;

    void setEnabled(bool on) { enabled_ = on; }
    bool enabled() const { return enabled_; }
    // Queues `work` (which puts the frame's GPU work on `stream`) as a graph launch where it can, else directly.
    void run(cudaStream_t stream, const FrameGraphKey& key, const std::function<void()>& work);
    // Whether the last run() launched a graph (false: the work ran launch by launch).
    bool lastRunWasGraph() const { return lastWasGraph_; }
    long graphFrames() const { return graphFrames_; }
    long directFrames() const { return directFrames_; }
    // Forgets the executable graph (and a key's earlier failure): the scene was replaced or reset.
    void reset();

private:
    void runDirectly(const std::function<void()>& work);
    bool enabled_ = true;
    void* exec_ = nullptr;  // cudaGraphExec_t
    // Nodes of the graph exec_ was made or last updated from (read only where CUDA is built).
    [[maybe_unused]] std::size_t execNodes_ = 0;
    FrameGraphKey key_;
    bool keyCannotCapture_ = false;  // this key's capture ended early (a host wait) or failed
    bool keyRanDirectlyOnce_ = false;  // a key is first run directly (buffers are sized, first-use work done)
    bool lastWasGraph_ = false;
    long graphFrames_ = 0, directFrames_ = 0;
};

// When `stream` is being captured by a FrameGraph: ends that capture, launches what it holds, and tells the
// FrameGraph. Called before anything a graph cannot hold: a host wait (waitForStream), a copy between the
// device and pageable host memory (downloadNow, uploadAsync, copyToDevice).
void endFrameCapture(cudaStream_t stream);

}  // namespace racelab
