// Which screen tiles a circle can touch: its CS149 pixel bounding box in tile units, narrowed by an exact
// circle-versus-tile test (with a small margin, so float rounding can only add tiles, never drop one).
// A circle's tiles can be shared among `lanes` threads: lane l visits the box's tiles l, l + lanes, ...
// Tiles flagged in `skip` (when given: tiles already opaque) are passed over before the exact test, which
// is the costly part when a second binning pass finds nearly every tile done.
// Host-callable too (RACELAB_HD): the CPU test circle_tile_cover_test.cpp holds the tests to what they promise.
#pragma once
#include <cstdint>

#include "scenes/circles/circle_formulas.hpp"

namespace racelab::circles {

// Tiles are square and their side is a compile-time constant: the binning kernels divide by it for every
// circle, and a division by a runtime value costs a dozen instructions where a shift costs one.
inline constexpr int kTileSize = 16;
// Scenes of large circles are binned into coarse tiles of 4x4 render tiles (renderGood): a circle then
// makes about a sixteenth of the pairs, and each render tile tests its coarse tile's circles itself.
inline constexpr int kCoarseShift = 2;
inline constexpr int kCoarseTileSize = kTileSize << kCoarseShift;

struct TileGrid {
    int width, height, tilesX, tilesY;
    float invWidth, invHeight;
};

// A frame of width x height pixels cut into render tiles.
inline TileGrid tileGridOf(int width, int height) {
    TileGrid g;
    g.width = width;
    g.height = height;
    g.tilesX = (width + kTileSize - 1) / kTileSize;
    g.tilesY = (height + kTileSize - 1) / kTileSize;
    g.invWidth = 1.f / width;
    g.invHeight = 1.f / height;
    return g;
}

// The same frame cut into tiles of kSide pixels.
template <int kSide>
inline TileGrid gridOfSide(const TileGrid& grid) {
    TileGrid g = grid;
    g.tilesX = (grid.width + kSide - 1) / kSide;
    g.tilesY = (grid.height + kSide - 1) / kSide;
    return g;
}

// A tile's outermost pixel centres: the rectangle the exact test below measures a circle's centre against.
struct TileBounds {
    float left, right, top, bottom;
};

template <int kSide = kTileSize>
RACELAB_HD TileBounds tileBoundsOf(const TileGrid& grid, int tx, int ty) {
    TileBounds b;
    b.left = pixelCentre(tx * kSide, grid.invWidth);
    b.right = pixelCentre(((tx + 1) * kSide < grid.width ? (tx + 1) * kSide : grid.width) - 1, grid.invWidth);
    b.top = pixelCentre(ty * kSide, grid.invHeight);
    b.bottom = pixelCentre(((ty + 1) * kSide < grid.height ? (ty + 1) * kSide : grid.height) - 1, grid.invHeight);
    return b;
}

// How far v lies outside [lo, hi] (lo <= hi), 0 inside: at most one of the differences is positive.
RACELAB_HD float outsideBy(float v, float lo, float hi) { return fmaxf(fmaxf(lo - v, v - hi), 0.f); }

// The exact test: the tile's nearest pixel centre to the circle's centre, per axis, lies within the radius
// (`limit` is the radius squared with the margin). A coarse tile contains its render tiles' pixels, so it
// passes whenever one of them does: coarse binning never drops a circle a render tile needs. A caller testing
// many circles against one tile computes its bounds once (tileBoundsOf).
RACELAB_HD bool withinReach(const TileBounds& b, float px, float py, float limit) {
    const float dx = outsideBy(px, b.left, b.right), dy = outsideBy(py, b.top, b.bottom);
    return dx * dx + dy * dy <= limit;
}

template <int kSide = kTileSize>
RACELAB_HD bool tileWithinReach(const TileGrid& grid, float px, float py, float limit, int tx, int ty) {
    return withinReach(tileBoundsOf<kSide>(grid, tx, ty), px, py, limit);
}

RACELAB_HD float reachLimit(float r) { return r * r * 1.0001f + 1e-12f; }

// `grid` is cut into tiles of kSide pixels (gridOfSide<kSide>).
template <int kSide = kTileSize, typename Visit>
RACELAB_HD void forEachCoveredTile(const TileGrid& grid, float px, float py, float r, int lane,
                                                   int lanes, const std::uint8_t* skip, Visit visit) {
    int x0, x1, y0, y1;
    pixelBounds(px, r, grid.width, x0, x1);
    pixelBounds(py, r, grid.height, y0, y1);
    if (x0 >= x1 || y0 >= y1) return;
    const int tx0 = x0 / kSide, ty0 = y0 / kSide;
    const int tx1 = (x1 - 1) / kSide, ty1 = (y1 - 1) / kSide;
    const int boxWidth = tx1 - tx0 + 1;
    const float limit = reachLimit(r);
    // Lane l starts at the box's tile l and steps `lanes` tiles in row-major order: the row and column advance
    // incrementally instead of dividing by the box width.
    int tx = tx0 + lane, ty = ty0;
    while (tx > tx1) tx -= boxWidth, ++ty;
    for (; ty <= ty1; tx += lanes) {
        while (tx > tx1) tx -= boxWidth, ++ty;
        if (ty > ty1) break;
        if (skip && skip[ty * grid.tilesX + tx]) continue;
        if (tileWithinReach<kSide>(grid, px, py, limit, tx, ty)) visit(ty * grid.tilesX + tx);
    }
}

// Whether forEachCoveredTile<kSide> would visit tile (tx, ty) of this circle (without a skip list): the
// renderer's test when it walks every circle itself instead of a binned list (kSide = kTileSize), and the test
// that lists circles per coarse tile without binning (coarse_lists.cu, kSide = kCoarseTileSize).
// The distance test comes first: most circles tested miss the tile (rand10k: 97 % of the circles a coarse tile
// tests), and it needs no float-to-int conversion (the tile's own bounds are invariants of the caller's loop),
// where the bounding box needs four. Both must pass, so the order changes no answer.
template <int kSide = kTileSize>
RACELAB_HD bool circleCoversTile(const TileGrid& grid, float px, float py, float r, int tx, int ty) {
    if (!tileWithinReach<kSide>(grid, px, py, reachLimit(r), tx, ty)) return false;
    int x0, x1, y0, y1;
    pixelBounds(px, r, grid.width, x0, x1);
    pixelBounds(py, r, grid.height, y0, y1);
    if (x0 >= x1 || y0 >= y1) return false;
    return tx >= x0 / kSide && tx <= (x1 - 1) / kSide && ty >= y0 / kSide && ty <= (y1 - 1) / kSide;
}

}  // namespace racelab::circles
