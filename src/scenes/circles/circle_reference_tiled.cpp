#include "scenes/circles/circle_reference_tiled.hpp"

#include <algorithm>
#include <cstdint>
#include <vector>

#include "scenes/circles/circle_formulas.hpp"

namespace racelab::circles {
namespace {

// A circle's pixel bounding box, as the simple reference computes it (pixelBounds).
struct Box {
    int x0, x1, y0, y1;
};

}  // namespace

void renderReferenceTiled(const CircleSet& set, HostImage& image, bool parallel) {
    const int width = image.width, height = image.height, n = set.count();
    constexpr int T = kReferenceTileSize;
    const int tilesX = (width + T - 1) / T, tilesY = (height + T - 1) / T;
    const long tiles = static_cast<long>(tilesX) * tilesY;
    std::vector<Box> boxes(static_cast<std::size_t>(n));
#pragma omp parallel for schedule(static) if (parallel)
    for (int c = 0; c < n; ++c) {
        Box& b = boxes[static_cast<std::size_t>(c)];
        pixelBounds(set.position[3 * c], set.radius[c], width, b.x0, b.x1);
        pixelBounds(set.position[3 * c + 1], set.radius[c], height, b.y0, b.y1);
    }
    // Binning: count, prefix sum, fill in index order, so each tile's list keeps the blend order.
    std::vector<std::uint32_t> start(static_cast<std::size_t>(tiles) + 1, 0);
    for (int c = 0; c < n; ++c) {
        const Box& b = boxes[static_cast<std::size_t>(c)];
        if (b.x0 >= b.x1 || b.y0 >= b.y1) continue;
        for (int ty = b.y0 / T; ty <= (b.y1 - 1) / T; ++ty)
            for (int tx = b.x0 / T; tx <= (b.x1 - 1) / T; ++tx) ++start[static_cast<std::size_t>(ty) * tilesX + tx + 1];
    }
    for (long t = 0; t < tiles; ++t) start[t + 1] += start[t];
    std::vector<std::uint32_t> list(start[tiles]);
    {
        std::vector<std::uint32_t> fill(start.begin(), start.end() - 1);
        for (int c = 0; c < n; ++c) {
            const Box& b = boxes[static_cast<std::size_t>(c)];
            if (b.x0 >= b.x1 || b.y0 >= b.y1) continue;
            for (int ty = b.y0 / T; ty <= (b.y1 - 1) / T; ++ty)
                for (int tx = b.x0 / T; tx <= (b.x1 - 1) / T; ++tx)
                    list[fill[static_cast<std::size_t>(ty) * tilesX + tx]++] = static_cast<std::uint32_t>(c);
        }
    }
    const float invW = 1.f / width, invH = 1.f / height;
#pragma omp parallel for schedule(dynamic, 1) if (parallel)
    for (long tile = 0; tile < tiles; ++tile) {
        const int tileX0 = static_cast<int>(tile % tilesX) * T, tileY0 = static_cast<int>(tile / tilesX) * T;
        const std::uint32_t begin = start[tile], end = start[tile + 1];
        for (int y = tileY0; y < std::min(tileY0 + T, height); ++y) {
            const float cy = pixelCentre(y, invH);
            const Rgb clear = clearColor(set.snow, y, height);
            for (int x = tileX0; x < std::min(tileX0 + T, width); ++x) {
                const float cx = pixelCentre(x, invW);
                float r = 0.f, g = 0.f, b = 0.f, transmittance = 1.f;
                // Nearest first: the last circle of the list is blended on top.
                for (std::uint32_t k = end; k > begin; --k) {
                    const std::uint32_t c = list[k - 1];
                    const Box& box = boxes[c];
                    if (x < box.x0 || x >= box.x1 || y < box.y0 || y >= box.y1) continue;
                    const float px = set.position[3 * c], py = set.position[3 * c + 1], rad = set.radius[c];
                    const float distSq = squaredDistance(px - cx, py - cy);
                    if (distSq > rad * rad) continue;
                    Rgb color;
                    float alpha;
                    shade(set.snow, distSq, rad, set.position[3 * c + 2],
                          Rgb{set.color[3 * c], set.color[3 * c + 1], set.color[3 * c + 2]}, color, alpha);
                    const float weight = transmittance * alpha;
                    r += weight * color.r;
                    g += weight * color.g;
                    b += weight * color.b;
                    transmittance *= 1.f - alpha;
                    if (transmittance < kReferenceTransmittanceCutoff) break;
                }
                std::uint8_t* out = image.at(x, y);
                out[0] = toByte(r + transmittance * clear.r), out[1] = toByte(g + transmittance * clear.g);
                out[2] = toByte(b + transmittance * clear.b), out[3] = 255;
            }
        }
    }
}

}  // namespace racelab::circles
