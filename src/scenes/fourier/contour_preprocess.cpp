#include "scenes/fourier/contour_preprocess.hpp"

#include <algorithm>
#include <limits>
#include <numeric>

namespace racelab::fourier {
namespace {

// Closest pair of points between two contours: (index in a, index in b, squared distance).
struct ClosestPair {
    std::size_t a, b;
    float distanceSquared;
};

ClosestPair closestPair(const Contour& a, const Contour& b) {
    ClosestPair best{0, 0, std::numeric_limits<float>::max()};
    for (std::size_t i = 0; i < a.size(); ++i)
        for (std::size_t j = 0; j < b.size(); ++j) {
            float d = squaredDistance(a[i], b[j]);
            if (d < best.distanceSquared) best = {i, j, d};
        }
    return best;
}

std::size_t nearestPoint(const Contour& c, Point p) {
    std::size_t best = 0;
    float bestDistance = std::numeric_limits<float>::max();
    for (std::size_t i = 0; i < c.size(); ++i) {
        float d = squaredDistance(c[i], p);
        if (d < bestDistance) bestDistance = d, best = i;
    }
    return best;
}

Contour rotated(const Contour& c, std::size_t start) {
    Contour out(c.begin() + static_cast<long>(start), c.end());
    out.insert(out.end(), c.begin(), c.begin() + static_cast<long>(start));
    return out;
}

}  // namespace

std::vector<Contour> removeBrushed(const std::vector<Contour>& contours, const std::vector<BrushStroke>& strokes) {
    std::vector<Contour> out;
    for (const Contour& c : contours) {
        Contour kept;
        for (Point p : c) {
            bool brushed = false;
            for (const BrushStroke& s : strokes)
                if (squaredDistance(p, {s.x, s.y}) <= s.radius * s.radius) brushed = true;
            if (!brushed) kept.push_back(p);
        }
        if (!kept.empty()) out.push_back(std::move(kept));
    }
    return out;
}

std::vector<Contour> dropSmall(const std::vector<Contour>& contours, int minSize) {
    std::vector<Contour> out;
    for (const Contour& c : contours)
        if (static_cast<int>(c.size()) >= minSize) out.push_back(c);
    return out;
}

std::vector<Contour> removeDuplicates(const std::vector<Contour>& contours, float distance) {
    std::vector<Contour> out;
    const float limit = distance * distance;
    for (const Contour& c : contours) {
        Contour kept;
        for (Point p : c)
            if (kept.empty() || squaredDistance(kept.back(), p) >= limit) kept.push_back(p);
        out.push_back(std::move(kept));
    }
    return out;
}

std::vector<Contour> mergeClose(const std::vector<Contour>& contours, float distance) {
    // Union-find over "closest points nearer than distance"; each group becomes one contour: members are
    // spliced in index order, each entered at its point closest to the contour built so far.
    const std::size_t n = contours.size();
    std::vector<std::size_t> parent(n);
    std::iota(parent.begin(), parent.end(), 0);
    auto find = [&](std::size_t x) {
        while (parent[x] != x) x = parent[x] = parent[parent[x]];
        return x;
    };
    const float limit = distance * distance;
    // bounding boxes first: most pairs are far apart and need no point-by-point search
    std::vector<Box> boxes;
    for (const Contour& c : contours) {
        Box b{c.empty() ? 0.f : c[0].x, c.empty() ? 0.f : c[0].y, c.empty() ? 0.f : c[0].x, c.empty() ? 0.f : c[0].y};
        for (Point p : c) b = {std::min(b.x0, p.x), std::min(b.y0, p.y), std::max(b.x1, p.x), std::max(b.y1, p.y)};
        boxes.push_back(b);
    }
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = i + 1; j < n; ++j)
            if (!contours[i].empty() && !contours[j].empty() && boxDistanceSquared(boxes[i], boxes[j]) < limit &&
                closestPair(contours[i], contours[j]).distanceSquared < limit)
                parent[find(j)] = find(i);
    std::vector<Contour> out;
    std::vector<long> slot(n, -1);
    for (std::size_t i = 0; i < n; ++i) {
        std::size_t root = find(i);
        if (slot[root] < 0) {
            slot[root] = static_cast<long>(out.size());
            out.push_back(contours[i]);
            continue;
        }
        Contour& target = out[static_cast<std::size_t>(slot[root])];
        ClosestPair pair = closestPair(target, contours[i]);
        Contour piece = rotated(contours[i], pair.b);
        piece.push_back(piece.front());  // come back to where the detour left, then go on
        target.insert(target.begin() + static_cast<long>(pair.a) + 1, piece.begin(), piece.end());
    }
    return out;
}

std::vector<Contour> orderGreedy(const std::vector<Contour>& contours) {
    std::vector<Contour> out;
    if (contours.empty()) return out;
    std::vector<bool> used(contours.size(), false);
    std::size_t first = 0;
    for (std::size_t i = 1; i < contours.size(); ++i)
        if (contours[i].size() > contours[first].size()) first = i;
    out.push_back(contours[first]);
    used[first] = true;
    for (std::size_t placed = 1; placed < contours.size(); ++placed) {
        const Point end = out.back().back();
        std::size_t best = 0, bestPoint = 0;
        float bestDistance = std::numeric_limits<float>::max();
        for (std::size_t i = 0; i < contours.size(); ++i) {
            if (used[i]) continue;
            std::size_t p = nearestPoint(contours[i], end);
            float d = squaredDistance(contours[i][p], end);
            if (d < bestDistance) bestDistance = d, best = i, bestPoint = p;
        }
        used[best] = true;
        out.push_back(rotated(contours[best], bestPoint));
    }
    return out;
}

std::vector<Contour> preprocess(const std::vector<Contour>& contours, const std::vector<BrushStroke>& strokes,
                                const PreprocessSettings& s) {
    return orderGreedy(mergeClose(removeDuplicates(dropSmall(removeBrushed(contours, strokes), s.minSize),
                                                   s.duplicateDistance),
                                  s.mergeDistance));
}

std::vector<std::complex<float>> flatten(const std::vector<Contour>& ordered) {
    std::vector<std::complex<float>> path;
    for (const Contour& c : ordered)
        for (Point p : c) path.emplace_back(p.x, p.y);
    return path;
}

}  // namespace racelab::fourier
