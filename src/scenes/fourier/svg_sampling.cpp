// Sampling a drawing's outlines (svg_drawing.hpp's sampleSvg): every cubic piece about once a pixel on the
// canvas, one contour per subpath, points outside the canvas left out.
#include <algorithm>
#include <cmath>
#include <string>

#include "core/errors.hpp"
#include "scenes/fourier/svg_drawing.hpp"

namespace racelab::fourier {

SampledDrawing sampleSvg(const SvgDrawing& drawing, int longSide) {
    SampledDrawing out;
    const double scale = longSide / std::max(drawing.viewWidth, drawing.viewHeight);
    out.width = std::max(1, static_cast<int>(std::lround(drawing.viewWidth * scale)));
    out.height = std::max(1, static_cast<int>(std::lround(drawing.viewHeight * scale)));
    auto pixel = [&](Vec2d p) { return Vec2d{(p.x - drawing.viewX) * scale, (p.y - drawing.viewY) * scale}; };
    auto length = [](Vec2d a, Vec2d b) { return std::hypot(b.x - a.x, b.y - a.y); };
    // Steps per piece: about one a pixel along the control polygon (never shorter than the curve). Counted
    // before anything is allocated, so a huge or degenerate drawing is refused, not attempted.
    std::vector<long> steps;
    double total = 0;
    for (const SvgSubpath& s : drawing.subpaths)
        for (const Cubic& c : s.pieces) {
            const double polygon = length(pixel(c.p0), pixel(c.p1)) + length(pixel(c.p1), pixel(c.p2)) + length(pixel(c.p2), pixel(c.p3));
            if (!std::isfinite(polygon)) throw UsageError("SVG drawing has coordinates too large to sample");
            total += std::max(1.0, std::ceil(polygon));
            if (total > static_cast<double>(kMaxSvgPoints))
                throw UsageError("SVG drawing's outline needs more than " + std::to_string(kMaxSvgPoints) +
                                 " points at one a pixel on a " + std::to_string(longSide) + "-pixel canvas; simplify the drawing");
            steps.push_back(static_cast<long>(std::max(1.0, std::ceil(polygon))));
        }
    std::size_t piece = 0;
    for (const SvgSubpath& s : drawing.subpaths) {
        Contour contour;
        auto add = [&](Vec2d p) {  // judged as the float it is kept as: 127.99999999 would round onto the edge
            const Point q{static_cast<float>(p.x), static_cast<float>(p.y)};
            if (q.x >= 0 && q.y >= 0 && q.x < static_cast<float>(out.width) && q.y < static_cast<float>(out.height))
                contour.push_back(q);
        };
        if (!s.pieces.empty()) add(pixel(s.pieces.front().p0));
        for (const Cubic& c : s.pieces) {
            const long n = steps[piece++];
            const Vec2d p0 = pixel(c.p0), p1 = pixel(c.p1), p2 = pixel(c.p2), p3 = pixel(c.p3);
            for (long i = 1; i <= n; ++i) {
                const double t = static_cast<double>(i) / n, u = 1 - t;
                add({u * u * u * p0.x + 3 * u * u * t * p1.x + 3 * u * t * t * p2.x + t * t * t * p3.x,
                     u * u * u * p0.y + 3 * u * u * t * p1.y + 3 * u * t * t * p2.y + t * t * t * p3.y});
            }
        }
        if (s.closed && contour.size() > 1 && contour.back().x == contour.front().x && contour.back().y == contour.front().y)
            contour.pop_back();  // the closing point is the first one
        if (contour.size() >= 2) out.contours.push_back(std::move(contour));
    }
    return out;
}

}  // namespace racelab::fourier
