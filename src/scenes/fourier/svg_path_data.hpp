// SVG path data (the d attribute of <path>) as subpaths of cubic Bezier pieces. Every command of SVG 1.1
// is read -- M L H V C S Q T A Z, absolute and relative, with implicit repeats: lines and quadratics are
// exactly cubics of their own, and an elliptical arc becomes cubics of at most a quarter turn each
// (within 0.03 % of the ellipse), following the endpoint-to-centre conversion of the SVG specification.
// Our own small parser: the drawing is sampled from the exact geometry instead of rasterized and traced.
#pragma once
#include <string>
#include <vector>

#include "core/device_math.hpp"  // Vec2d: GLM's double 2-vector, with its component-wise operators

namespace racelab::fourier {

struct Cubic {
    Vec2d p0{0.0}, p1{0.0}, p2{0.0}, p3{0.0};
};

struct SvgSubpath {
    std::vector<Cubic> pieces;
    bool closed = false;  // ended by Z (the closing line is one of the pieces)
};

Cubic lineAsCubic(Vec2d a, Vec2d b);

// Throws UsageError (naming `where`, the command and the offending text) for malformed data: a first
// command other than M, an unknown command letter, too few numbers, a number that is not finite; and
// when the data makes more than maxPieces cubics (checked as they are made, so memory stays bounded).
std::vector<SvgSubpath> parsePathData(const std::string& d, const std::string& where,
                                      std::size_t maxPieces = static_cast<std::size_t>(-1));

}  // namespace racelab::fourier
