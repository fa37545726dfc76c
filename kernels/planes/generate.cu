// Plane generation on the GPU: one 256-thread block per (plane, 32x32 tile). The block computes the
// plane's circles from the counter-based random numbers (scenes/planes/plane_formulas.hpp, shared with the
// CPU reference), keeps (in order) those that reach the tile, and each thread blends them into 4 pixels of
// one row, which it stores with one 16-byte write.
#include <string>

#include "common/launch.cuh"
#include "core/device_buffer.hpp"
#include "core/gpu_timing.hpp"
#include "planes/plane_gpu_internal.cuh"
#include "scenes/planes/plane_formulas.hpp"

namespace racelab::planes {
namespace {

constexpr int kTile = 32;

__global__ void __launch_bounds__(256) generatePlanesKernel(PlaneSettings s, int width, int height, int tilesX,
                                                            int tilesPerPlane, std::uint8_t* planes) {
    __shared__ PlaneCircle kept[256];
    __shared__ int warpCounts[8];
    const int plane = static_cast<int>(blockIdx.x / tilesPerPlane);
    const int tile = static_cast<int>(blockIdx.x % tilesPerPlane);
    const int tileX = (tile % tilesX) * kTile, tileY = (tile / tilesX) * kTile;
    const int row = tileY + static_cast<int>(threadIdx.x / 8);
    const int x0 = tileX + static_cast<int>(threadIdx.x % 8) * 4;
    const float py = static_cast<float>(row) + .5f;
    Premultiplied pixel[4];

    for (int chunk = 0; chunk < s.circlesPerPlane; chunk += 256) {
        const int j = chunk + static_cast<int>(threadIdx.x);
        PlaneCircle c{};
        bool keep = false;
        if (j < s.circlesPerPlane) {
            c = planeCircle(s, plane, j, width, height);
            // does the circle, or its copy one plane width/height over, reach this tile? (planes wrap)
            float reach = c.radius + 1.f;
            float dx = wrappedDelta(tileX + .5f * kTile - c.x, static_cast<float>(width));
            float dy = wrappedDelta(tileY + .5f * kTile - c.y, static_cast<float>(height));
            keep = fabsf(dx) <= reach + .5f * kTile && fabsf(dy) <= reach + .5f * kTile;
        }
        // order-preserving compaction of the kept circles
        unsigned mask = __ballot_sync(0xffffffffu, keep);
        const int warp = static_cast<int>(threadIdx.x / 32), lane = static_cast<int>(threadIdx.x % 32);
        if (lane == 0) warpCounts[warp] = __popc(mask);
        __syncthreads();
        int before = 0, total = 0;
        for (int w = 0; w < 8; ++w) {
            before += w < warp ? warpCounts[w] : 0;
            total += warpCounts[w];
        }
        if (keep) kept[before + __popc(mask & ((1u << lane) - 1u))] = c;
        __syncthreads();
        if (row < height)
            for (int k = 0; k < total; ++k) {
                const PlaneCircle circle = kept[k];
                if (fabsf(wrappedDelta(py - circle.y, static_cast<float>(height))) > circle.radius + 1.f) continue;
#pragma unroll
                for (int p = 0; p < 4; ++p) {
                    float cov = coverage(static_cast<float>(x0 + p) + .5f, py, circle, static_cast<float>(width),
                                         static_cast<float>(height));
                    if (cov > 0.f) blendCircle(pixel[p], circle, cov);
                }
            }
        __syncthreads();  // `kept` is rewritten by the next chunk
    }
    if (row >= height) return;
    std::uint8_t* out = planes + (static_cast<std::size_t>(plane) * height + row) * width * 4;
    if (x0 + 3 < width && width % 4 == 0) {
        uchar4 v[4];
        for (int p = 0; p < 4; ++p) storeStraight(pixel[p], reinterpret_cast<std::uint8_t*>(&v[p]));
        *reinterpret_cast<uint4*>(out + 4 * x0) = *reinterpret_cast<uint4*>(v);
    } else {
        for (int p = 0; p < 4 && x0 + p < width; ++p) storeStraight(pixel[p], out + 4 * (x0 + p));
    }
}

}  // namespace

double PlaneGpuCuda::generate(const PlaneSettings& s, int width, int height, cudaStream_t stream) {
    const std::size_t bytes = static_cast<std::size_t>(s.planes) * width * height * 4;
    if (bytes != impl_->planes.bytes()) {
        impl_->planes.release();  // free the old planes before asking for the new ones
        try {
            impl_->planes.allocate(bytes, std::to_string(s.planes) + " planes of " + std::to_string(width) + "x" +
                                              std::to_string(height));
        } catch (const Error& e) {
            throw Error(std::string(e.what()) + " (fewer planes or a smaller size fit)");
        }
    }
    impl_->width = width, impl_->height = height, impl_->count = s.planes;
    const int tilesX = (width + kTile - 1) / kTile, tilesY = (height + kTile - 1) / kTile;
    GpuTimer timer(stream);
    timer.start();
    launchKernel("planes: generate", generatePlanesKernel,
                 static_cast<unsigned>(static_cast<long>(tilesX) * tilesY * s.planes), 256, 0, stream, s, width, height,
                 tilesX, tilesX * tilesY, impl_->planes.data());
    timer.stop();
    return timer.elapsedMs();
}

}  // namespace racelab::planes
