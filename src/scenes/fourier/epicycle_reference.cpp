#include "scenes/fourier/epicycle_reference.hpp"

#include <algorithm>
#include <cmath>

#include <omp.h>

namespace racelab::fourier {
namespace {

// Rows [rowBegin, rowEnd) of the image: one band of the OpenMP version. Every splat is kept as the maximum,
// so splitting the image into bands and drawing each band's part of every splat gives the same pixels.
struct Rows {
    int begin, end;
    // Conservative: false only when nothing within `margin` pixels of [lo, hi] lies in the band.
    bool mayTouch(float lo, float hi, float margin) const {
        return !(hi + margin + 2.f < static_cast<float>(begin) || lo - margin - 2.f >= static_cast<float>(end));
    }
};

template <typename Distance>
void splatAround(Vec2 q, float radius, int width, Rows rows, std::vector<std::uint32_t>& target, Distance distance) {
    const int reach = static_cast<int>(std::ceil(radius + 1.f));
    const int cx = static_cast<int>(std::floor(q.x)), cy = static_cast<int>(std::floor(q.y));
    for (int y = cy - reach; y <= cy + reach; ++y)
        for (int x = cx - reach; x <= cx + reach; ++x) {
            if (x < 0 || y < rows.begin || x >= width || y >= rows.end) continue;
            std::uint32_t cov = splatCoverage(distance(Vec2{x + .5f, y + .5f}), radius);
            std::uint32_t& p = target[static_cast<std::size_t>(y) * width + x];
            p = std::max(p, cov);
        }
}

// Splats every half pixel along ab: with `discs` (the trail) a disc around each sample, otherwise (the arms)
// the distance to the whole segment.
void splatSegment(Vec2 a, Vec2 b, float radius, int width, Rows rows, std::vector<std::uint32_t>& target, bool discs) {
    if (!rows.mayTouch(std::min(a.y, b.y), std::max(a.y, b.y), radius + 1.f)) return;
    const float length = std::sqrt((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y));
    if (!(length < 1e5f)) return;
    const int samples = static_cast<int>(length * 2.f) + 1;
    for (int s = 0; s <= samples; ++s) {
        const Vec2 q = segmentSample(a, b, s, samples);
        if (discs) splatAround(q, radius, width, rows, target, [&](Vec2 p) { return discDistance(p, q); });
        else splatAround(q, radius, width, rows, target, [&](Vec2 p) { return segmentDistance(p, a, b); });
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

// Row bands: one when sequential, a few per thread (dynamic schedule) for OpenMP.
int bandCount(int height, bool parallel) { return parallel ? std::max(1, std::min(height, 4 * omp_get_max_threads())) : 1; }

Rows band(int height, int b, int bands) {
    return {static_cast<int>(static_cast<long>(height) * b / bands), static_cast<int>(static_cast<long>(height) * (b + 1) / bands)};
}

}  // namespace

void extendTrail(const std::vector<EpicycleTerm>& terms, const ReferenceDrawSettings& s, long frame, int width,
                 int height, bool parallel, KeptTrail& kept) {
    if (kept.width != width || kept.height != height || kept.trailFrom != s.trailFrom || kept.drawnUpTo < 0 ||
        frame < kept.drawnUpTo) {
        kept.coverage.assign(static_cast<std::size_t>(width) * height, 0);
        kept.width = width, kept.height = height, kept.trailFrom = s.trailFrom;
        kept.drawnUpTo = std::min(frame, s.trailFrom);
    }
    if (terms.empty() || frame <= kept.drawnUpTo) return;
    // The pen at every new frame (each independent of the others), then every new segment per band.
    const long first = kept.drawnUpTo, segments = frame - first;
    std::vector<Vec2> pens(static_cast<std::size_t>(segments) + 1);
#pragma omp parallel for schedule(static) if (parallel)
    for (long i = 0; i <= segments; ++i)
        pens[static_cast<std::size_t>(i)] = toFrame(s.mapping, penAtTime(terms, timeOfFrame(first + i, s.periodFrames)));
    const int bands = bandCount(height, parallel);
#pragma omp parallel for schedule(dynamic, 1) if (parallel)
    for (int b = 0; b < bands; ++b) {
        const Rows rows = band(height, b, bands);
        for (long i = 1; i <= segments; ++i)
            splatSegment(pens[static_cast<std::size_t>(i) - 1], pens[static_cast<std::size_t>(i)], kTrailRadius, width, rows,
                         kept.coverage, true);
    }
    kept.drawnUpTo = frame;
}

std::vector<std::uint32_t> referenceTrail(const std::vector<EpicycleTerm>& terms, const ReferenceDrawSettings& s, long frame,
                                          int width, int height, bool parallel) {
    KeptTrail fresh;
    extendTrail(terms, s, frame, width, height, parallel, fresh);
    return std::move(fresh.coverage);
}

void renderEpicyclesReference(const std::vector<EpicycleTerm>& terms, const ReferenceDrawSettings& s, long frame,
                              HostImage& image, bool parallel, KeptTrail* kept) {
    const int w = image.width, h = image.height;
    KeptTrail fresh;
    KeptTrail& trailState = kept ? *kept : fresh;
    extendTrail(terms, s, frame, w, h, parallel, trailState);
    const std::vector<std::uint32_t>& trail = trailState.coverage;
    std::vector<std::uint32_t> overlay(static_cast<std::size_t>(w) * h, 0);
    const int count = static_cast<int>(terms.size());
    std::vector<Vec2> centres;
    if (count > 1 && (s.showCircles || s.showArms)) {
        const float t = timeOfFrame(frame, s.periodFrames);
        centres.resize(static_cast<std::size_t>(count) + 1);
        Vec2 running{0.f, 0.f};
        centres[0] = toFrame(s.mapping, running);
        for (int j = 0; j < count; ++j) {
            Vec2 v = termAt(terms[j], t);
            running.x += v.x, running.y += v.y;
            centres[j + 1] = toFrame(s.mapping, running);
        }
    }
    const int bands = bandCount(h, parallel);
#pragma omp parallel for schedule(dynamic, 1) if (parallel)
    for (int b = 0; b < bands; ++b) {
        const Rows rows = band(h, b, bands);
        for (int j = 1; j < static_cast<int>(centres.size()) - 1; ++j) {
            if (s.showCircles) {
                const Vec2 c = centres[j];
                const float r = std::sqrt(terms[j].re * terms[j].re + terms[j].im * terms[j].im) * s.mapping.scale;
                if (r >= .5f && r <= 1e5f && rows.mayTouch(c.y - r, c.y + r, kLineRadius + 1.f)) {
                    const int samples = static_cast<int>(6.2831853f * r * 2.f) + 1;
                    for (int k = 0; k < samples; ++k) {
                        float a = 6.2831853f * k / samples;
                        splatAround(Vec2{c.x + r * std::cos(a), c.y + r * std::sin(a)}, kLineRadius, w, rows, overlay,
                                    [&](Vec2 p) { return ringDistance(p, c, r); });
                    }
                }
            }
            if (s.showArms) splatSegment(centres[j], centres[j + 1], kLineRadius, w, rows, overlay, false);
        }
        if (s.source)
            for (Vec2 point : *s.source) {
                const Vec2 q = toFrame(s.mapping, point);
                splatAround(q, kLineRadius, w, rows, overlay, [&](Vec2 p) { return segmentDistance(p, q, q); });
            }
    }
#pragma omp parallel for schedule(static) if (parallel)
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            const std::size_t i = static_cast<std::size_t>(y) * w + x;
            composePixel(trail[i], overlay[i], image.at(x, y));
        }
}

}  // namespace racelab::fourier
