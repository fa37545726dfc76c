// The circle scenes' GPU half as the scene sees it: plain C++, implemented in CUDA by CircleGpuCuda
// (kernels/circles/circle_gpu.cuh) and made with makeGpuHalf<CircleGpu>("circles"), which throws in a build
// without CUDA.
#pragma once
#include <cstdint>

#include "core/frame_target.hpp"
#include "scenes/gpu_half.hpp"
#include "scenes/circles/circle_set.hpp"

namespace racelab::circles {

enum class CircleVariant {
    Good,       // stable tile binning (CUB radix sort on the tile bits), one block per tile, order kept
    Bad,        // one thread per circle, unsynchronized read-modify-write of the pixels: lost updates, no order
    Unordered,  // tiles binned with atomics: every pixel owned by one thread, but blend order is lost
};

// How the good variant found each tile's circles this frame (renderGood in kernels/circles/render_good.cu chooses
// from the circle count; the stats line and bench's notes name it).
enum class CircleRenderPath {
    Binned,               // (tile, circle) pairs counted, emitted and sorted: a chain of launches, any scene size
    EveryCirclePerTile,   // very few circles: one launch, each render tile tests every circle itself
    ListedPerCoarseTile,  // up to 10,000: one launch lists every circle per coarse tile in order, then the render
};

struct CircleRenderStats {
    std::int64_t tilePairs = 0;  // (tile, circle) pairs binned this frame (good / unordered)
    int tileSize = 0;            // of the binning: 16, or 64 where large circles are binned into coarse tiles
    int passes = 0;              // binning passes (large scenes: nearest circles first, then the rest culled)
    bool secondPassBinned = false;  // the last frame binned its second pass (not: every tile was opaque before)
    CircleRenderPath path = CircleRenderPath::Binned;
    int pixelsPerThread = 1;     // of the tile render (two where every circle is tested per tile)
    // Binned frames (counted as their read-backs arrive, since the renderer last took another path) whose pairs
    // outgrew the pair buffer, so that their tiles walked every circle of the pass: the same pixels, slowly.
    std::int64_t pairOverflowFrames = 0;
};

// The circle arrays on the device, in CS149's layout (3 floats a circle for position, velocity, color).
struct CircleDeviceArrays {
    const float* position = nullptr;
    const float* velocity = nullptr;
    const float* color = nullptr;
    const float* radius = nullptr;
    int count = 0;
};

class CircleGpu : public GpuHalf {
public:
    // Copies the whole set to the device (checks free memory first).
    virtual void upload(const CircleSet& set, cudaStream_t stream) = 0;
    // Copies the animated state (position, velocity, radius) back, so the CPU reference draws the same frame.
    virtual void download(CircleSet& set, cudaStream_t stream) const = 0;
    // One animation step, a thread per particle.
    virtual void advance(Animation animation, cudaStream_t stream) = 0;
    virtual void render(const FrameTarget& target, CircleVariant variant) = 0;
    virtual CircleRenderStats lastStats() const = 0;

    // For a user's kernel (circle_kernel_side.cpp): the uploaded arrays, the course's float4 image cleared
    // as its clearImage does (white, or the snow scenes' grey ramp), and that image turned into the frame.
    virtual CircleDeviceArrays deviceArrays() const = 0;
    virtual void clearCourseImage(float* image, int width, int height, bool snow, cudaStream_t stream) = 0;
    virtual void courseImageToTarget(const float* image, const FrameTarget& target) = 0;
};

}  // namespace racelab::circles
