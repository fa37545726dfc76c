// Compositing the planes into the frame on the GPU.
//
// good: the read of N planes is the whole cost, so the kernel is built to stream: each thread owns 4 pixels
//   (one 16-byte load per plane, cache-streaming) and loads 8 planes ahead of blending them. The planes are
//   split into ordered groups, one grid row each, so that there are many more blocks than fit at once (a
//   512x512 frame is only 65,536 four-pixel units: one group would leave a ragged last wave); the groups'
//   partial results are joined in plane order afterwards (both blend modes are affine, so the join is exact
//   up to rounding). Planes scroll by whole 4-pixel steps so every load stays aligned.
// bad: a thread per (pixel, plane) reads, blends and writes the result with no synchronization.
#include <algorithm>

#include "common/launch.cuh"
#include "core/device_buffer.hpp"
#include "planes/plane_gpu_internal.cuh"
#include "scenes/planes/plane_formulas.hpp"

namespace racelab::planes {
namespace {

constexpr int kThreads = 256;  // composite threads per block
constexpr int kUnroll = 8;     // planes loaded ahead of blending

__global__ void computeOffsets(PlaneSettings s, long frame, int width, int height, int granularity, int2* offsets) {
    int k = blockIdx.x * blockDim.x + threadIdx.x;
    if (k >= s.planes) return;
    int ox, oy;
    planeOffset(s, k, frame, width, height, granularity, ox, oy);
    offsets[k] = make_int2(ox, oy);
}

// Byte i of `word` as an exact float: put it in the low mantissa bits of 2^23 (one byte permute) and
// subtract 2^23 (one add). I2F runs at a quarter of the FMA rate on Hopper, and with four per pixel it made
// the composite issue-bound (ncu: SM 75 %, DRAM 76 %).
__device__ __forceinline__ float byteAsFloat(unsigned word, unsigned selector) {
    return __int_as_float(static_cast<int>(__byte_perm(word, 0x4B000000u, selector))) - 8388608.f;
}

__device__ __forceinline__ void blendWord(Composite& c, BlendMode mode, float alpha, unsigned word) {
    compositePlaneValues(c, mode, alpha, byteAsFloat(word, 0x7540), byteAsFloat(word, 0x7541), byteAsFloat(word, 0x7542),
                         byteAsFloat(word, 0x7543));
}

// kPixels = 4: 16-byte loads (width % 4 == 0); kPixels = 1: any width.
// Block (x, group): 256 threads own 256 units of kPixels pixels and composite the planes of one group.
// With one group the result is stored directly; otherwise each group's partial goes to global memory and
// joinGroups combines them in plane order.
template <int kPixels>
__global__ void __launch_bounds__(kThreads)
compositeKernel(PlaneSettings s, const std::uint8_t* planes, const int2* offsets, int width, int height, int groups,
                float4* partialColor, float* partialKeep, std::uint8_t* out, std::size_t pitch) {
    const int unitsPerRow = width / kPixels;
    const long unit = static_cast<long>(blockIdx.x) * kThreads + threadIdx.x;
    if (unit >= static_cast<long>(unitsPerRow) * height) return;
    const int y = static_cast<int>(unit / unitsPerRow);
    const int x = static_cast<int>(unit % unitsPerRow) * kPixels;
    const int group = static_cast<int>(blockIdx.y);
    const int begin = static_cast<int>(static_cast<long>(s.planes) * group / groups);
    const int end = static_cast<int>(static_cast<long>(s.planes) * (group + 1) / groups);
    const std::size_t planeSize = static_cast<std::size_t>(width) * height * 4;
    Composite c[kPixels];

    auto address = [&](int k) {
        int2 o = offsets[k];
        int sy = y + o.y, sx = x + o.x;
        sy -= sy >= height ? height : 0;
        sx -= sx >= width ? width : 0;
        return planes + k * planeSize + (static_cast<std::size_t>(sy) * width + sx) * 4;
    };
    int k = begin;
    if constexpr (kPixels == 4) {
        for (; k + kUnroll <= end; k += kUnroll) {
            uint4 v[kUnroll];
#pragma unroll
            for (int u = 0; u < kUnroll; ++u) v[u] = __ldcs(reinterpret_cast<const uint4*>(address(k + u)));
#pragma unroll
            for (int u = 0; u < kUnroll; ++u) {
                blendWord(c[0], s.blend, s.alpha, v[u].x);
                blendWord(c[1], s.blend, s.alpha, v[u].y);
                blendWord(c[2], s.blend, s.alpha, v[u].z);
                blendWord(c[3], s.blend, s.alpha, v[u].w);
            }
        }
        for (; k < end; ++k) {
            uint4 v = __ldcs(reinterpret_cast<const uint4*>(address(k)));
            blendWord(c[0], s.blend, s.alpha, v.x);
            blendWord(c[1], s.blend, s.alpha, v.y);
            blendWord(c[2], s.blend, s.alpha, v.z);
            blendWord(c[3], s.blend, s.alpha, v.w);
        }
    } else {
        for (; k < end; ++k) blendWord(c[0], s.blend, s.alpha, __ldcs(reinterpret_cast<const unsigned*>(address(k))));
    }
    const std::size_t pixels = static_cast<std::size_t>(width) * height;
#pragma unroll
    for (int p = 0; p < kPixels; ++p) {
        if (groups == 1) {
            storeComposite(c[p], s.blend, out + static_cast<std::size_t>(y) * pitch + 4 * static_cast<std::size_t>(x + p));
        } else {
            std::size_t i = group * pixels + static_cast<std::size_t>(y) * width + x + p;
            partialColor[i] = make_float4(c[p].r, c[p].g, c[p].b, c[p].a);
            partialKeep[i] = c[p].t;
        }
    }
}

__global__ void joinGroups(PlaneSettings s, int width, int height, int groups, const float4* partialColor,
                           const float* partialKeep, std::uint8_t* out, std::size_t pitch) {
    const std::size_t pixels = static_cast<std::size_t>(width) * height;
    const std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
    if (i >= pixels) return;
    Composite total;
    for (int g = 0; g < groups; ++g) {
        float4 v = partialColor[g * pixels + i];
        Composite part;
        part.r = v.x, part.g = v.y, part.b = v.z, part.a = v.w, part.t = partialKeep[g * pixels + i];
        total = joinComposites(total, part);
    }
    storeComposite(total, s.blend, out + (i / width) * pitch + 4 * (i % width));
}

// The float4 result of the racy variant and of a user's kernel (scenes/planes/kernel_contract.cuh): cleared to
// zero before the composite, stored into the frame after it.
__global__ void clearFloatResult(float4* result, std::size_t pixels) {
    std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
    if (i < pixels) result[i] = make_float4(0.f, 0.f, 0.f, 0.f);
}

// The race on purpose: threads for different planes of the same pixel read-modify-write it in any order.
__global__ void compositeRacy(PlaneSettings s, const std::uint8_t* planes, const int2* offsets, int width, int height,
                              float4* result) {
    const std::size_t pixels = static_cast<std::size_t>(width) * height;
    const std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
    if (i >= pixels) return;
    const int y = static_cast<int>(i / width), x = static_cast<int>(i % width);
    for (int k = blockIdx.y; k < s.planes; k += gridDim.y) {
        int2 o = offsets[k];
        const std::uint8_t* p = planes + k * pixels * 4 + (static_cast<std::size_t>((y + o.y) % height) * width + (x + o.x) % width) * 4;
        float4 v = result[i];
        Composite c;
        c.r = v.x, c.g = v.y, c.b = v.z, c.a = v.w;
        compositePlanePixel(c, s.blend, s.alpha, p);
        result[i] = make_float4(c.r, c.g, c.b, c.a);
    }
}

__global__ void storeFloatResult(const float4* result, PlaneSettings s, int width, int height, std::uint8_t* out, std::size_t pitch) {
    const std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
    if (i >= static_cast<std::size_t>(width) * height) return;
    float4 v = result[i];
    Composite c;
    c.r = v.x, c.g = v.y, c.b = v.z, c.a = v.w;
    storeComposite(c, s.blend, out + (i / width) * pitch + 4 * (i % width));
}

}  // namespace

void PlaneGpuCuda::composite(const FrameTarget& target, const PlaneSettings& s, long frame, bool racy) {
    RACELAB_REQUIRE(target.width == impl_->width && target.height == impl_->height && s.planes == impl_->count,
                    "planes were generated for another size");
    const int w = target.width, h = target.height;
    const bool vector = w % 4 == 0;
    impl_->offsets.reserve(static_cast<std::size_t>(s.planes), "plane offsets");
    launchKernel("planes: offsets", computeOffsets, blocksFor(s.planes, 256), 256, 0, target.stream, s, frame, w, h,
                 vector ? 4 : 1, impl_->offsets.data());
    const std::size_t pixels = static_cast<std::size_t>(w) * h;
    if (racy) {
        impl_->racyResult.reserve(pixels, "racy composite");
        launchKernel("planes: clear result (racy)", clearFloatResult, blocksFor(pixels, 256), 256, 0, target.stream,
                     impl_->racyResult.data(), pixels);
        dim3 grid(blocksFor(pixels, 256), static_cast<unsigned>(std::min(s.planes, 65535)));
        launchKernel("planes: composite (racy)", compositeRacy, grid, 256, 0, target.stream, s, impl_->planes.data(),
                     impl_->offsets.data(), w, h, impl_->racyResult.data());
        launchKernel("planes: store result (racy)", storeFloatResult, blocksFor(pixels, 256), 256, 0, target.stream,
                     impl_->racyResult.data(), s, w, h, target.pixels, target.pitchBytes);
    } else {
        const int perUnit = vector ? 4 : 1;
        const unsigned baseBlocks = blocksFor(pixels / perUnit, kThreads);
        // enough groups for ~16 blocks per SM, but at least 16 planes per group
        const int groups = static_cast<int>(std::clamp<long>((static_cast<long>(impl_->smCount) * 16 + baseBlocks - 1) / baseBlocks,
                                                             1, std::max(1, s.planes / 16)));
        if (groups > 1) {
            impl_->partialColor.reserve(groups * pixels, "composite partials");
            impl_->partialKeep.reserve(groups * pixels, "composite partials");
        }
        dim3 grid(baseBlocks, static_cast<unsigned>(groups));
        if (vector)
            launchKernel("planes: composite", compositeKernel<4>, grid, kThreads, 0, target.stream, s, impl_->planes.data(),
                         impl_->offsets.data(), w, h, groups, impl_->partialColor.data(), impl_->partialKeep.data(),
                         target.pixels, target.pitchBytes);
        else
            launchKernel("planes: composite", compositeKernel<1>, grid, kThreads, 0, target.stream, s, impl_->planes.data(),
                         impl_->offsets.data(), w, h, groups, impl_->partialColor.data(), impl_->partialKeep.data(),
                         target.pixels, target.pitchBytes);
        if (groups > 1)
            launchKernel("planes: join groups", joinGroups, blocksFor(pixels, 256), 256, 0, target.stream, s, w, h, groups,
                         impl_->partialColor.data(), impl_->partialKeep.data(), target.pixels, target.pitchBytes);
        impl_->lastGroups = groups;
    }
}

PlaneDeviceInputs PlaneGpuCuda::deviceInputs(const PlaneSettings& s, long frame, cudaStream_t stream) {
    const int w = impl_->width, h = impl_->height;
    RACELAB_REQUIRE(s.planes == impl_->count, "planes were generated for another count");
    impl_->offsets.reserve(static_cast<std::size_t>(s.planes), "plane offsets");
    // The granularity the variants and the CPU reference scroll by, so that all of them show the same frame.
    launchKernel("planes: offsets", computeOffsets, blocksFor(s.planes, 256), 256, 0, stream, s, frame, w, h, w % 4 == 0 ? 4 : 1,
                 impl_->offsets.data());
    PlaneDeviceInputs in;
    in.planes = impl_->planes.data();
    in.planeBytes = static_cast<std::size_t>(w) * h * 4 * static_cast<std::size_t>(s.planes);
    in.offsets = impl_->offsets.data();
    in.offsetBytes = static_cast<std::size_t>(s.planes) * sizeof(int2);
    return in;
}

void PlaneGpuCuda::clearResult(float* result, cudaStream_t stream) {
    const std::size_t pixels = static_cast<std::size_t>(impl_->width) * impl_->height;
    launchKernel("planes: clear the user kernel's result", clearFloatResult, blocksFor(pixels, 256), 256, 0, stream,
                 reinterpret_cast<float4*>(result), pixels);
}

void PlaneGpuCuda::storeResult(const float* result, const PlaneSettings& s, const FrameTarget& target) {
    const std::size_t pixels = static_cast<std::size_t>(target.width) * target.height;
    launchKernel("planes: store the user kernel's result", storeFloatResult, blocksFor(pixels, 256), 256, 0, target.stream,
                 reinterpret_cast<const float4*>(result), s, target.width, target.height, target.pixels, target.pitchBytes);
}

}  // namespace racelab::planes
