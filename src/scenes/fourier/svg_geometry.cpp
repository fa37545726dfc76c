// The transforms and basic shapes of svg_geometry.hpp.
#include "scenes/fourier/svg_geometry.hpp"

#include <cmath>
#include <cstring>

#include "core/errors.hpp"

namespace racelab::fourier::svg {
namespace {

SvgSubpath polyline(const std::vector<Vec2d>& points, bool closed) {
    SvgSubpath out;
    for (std::size_t i = 1; i < points.size(); ++i) out.pieces.push_back(lineAsCubic(points[i - 1], points[i]));
    if (closed && points.size() > 1) out.pieces.push_back(lineAsCubic(points.back(), points.front()));
    out.closed = closed;
    return out;
}

SvgSubpath ellipse(double cx, double cy, double rx, double ry) {
    const double k = 4.0 / 3.0 * std::tan(kPi / 8);  // a quarter turn per cubic
    SvgSubpath out;
    out.closed = true;
    for (int q = 0; q < 4; ++q) {
        const double t0 = q * kPi / 2, t1 = (q + 1) * kPi / 2;
        const Vec2d a{std::cos(t0), std::sin(t0)}, b{std::cos(t1), std::sin(t1)};
        auto at = [&](double x, double y) { return Vec2d{cx + rx * x, cy + ry * y}; };
        out.pieces.push_back({at(a.x, a.y), at(a.x - k * a.y, a.y + k * a.x), at(b.x + k * b.y, b.y - k * b.x), at(b.x, b.y)});
    }
    return out;
}

}  // namespace

Affine parseTransform(const std::string& text, const std::string& where) {
    Affine out;
    std::size_t i = 0;
    while (true) {
        while (i < text.size() && std::strchr(" \t\r\n,", text[i])) ++i;
        if (i >= text.size()) return out;
        const std::size_t open = text.find('(', i), close = text.find(')', i);
        if (open == std::string::npos || close == std::string::npos || close < open)
            throw UsageError(where + ": transform \"" + text + "\" is not a list of name(numbers)");
        std::string name = text.substr(i, open - i);
        name.erase(name.find_last_not_of(" \t\r\n") + 1);
        const std::vector<double> v = numbersIn(text.substr(open + 1, close - open - 1), where + ": transform " + name);
        auto need = [&](std::size_t lo, std::size_t hi) {
            if (v.size() < lo || v.size() > hi)
                throw UsageError(where + ": transform " + name + "() takes " + std::to_string(lo) +
                                 (lo == hi ? "" : ".." + std::to_string(hi)) + " numbers, not " + std::to_string(v.size()));
        };
        Affine step;
        if (name == "matrix") {
            need(6, 6);
            step = {v[0], v[1], v[2], v[3], v[4], v[5]};
        } else if (name == "translate") {
            need(1, 2);
            step.e = v[0], step.f = v.size() > 1 ? v[1] : 0;
        } else if (name == "scale") {
            need(1, 2);
            step.a = v[0], step.d = v.size() > 1 ? v[1] : v[0];
        } else if (name == "rotate") {
            need(1, 3);
            if (v.size() == 2) need(1, 1);  // rotate(a) or rotate(a cx cy)
            const double r = v[0] * kPi / 180, cx = v.size() > 1 ? v[1] : 0, cy = v.size() > 1 ? v[2] : 0;
            const Affine to{1, 0, 0, 1, cx, cy}, back{1, 0, 0, 1, -cx, -cy};
            step = to.then(Affine{std::cos(r), std::sin(r), -std::sin(r), std::cos(r), 0, 0}).then(back);
        } else if (name == "skewX") {
            need(1, 1);
            step.c = std::tan(v[0] * kPi / 180);
        } else if (name == "skewY") {
            need(1, 1);
            step.b = std::tan(v[0] * kPi / 180);
        } else {
            throw UsageError(where + ": unknown transform \"" + name + "\" (matrix, translate, scale, rotate, skewX, skewY)");
        }
        out = out.then(step);
        i = close + 1;
    }
}

bool hidden(const Tag& tag) {
    static const char* const notDrawn[] = {"defs", "clipPath", "mask", "symbol", "marker", "pattern", "title",
                                           "desc", "metadata", "style", "script", "text", "foreignObject"};
    for (const char* name : notDrawn)
        if (tag.name == name) return true;
    const std::string style = attribute(tag, "style");
    return attribute(tag, "display") == "none" || style.find("display:none") != std::string::npos ||
           style.find("display: none") != std::string::npos;
}

std::vector<SvgSubpath> shapeOf(const Tag& tag, const std::string& where, std::size_t pieceBudget) {
    const std::string element = where + ": <" + tag.name + ">";
    if (tag.name == "path") return parsePathData(attribute(tag, "d"), element, pieceBudget);
    if (tag.name == "polyline" || tag.name == "polygon") {
        const std::vector<double> v = numbersIn(attribute(tag, "points"), element + " points");
        if (v.size() % 2) throw UsageError(element + " points has an odd count of numbers");
        std::vector<Vec2d> points;
        for (std::size_t i = 0; i + 1 < v.size(); i += 2) points.push_back({v[i], v[i + 1]});
        return {polyline(points, tag.name == "polygon")};
    }
    if (tag.name == "line")
        return {polyline({{numberAttribute(tag, "x1", where), numberAttribute(tag, "y1", where)},
                          {numberAttribute(tag, "x2", where), numberAttribute(tag, "y2", where)}}, false)};
    if (tag.name == "rect") {
        const double x = numberAttribute(tag, "x", where), y = numberAttribute(tag, "y", where);
        const double w = numberAttribute(tag, "width", where), h = numberAttribute(tag, "height", where);
        if (w <= 0 || h <= 0) return {};  // not rendered, as in SVG
        return {polyline({{x, y}, {x + w, y}, {x + w, y + h}, {x, y + h}}, true)};
    }
    if (tag.name == "circle" || tag.name == "ellipse") {
        const double cx = numberAttribute(tag, "cx", where), cy = numberAttribute(tag, "cy", where);
        const double rx = numberAttribute(tag, tag.name == "circle" ? "r" : "rx", where);
        const double ry = tag.name == "circle" ? rx : numberAttribute(tag, "ry", where);
        if (rx <= 0 || ry <= 0) return {};
        return {ellipse(cx, cy, rx, ry)};
    }
    return {};
}

}  // namespace racelab::fourier::svg
