#include "scenes/circles/circle_reference.hpp"

#include <algorithm>
#include <vector>

#include <omp.h>

#include "scenes/circles/circle_animation.hpp"
#include "scenes/circles/circle_formulas.hpp"

namespace racelab::circles {
namespace {

// Blends every circle, in order, into rows [rowBegin, rowEnd) of the float RGB buffer.
void blendRows(const CircleSet& set, int width, int height, int rowBegin, int rowEnd, float* rgb) {
    const float invW = 1.f / width, invH = 1.f / height;
    for (int c = 0; c < set.count(); ++c) {
        float px = set.position[3 * c], py = set.position[3 * c + 1], pz = set.position[3 * c + 2];
        float r = set.radius[c];
        int x0, x1, y0, y1;
        pixelBounds(px, r, width, x0, x1);
        pixelBounds(py, r, height, y0, y1);
        y0 = std::max(y0, rowBegin);
        y1 = std::min(y1, rowEnd);
        Rgb circleColor{set.color[3 * c], set.color[3 * c + 1], set.color[3 * c + 2]};
        for (int y = y0; y < y1; ++y) {
            float cy = pixelCentre(y, invH);
            float* row = rgb + static_cast<std::size_t>(y) * width * 3;
            for (int x = x0; x < x1; ++x) {
                float cx = pixelCentre(x, invW);
                float dx = px - cx, dy = py - cy;
                float distSq = squaredDistance(dx, dy);
                if (distSq > r * r) continue;
                Rgb color;
                float alpha;
                shade(set.snow, distSq, r, pz, circleColor, color, alpha);
                float* p = row + 3 * x;
                p[0] = alpha * color.r + (1.f - alpha) * p[0];
                p[1] = alpha * color.g + (1.f - alpha) * p[1];
                p[2] = alpha * color.b + (1.f - alpha) * p[2];
            }
        }
    }
}

void clearRows(const CircleSet& set, int width, int height, int rowBegin, int rowEnd, float* rgb) {
    for (int y = rowBegin; y < rowEnd; ++y) {
        Rgb c = clearColor(set.snow, y, height);
        float* row = rgb + static_cast<std::size_t>(y) * width * 3;
        for (int x = 0; x < width; ++x) row[3 * x] = c.r, row[3 * x + 1] = c.g, row[3 * x + 2] = c.b;
    }
}

void quantizeRows(const float* rgb, HostImage& image, int rowBegin, int rowEnd) {
    for (int y = rowBegin; y < rowEnd; ++y)
        for (int x = 0; x < image.width; ++x) {
            const float* p = rgb + (static_cast<std::size_t>(y) * image.width + x) * 3;
            std::uint8_t* out = image.at(x, y);
            out[0] = toByte(p[0]), out[1] = toByte(p[1]), out[2] = toByte(p[2]), out[3] = 255;
        }
}

}  // namespace

void renderReferenceSequential(const CircleSet& set, HostImage& image) {
    std::vector<float> rgb(static_cast<std::size_t>(image.width) * image.height * 3);
    clearRows(set, image.width, image.height, 0, image.height, rgb.data());
    blendRows(set, image.width, image.height, 0, image.height, rgb.data());
    quantizeRows(rgb.data(), image, 0, image.height);
}

void renderReferenceParallel(const CircleSet& set, HostImage& image) {
    std::vector<float> rgb(static_cast<std::size_t>(image.width) * image.height * 3);
    // A few bands per thread balance uneven scenes; each band walks the circle list once.
    const int bands = std::min(image.height, 4 * omp_get_max_threads());
#pragma omp parallel for schedule(dynamic, 1)
    for (int b = 0; b < bands; ++b) {
        int begin = static_cast<int>(static_cast<long>(image.height) * b / bands);
        int end = static_cast<int>(static_cast<long>(image.height) * (b + 1) / bands);
        clearRows(set, image.width, image.height, begin, end, rgb.data());
        blendRows(set, image.width, image.height, begin, end, rgb.data());
        quantizeRows(rgb.data(), image, begin, end);
    }
}

void advanceReference(CircleSet& set) {
    const int n = set.count();
    switch (set.animation) {
    case Animation::None: break;
    case Animation::Snow:
        for (int i = 0; i < n; ++i) stepSnow(i, set.position.data(), set.velocity.data(), set.radius.data());
        break;
    case Animation::BouncingBalls:
        for (int i = 0; i < n; ++i) stepBouncingBall(i, set.position.data(), set.velocity.data());
        break;
    case Animation::Hypnosis:
        for (int i = 0; i < n; ++i) stepHypnosis(i, set.radius.data());
        break;
    case Animation::Fireworks: {
        const FireworkRim rim = fireworkRim();
        for (int i = 0; i < n; ++i) stepFireworkSpark(i, set.position.data(), set.velocity.data(), set.radius.data(), rim);
        break;
    }
    }
}

}  // namespace racelab::circles
