#include "scenes/fourier/epicycle_reference.hpp"

#include <algorithm>
#include <cmath>

namespace racelab::fourier {
namespace {

template <typename Distance>
void splatAround(Vec2 q, float radius, int width, int height, std::vector<std::uint32_t>& target, Distance distance) {
    const int reach = static_cast<int>(std::ceil(radius + 1.f));
    const int cx = static_cast<int>(std::floor(q.x)), cy = static_cast<int>(std::floor(q.y));
    for (int y = cy - reach; y <= cy + reach; ++y)
        for (int x = cx - reach; x <= cx + reach; ++x) {
            if (x < 0 || y < 0 || x >= width || y >= height) continue;
            std::uint32_t cov = splatCoverage(distance(Vec2{x + .5f, y + .5f}), radius);
            std::uint32_t& p = target[static_cast<std::size_t>(y) * width + x];
            p = std::max(p, cov);
        }
}

void splatSegment(Vec2 a, Vec2 b, float radius, int width, int height, std::vector<std::uint32_t>& target) {
    const float length = std::sqrt((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y));
    if (!(length < 1e5f)) return;
    const int samples = static_cast<int>(length * 2.f) + 1;
    for (int s = 0; s <= samples; ++s) {
        float f = static_cast<float>(s) / samples;
        Vec2 q{a.x + f * (b.x - a.x), a.y + f * (b.y - a.y)};
        splatAround(q, radius, width, height, target, [&](Vec2 p) { return segmentDistance(p, a, b); });
    }
}

Vec2 penAtTime(const std::vector<EpicycleTerm>& terms, float t) {
    Vec2 sum{0.f, 0.f};
    for (const auto& e : terms) {
        Vec2 v = termAt(e, t);
        sum.x += v.x, sum.y += v.y;
    }
    return sum;
}

}  // namespace

std::vector<std::uint32_t> referenceTrail(const std::vector<EpicycleTerm>& terms, const ReferenceDrawSettings& s, long frame,
                                          int width, int height) {
    std::vector<std::uint32_t> trail(static_cast<std::size_t>(width) * height, 0);
    if (terms.empty()) return trail;
    Vec2 previous = toFrame(s.mapping, penAtTime(terms, timeOfFrame(s.trailFrom, s.periodFrames)));
    for (long f = s.trailFrom + 1; f <= frame; ++f) {
        Vec2 pen = toFrame(s.mapping, penAtTime(terms, timeOfFrame(f, s.periodFrames)));
        splatSegment(previous, pen, kTrailRadius, width, height, trail);
        previous = pen;
    }
    return trail;
}

void renderEpicyclesReference(const std::vector<EpicycleTerm>& terms, const ReferenceDrawSettings& s, long frame,
                              HostImage& image) {
    const int w = image.width, h = image.height;
    std::vector<std::uint32_t> trail = referenceTrail(terms, s, frame, w, h);
    std::vector<std::uint32_t> overlay(static_cast<std::size_t>(w) * h, 0);
    const int count = static_cast<int>(terms.size());
    if (count > 1 && (s.showCircles || s.showArms)) {
        const float t = timeOfFrame(frame, s.periodFrames);
        std::vector<Vec2> centres(static_cast<std::size_t>(count) + 1);
        Vec2 running{0.f, 0.f};
        centres[0] = toFrame(s.mapping, running);
        for (int j = 0; j < count; ++j) {
            Vec2 v = termAt(terms[j], t);
            running.x += v.x, running.y += v.y;
            centres[j + 1] = toFrame(s.mapping, running);
        }
        for (int j = 1; j < count; ++j) {
            if (s.showCircles) {
                const Vec2 c = centres[j];
                const float r = std::sqrt(terms[j].re * terms[j].re + terms[j].im * terms[j].im) * s.mapping.scale;
                if (r >= .5f && r <= 1e5f) {
                    const int samples = static_cast<int>(6.2831853f * r * 2.f) + 1;
                    for (int k = 0; k < samples; ++k) {
                        float a = 6.2831853f * k / samples;
                        splatAround(Vec2{c.x + r * std::cos(a), c.y + r * std::sin(a)}, kLineRadius, w, h, overlay,
                                    [&](Vec2 p) { return ringDistance(p, c, r); });
                    }
                }
            }
            if (s.showArms) splatSegment(centres[j], centres[j + 1], kLineRadius, w, h, overlay);
        }
    }
    if (s.source)
        for (Vec2 point : *s.source) {
            const Vec2 q = toFrame(s.mapping, point);
            splatAround(q, kLineRadius, w, h, overlay, [&](Vec2 p) { return segmentDistance(p, q, q); });
        }
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            const std::size_t i = static_cast<std::size_t>(y) * w + x;
            composePixel(trail[i], overlay[i], image.at(x, y));
        }
}

}  // namespace racelab::fourier
