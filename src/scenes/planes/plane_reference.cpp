#include "scenes/planes/plane_reference.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

namespace racelab::planes {
namespace {

void generatePlane(const PlaneSettings& s, int width, int height, int plane, std::uint8_t* out) {
    std::vector<PlaneCircle> circles;
    for (int j = 0; j < s.circlesPerPlane; ++j) circles.push_back(planeCircle(s, plane, j, width, height));
    const float fw = static_cast<float>(width), fh = static_cast<float>(height);
    std::vector<Premultiplied> row(static_cast<std::size_t>(width));
    for (int y = 0; y < height; ++y) {
        std::fill(row.begin(), row.end(), Premultiplied{});
        const float py = static_cast<float>(y) + .5f;
        for (const PlaneCircle& c : circles) {
            float reach = c.radius + 1.f;  // coverage is zero beyond radius + 0.5
            if (std::fabs(wrappedDelta(py - c.y, fh)) > reach) continue;
            // the columns within reach, walking round the ring at most once
            long first = static_cast<long>(std::floor(c.x - reach)), last = static_cast<long>(std::ceil(c.x + reach));
            if (last - first + 1 > width) first = 0, last = width - 1;
            for (long i = first; i <= last; ++i) {
                int x = static_cast<int>(((i % width) + width) % width);
                float cov = coverage(static_cast<float>(x) + .5f, py, c, fw, fh);
                if (cov > 0.f) blendCircle(row[static_cast<std::size_t>(x)], c, cov);
            }
        }
        std::uint8_t* dst = out + static_cast<std::size_t>(y) * width * 4;
        for (int x = 0; x < width; ++x) storeStraight(row[static_cast<std::size_t>(x)], dst + 4 * x);
    }
}

void compositeRows(const PlaneSettings& s, const std::uint8_t* planes, long frame, HostImage& out, int rowBegin, int rowEnd) {
    const int w = out.width, h = out.height;
    const std::size_t planeSize = static_cast<std::size_t>(w) * h * 4;
    std::vector<int> ox(static_cast<std::size_t>(s.planes)), oy(static_cast<std::size_t>(s.planes));
    const int granularity = w % 4 == 0 ? 4 : 1;  // as the GPU's vector path
    for (int k = 0; k < s.planes; ++k) planeOffset(s, k, frame, w, h, granularity, ox[k], oy[k]);
    std::vector<Composite> row(static_cast<std::size_t>(w));
    for (int y = rowBegin; y < rowEnd; ++y) {
        std::fill(row.begin(), row.end(), Composite{});
        for (int k = 0; k < s.planes; ++k) {
            const std::uint8_t* source = planes + k * planeSize + static_cast<std::size_t>((y + oy[k]) % h) * w * 4;
            for (int x = 0; x < w; ++x)
                compositePlanePixel(row[static_cast<std::size_t>(x)], s.blend, s.alpha, source + 4 * ((x + ox[k]) % w));
        }
        for (int x = 0; x < w; ++x) storeComposite(row[static_cast<std::size_t>(x)], s.blend, out.at(x, y));
    }
}

}  // namespace

void generatePlanesReference(const PlaneSettings& s, int width, int height, std::uint8_t* planes, bool parallel) {
    const std::size_t planeSize = static_cast<std::size_t>(width) * height * 4;
#pragma omp parallel for schedule(dynamic, 1) if (parallel)
    for (int k = 0; k < s.planes; ++k) generatePlane(s, width, height, k, planes + k * planeSize);
}

void compositeReference(const PlaneSettings& s, const std::uint8_t* planes, long frame, HostImage& out, bool parallel) {
    const int bands = parallel ? std::min(out.height, 256) : 1;
#pragma omp parallel for schedule(dynamic, 1) if (parallel)
    for (int b = 0; b < bands; ++b)
        compositeRows(s, planes, frame, out, static_cast<int>(static_cast<long>(out.height) * b / bands),
                      static_cast<int>(static_cast<long>(out.height) * (b + 1) / bands));
}

}  // namespace racelab::planes
