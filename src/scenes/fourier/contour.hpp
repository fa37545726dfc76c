// Contours of an image as point lists (pixel units, y down as in the image), and the brush strokes a
// user paints to exclude points.
#pragma once
#include <vector>

namespace racelab::fourier {

struct Point {
    float x, y;
};

using Contour = std::vector<Point>;

struct BrushStroke {
    float x, y, radius;  // pixels
};

inline float squaredDistance(Point a, Point b) {
    float dx = a.x - b.x, dy = a.y - b.y;
    return dx * dx + dy * dy;
}

}  // namespace racelab::fourier
