// Contours of an image as point lists (pixel units, y down as in the image), the brush strokes a user
// paints to exclude points, and the distances the preprocessing compares -- compiled by nvcc
// (kernels/fourier/contour_*.cu) and the host compiler, so GPU and CPU round every one the same way.
#pragma once
#include <vector>

#include "core/device_math.hpp"  // RACELAB_HD, Vec2, squaredDistance without fused multiply-adds

namespace racelab::fourier {

// A contour point: the project's float 2-vector (GLM), x right and y down in image pixels.
using Point = Vec2;

using Contour = std::vector<Point>;

struct BrushStroke {
    float x, y, radius;  // pixels
};

struct Box {
    float x0, y0, x1, y1;
};

RACELAB_HD float squaredDistance(Point a, Point b) { return racelab::squaredDistance(a.x - b.x, a.y - b.y); }

// A lower bound of the squared distance between any point in a and any point in b (exact in floats:
// rounding is monotone), so a pair of boxes at least `limit` apart holds no pair of points nearer.
RACELAB_HD float boxDistanceSquared(const Box& a, const Box& b) {
    const float dx = fmaxf(0.f, fmaxf(a.x0 - b.x1, b.x0 - a.x1)), dy = fmaxf(0.f, fmaxf(a.y0 - b.y1, b.y0 - a.y1));
    return racelab::squaredDistance(dx, dy);
}

}  // namespace racelab::fourier
