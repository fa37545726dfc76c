// What an SVG element draws and where: the transform attribute as an affine map, whether an element is
// drawn at all, and the basic shapes (<path>, <polyline>, <polygon>, <line>, <rect>, <circle>, <ellipse>)
// as subpaths of cubics in the element's own user units. Private to the SVG reading (svg_drawing.cpp).
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "scenes/fourier/svg_markup.hpp"
#include "scenes/fourier/svg_path_data.hpp"

namespace racelab::fourier::svg {

inline constexpr double kPi = 3.14159265358979323846;

// x' = a x + c y + e, y' = b x + d y + f: SVG's matrix(a b c d e f).
struct Affine {
    double a = 1, b = 0, c = 0, d = 1, e = 0, f = 0;
    Vec2d operator()(Vec2d p) const { return {a * p.x + c * p.y + e, b * p.x + d * p.y + f}; }
    Affine then(const Affine& inner) const {  // this * inner: inner applied first
        return {a * inner.a + c * inner.b, b * inner.a + d * inner.b, a * inner.c + c * inner.d,
                b * inner.c + d * inner.d, a * inner.e + c * inner.f + e, b * inner.e + d * inner.f + f};
    }
};

// A transform attribute: matrix, translate, scale, rotate, skewX, skewY, applied left to right; UsageError
// (naming `where`) for anything else or a wrong count of numbers.
Affine parseTransform(const std::string& text, const std::string& where);

// Not drawn: <defs>, <clipPath>, <mask>, <symbol>, <marker>, <pattern>, metadata, <text>, display="none".
bool hidden(const Tag& tag);

// The shape a drawing element stands for, in its own user units (before its transform); none for others.
// At most pieceBudget cubics come from path data before it is refused.
std::vector<SvgSubpath> shapeOf(const Tag& tag, const std::string& where, std::size_t pieceBudget);

}  // namespace racelab::fourier::svg
