// Host-callable side of kernels/circles/: the GPU state and renderers of the circle scenes. The pipeline
// and which file does what are described in circle_gpu_internal.cuh.
#pragma once
#include <cstdint>
#include <memory>

#include "core/frame_target.hpp"
#include "scenes/circles/circle_set.hpp"

namespace racelab::circles {

enum class CircleVariant {
    Good,       // stable tile binning (CUB radix sort on the tile bits), one block per tile, order kept
    Bad,        // one thread per circle, unsynchronized read-modify-write of the pixels: lost updates, no order
    Unordered,  // tiles binned with atomics: every pixel owned by one thread, but blend order is lost
};

struct CircleRenderStats {
    std::int64_t tilePairs = 0;  // (tile, circle) pairs binned this frame (good / unordered)
    int tileSize = 0;
    int passes = 0;              // binning passes (large scenes: nearest circles first, then the rest culled)
};

class CircleGpuRenderer {
public:
    CircleGpuRenderer();
    ~CircleGpuRenderer();
    CircleGpuRenderer(const CircleGpuRenderer&) = delete;
    CircleGpuRenderer& operator=(const CircleGpuRenderer&) = delete;

    // Copies the whole set to the device (checks free memory first).
    void upload(const CircleSet& set, cudaStream_t stream);
    // Copies the animated state (position, velocity, radius) back, so the CPU reference draws the same frame.
    void download(CircleSet& set, cudaStream_t stream) const;
    // One animation step, a thread per particle.
    void advance(Animation animation, cudaStream_t stream);
    void render(const FrameTarget& target, CircleVariant variant);
    CircleRenderStats lastStats() const;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace racelab::circles
