// GPU side of the Fourier epicycles: the chain of circle centres as a prefix sum of rotating vectors, and
// anti-aliased splats of the trail, the circles and the arms.
#include "fourier/epicycles_gpu.cuh"

#include <algorithm>
#include <cub/block/block_scan.cuh>

#include "common/launch.cuh"
#include "core/device_buffer.hpp"

namespace racelab::fourier {
namespace {

constexpr int kChainThreads = 1024;

struct Sum2 {
    __device__ Vec2 operator()(Vec2 a, Vec2 b) const { return {a.x + b.x, a.y + b.y}; }
};

// centres[0] = 0 and centres[j + 1] = term 0 + ... + term j, mapped to frame pixels.
template <bool kRacy>
__global__ void __launch_bounds__(kChainThreads) chainKernel(const EpicycleTerm* terms, int count, float t,
                                                             FrameMapping mapping, Vec2* centres) {
    const int chunk = (count + kChainThreads - 1) / kChainThreads;
    const int begin = min(count, static_cast<int>(threadIdx.x) * chunk), end = min(count, begin + chunk);
    Vec2 local{0.f, 0.f};
    for (int j = begin; j < end; ++j) {
        Vec2 v = termAt(terms[j], t);
        local.x += v.x, local.y += v.y;
    }
    Vec2 before;
    if (!kRacy) {
        using Scan = cub::BlockScan<Vec2, kChainThreads>;
        __shared__ typename Scan::TempStorage storage;
        Scan(storage).ExclusiveScan(local, before, Vec2{0.f, 0.f}, Sum2{});
    } else {
        // Hillis-Steele in shared memory without the barrier between reading a partner and writing: a
        // thread may read a value its partner has already overwritten in this step, or not yet written.
        __shared__ Vec2 values[kChainThreads];
        values[threadIdx.x] = local;
        __syncthreads();
        for (int offset = 1; offset < kChainThreads; offset *= 2) {
            Vec2 partner = threadIdx.x >= offset ? values[threadIdx.x - offset] : Vec2{0.f, 0.f};
            values[threadIdx.x] = {values[threadIdx.x].x + partner.x, values[threadIdx.x].y + partner.y};
        }
        __syncthreads();
        before = {values[threadIdx.x].x - local.x, values[threadIdx.x].y - local.y};
    }
    Vec2 running = before;
    if (threadIdx.x == 0) centres[0] = toFrame(mapping, Vec2{0.f, 0.f});
    for (int j = begin; j < end; ++j) {
        Vec2 v = termAt(terms[j], t);
        running.x += v.x, running.y += v.y;
        centres[j + 1] = toFrame(mapping, running);
    }
}

// Splats the pixels around point q whose coverage, by `distance`, is non-zero.
template <bool kRacy, typename Distance>
__device__ void splatAround(Vec2 q, float radius, int width, int height, std::uint32_t* target, Distance distance) {
    const int reach = static_cast<int>(ceilf(radius + 1.f));
    const int cx = static_cast<int>(floorf(q.x)), cy = static_cast<int>(floorf(q.y));
    for (int y = cy - reach; y <= cy + reach; ++y)
        for (int x = cx - reach; x <= cx + reach; ++x) {
            if (x < 0 || y < 0 || x >= width || y >= height) continue;
            std::uint32_t cov = splatCoverage(distance(Vec2{x + .5f, y + .5f}), radius);
            if (cov == 0) continue;
            std::uint32_t* p = target + static_cast<std::size_t>(y) * width + x;
            if (!kRacy) {
                atomicMax(p, cov);
            } else {
                // The race on purpose: the same maximum as atomicMax, but read and written apart. Neighbouring
                // samples (discs half a pixel apart, in one warp) give a pixel different coverages at the same
                // moment; when a lower one is written last the higher one is lost (a darker speckle). Run alone
                // it gives exactly the good trail, so the race meter counts only what the race did.
                const std::uint32_t old = *p;
                if (cov > old) *p = cov;
            }
        }
}

// One block per segment (a[i] -> b[i]); threads stride along it every half pixel. kDiscs (the trail): a disc
// around each sample; otherwise (the arms) the distance to the whole segment.
template <bool kRacy, bool kDiscs>
__global__ void segmentsKernel(const Vec2* points, int firstSegment, int segments, float radius, int width, int height,
                               std::uint32_t* target) {
    const int i = firstSegment + static_cast<int>(blockIdx.x);
    if (blockIdx.x >= static_cast<unsigned>(segments)) return;
    const Vec2 a = points[i], b = points[i + 1];
    const float length = sqrtf((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y));
    if (!(length < 1e5f)) return;  // off-screen or degenerate mapping
    const int samples = static_cast<int>(length * 2.f) + 1;
    for (int s = threadIdx.x; s <= samples; s += blockDim.x) {
        const Vec2 q = segmentSample(a, b, s, samples);
        if (kDiscs) splatAround<kRacy>(q, radius, width, height, target, [&](Vec2 p) { return discDistance(p, q); });
        else splatAround<kRacy>(q, radius, width, height, target, [&](Vec2 p) { return segmentDistance(p, a, b); });
    }
}

// One block per circle j >= 1: centre centres[j], radius |term j| in frame pixels.
__global__ void ringsKernel(const Vec2* centres, const EpicycleTerm* terms, int count, float scale, int width, int height,
                            std::uint32_t* target) {
    const int j = 1 + static_cast<int>(blockIdx.x);
    if (j >= count) return;
    const Vec2 c = centres[j];
    const float r = sqrtf(terms[j].re * terms[j].re + terms[j].im * terms[j].im) * scale;
    if (r < .5f || r > 1e5f) return;
    const int samples = static_cast<int>(6.2831853f * r * 2.f) + 1;
    for (int s = threadIdx.x; s < samples; s += blockDim.x) {
        float a = 6.2831853f * s / samples;
        Vec2 q{c.x + r * cosf(a), c.y + r * sinf(a)};
        splatAround<false>(q, kLineRadius, width, height, target, [&](Vec2 p) { return ringDistance(p, c, r); });
    }
}

// The pen at the end of every frame in (from, to], for the trail: one block per frame, terms summed by a
// block reduction.
__global__ void penKernel(const EpicycleTerm* terms, int count, long from, float periodFrames, FrameMapping mapping,
                          Vec2* pens) {
    __shared__ Vec2 partial[256];
    const long frame = from + static_cast<long>(blockIdx.x);
    const float t = timeOfFrame(frame, periodFrames);
    Vec2 sum{0.f, 0.f};
    for (int j = threadIdx.x; j < count; j += blockDim.x) {
        Vec2 v = termAt(terms[j], t);
        sum.x += v.x, sum.y += v.y;
    }
    partial[threadIdx.x] = sum;
    __syncthreads();
    for (int offset = blockDim.x / 2; offset > 0; offset /= 2) {
        if (static_cast<int>(threadIdx.x) < offset)
            partial[threadIdx.x] = {partial[threadIdx.x].x + partial[threadIdx.x + offset].x,
                                    partial[threadIdx.x].y + partial[threadIdx.x + offset].y};
        __syncthreads();
    }
    if (threadIdx.x == 0) pens[blockIdx.x] = toFrame(mapping, partial[0]);
}

__global__ void dotsKernel(const Vec2* points, int count, FrameMapping mapping, int width, int height,
                           std::uint32_t* target) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= count) return;
    const Vec2 q = toFrame(mapping, points[i]);
    splatAround<false>(q, kLineRadius, width, height, target, [&](Vec2 p) { return segmentDistance(p, q, q); });
}

__global__ void composeKernel(const std::uint32_t* trail, const std::uint32_t* overlay, int width, int height,
                              std::uint8_t* out, std::size_t pitch) {
    const int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y;
    if (x >= width) return;
    const std::size_t i = static_cast<std::size_t>(y) * width + x;
    std::uint8_t px[4];
    composePixel(trail[i], overlay[i], px);
    *reinterpret_cast<uchar4*>(out + y * pitch + 4 * static_cast<std::size_t>(x)) = make_uchar4(px[0], px[1], px[2], px[3]);
}

}  // namespace

// One variant's trail: its own pixels and how far it has been drawn, so that variants drawn in turn (the
// shown one, then the good one for the race meter) each see only their own segments.
struct TrailLayer {
    DeviceBuffer<std::uint32_t> pixels;
    long drawnUpTo = -1;  // the layer holds the segments of frames (trailFrom, drawnUpTo]; -1: start again
    long trailFrom = 0;
};

struct FourierGpuCuda::Impl {
    DeviceBuffer<EpicycleTerm> terms;
    DeviceBuffer<Vec2> centres, pens, userPens, source;
    DeviceBuffer<std::uint32_t> overlay;
    std::vector<TrailLayer> trails;  // by variant, made on a variant's first draw
    int count = 0, width = 0, height = 0, sourceCount = 0;

    // Layer `layer` ready for frame `frame` at this size: made on first use, started again on a new size (every
    // layer), a rewind or a cleared trail.
    TrailLayer& layerFor(const FrameTarget& target, const DrawSettings& s, long frame, int layer);
    // The pen at the end of each frame from..from+segments, into `pens`.
    void computePens(DeviceBuffer<Vec2>& pens, long from, long segments, const DrawSettings& s, cudaStream_t stream);
    // The circles, arms and source dots (the chain racy or not) over `trail`, composed into the frame.
    void drawOverlayAndCompose(const FrameTarget& target, const DrawSettings& s, long frame, bool racyChain,
                               const std::uint32_t* trail);
};

TrailLayer& FourierGpuCuda::Impl::layerFor(const FrameTarget& target, const DrawSettings& s, long frame, int layer) {
    const int w = target.width, h = target.height;
    const std::size_t pixels = static_cast<std::size_t>(w) * h;
    if (w != width || h != height) {
        for (TrailLayer& t : trails) t.pixels.release(), t.drawnUpTo = -1;
        overlay.allocate(pixels, "circle layer");
        width = w, height = h;
    }
    if (layer >= static_cast<int>(trails.size())) trails.resize(static_cast<std::size_t>(layer) + 1);
    TrailLayer& trail = trails[static_cast<std::size_t>(layer)];
    if (!trail.pixels.data()) trail.pixels.allocate(pixels, "trail layer"), trail.drawnUpTo = -1;
    if (trail.drawnUpTo < 0 || frame < trail.drawnUpTo || s.trailFrom != trail.trailFrom) {
        // new drawing, resize, rewind or a cleared trail: start the trail again
        CUDA_CHECK(cudaMemsetAsync(trail.pixels.data(), 0, pixels * sizeof(std::uint32_t), target.stream));
        trail.trailFrom = s.trailFrom;
        trail.drawnUpTo = std::min(frame, s.trailFrom);
    }
    return trail;
}

void FourierGpuCuda::Impl::computePens(DeviceBuffer<Vec2>& out, long from, long segments, const DrawSettings& s,
                                       cudaStream_t stream) {
    out.reserve(static_cast<std::size_t>(segments + 1), "pen positions");
    launchKernel("fourier: pens", penKernel, static_cast<unsigned>(segments + 1), 256, 0, stream, terms.data(), count, from,
                 s.periodFrames, s.mapping, out.data());
}

void FourierGpuCuda::Impl::drawOverlayAndCompose(const FrameTarget& target, const DrawSettings& s, long frame,
                                                 bool racyChain, const std::uint32_t* trail) {
    const int w = target.width, h = target.height;
    cudaStream_t stream = target.stream;
    CUDA_CHECK(cudaMemsetAsync(overlay.data(), 0, static_cast<std::size_t>(w) * h * sizeof(std::uint32_t), stream));
    if (count > 1 && (s.showCircles || s.showArms)) {
        const float t = timeOfFrame(frame, s.periodFrames);
        if (racyChain)
            launchKernel("fourier: chain (racy)", chainKernel<true>, 1, kChainThreads, 0, stream, terms.data(), count, t,
                         s.mapping, centres.data());
        else
            launchKernel("fourier: chain", chainKernel<false>, 1, kChainThreads, 0, stream, terms.data(), count, t,
                         s.mapping, centres.data());
        if (s.showCircles)
            launchKernel("fourier: rings", ringsKernel, static_cast<unsigned>(count - 1), 64, 0, stream, centres.data(),
                         terms.data(), count, s.mapping.scale, w, h, overlay.data());
        if (s.showArms)  // arms 1..count-1 (the first term only places the chain)
            launchKernel("fourier: arms", segmentsKernel<false, false>, static_cast<unsigned>(count - 1), 64, 0, stream,
                         centres.data(), 1, count - 1, kLineRadius, w, h, overlay.data());
    }
    if (s.showSource && sourceCount > 0)
        launchKernel("fourier: source dots", dotsKernel, blocksFor(sourceCount, 256), 256, 0, stream, source.data(),
                     sourceCount, s.mapping, w, h, overlay.data());
    dim3 grid(blocksFor(w, 256), h);
    launchKernel("fourier: compose", composeKernel, grid, 256, 0, stream, trail, overlay.data(), w, h, target.pixels,
                 target.pitchBytes);
}

FourierGpuCuda::FourierGpuCuda() : impl_(std::make_unique<Impl>()) {}
FourierGpuCuda::~FourierGpuCuda() = default;

void FourierGpuCuda::setTerms(const std::vector<EpicycleTerm>& terms, cudaStream_t stream) {
    uploadAsync(impl_->terms, terms, stream, "epicycle terms");
    impl_->centres.reserve(terms.size() + 1, "epicycle centres");
    impl_->count = static_cast<int>(terms.size());
    clearTrails();
}

void FourierGpuCuda::setSource(const std::vector<Vec2>& points, cudaStream_t stream) {
    uploadAsync(impl_->source, points, stream, "contour points");
    impl_->sourceCount = static_cast<int>(points.size());
}

void FourierGpuCuda::clearTrails() {
    for (TrailLayer& layer : impl_->trails) layer.drawnUpTo = -1;
}

void FourierGpuCuda::draw(const FrameTarget& target, const DrawSettings& s, long frame, int layer, DrawRaces races) {
    auto& m = *impl_;
    const int w = target.width, h = target.height;
    cudaStream_t stream = target.stream;
    TrailLayer& trail = m.layerFor(target, s, frame, layer);
    if (m.count > 0 && frame > trail.drawnUpTo) {
        const long segments = frame - trail.drawnUpTo;
        m.computePens(m.pens, trail.drawnUpTo, segments, s, stream);
        if (races.trail)
            launchKernel("fourier: trail segments (racy)", segmentsKernel<true, true>, static_cast<unsigned>(segments), 64,
                         0, stream, m.pens.data(), 0, static_cast<int>(segments), kTrailRadius, w, h,
                         trail.pixels.data());
        else
            launchKernel("fourier: trail segments", segmentsKernel<false, true>, static_cast<unsigned>(segments), 64, 0,
                         stream, m.pens.data(), 0, static_cast<int>(segments), kTrailRadius, w, h, trail.pixels.data());
        trail.drawnUpTo = frame;
    }
    m.drawOverlayAndCompose(target, s, frame, races.chain, trail.pixels.data());
}

TrailSegments FourierGpuCuda::newTrailSegments(const FrameTarget& target, const DrawSettings& s, long frame, int layer) {
    auto& m = *impl_;
    TrailLayer& trail = m.layerFor(target, s, frame, layer);
    const long segments = m.count > 0 && frame > trail.drawnUpTo ? frame - trail.drawnUpTo : 0;
    m.computePens(m.userPens, trail.drawnUpTo, segments, s, target.stream);
    return {m.userPens.data(), static_cast<int>(segments)};
}

void FourierGpuCuda::copyTrail(int layer, std::uint32_t* out, cudaStream_t stream) {
    const TrailLayer& trail = impl_->trails.at(static_cast<std::size_t>(layer));
    namedGpuStep("fourier: the trail to the user kernel", stream, [&] {
        CUDA_CHECK(cudaMemcpyAsync(out, trail.pixels.data(),
                                   static_cast<std::size_t>(impl_->width) * impl_->height * sizeof(std::uint32_t),
                                   cudaMemcpyDeviceToDevice, stream));
    });
}

void FourierGpuCuda::drawWithTrail(const FrameTarget& target, const DrawSettings& s, long frame, int layer,
                                   const std::uint32_t* drawn) {
    auto& m = *impl_;
    TrailLayer& trail = m.trails.at(static_cast<std::size_t>(layer));
    namedGpuStep("fourier: the user kernel's trail kept", target.stream, [&] {
        CUDA_CHECK(cudaMemcpyAsync(trail.pixels.data(), drawn,
                                   static_cast<std::size_t>(target.width) * target.height * sizeof(std::uint32_t),
                                   cudaMemcpyDeviceToDevice, target.stream));
    });
    trail.drawnUpTo = std::max(trail.drawnUpTo, frame);
    m.drawOverlayAndCompose(target, s, frame, false, trail.pixels.data());
}

std::vector<std::uint32_t> FourierGpuCuda::downloadTrail(int layer, cudaStream_t stream) const {
    const auto& trails = impl_->trails;
    if (layer < 0 || layer >= static_cast<int>(trails.size()) || !trails[static_cast<std::size_t>(layer)].pixels.data())
        return {};
    return downloadNow(trails[static_cast<std::size_t>(layer)].pixels.data(),
                       static_cast<std::size_t>(impl_->width) * impl_->height, stream);
}

}  // namespace racelab::fourier

// The scenes make their GPU half through makeGpuHalf<FourierGpu>("fourier") (scenes/gpu_half.hpp).
RACELAB_GPU_HALF(fourier) { return std::make_unique<racelab::fourier::FourierGpuCuda>(); }
