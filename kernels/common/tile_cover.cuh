// Which screen tiles a circle can touch: its CS149 pixel bounding box in tile units, narrowed by an exact
// circle-versus-tile test (with a small margin, so float rounding can only add tiles, never drop one).
// A circle's tiles can be shared among `lanes` threads: lane l visits the box's tiles l, l + lanes, ...
#pragma once
#include "scenes/circles/circle_formulas.hpp"

namespace racelab::circles {

struct TileGrid {
    int width, height, tileSize, tilesX, tilesY;
    float invWidth, invHeight;
};

template <typename Visit>
__device__ __forceinline__ void forEachCoveredTile(const TileGrid& grid, float px, float py, float r, int lane,
                                                   int lanes, Visit visit) {
    int x0, x1, y0, y1;
    pixelBounds(px, r, grid.width, x0, x1);
    pixelBounds(py, r, grid.height, y0, y1);
    if (x0 >= x1 || y0 >= y1) return;
    const int tx0 = x0 / grid.tileSize, ty0 = y0 / grid.tileSize;
    const int boxWidth = (x1 - 1) / grid.tileSize - tx0 + 1;
    const int boxTiles = boxWidth * ((y1 - 1) / grid.tileSize - ty0 + 1);
    const float limit = r * r * 1.0001f + 1e-12f;
    for (int k = lane; k < boxTiles; k += lanes) {
        const int tx = tx0 + k % boxWidth, ty = ty0 + k / boxWidth;
        // nearest pixel centre of this tile to the circle centre, per axis
        float lo = pixelCentre(ty * grid.tileSize, grid.invHeight);
        float hi = pixelCentre(min((ty + 1) * grid.tileSize, grid.height) - 1, grid.invHeight);
        float dy = py < lo ? lo - py : (py > hi ? py - hi : 0.f);
        float left = pixelCentre(tx * grid.tileSize, grid.invWidth);
        float right = pixelCentre(min((tx + 1) * grid.tileSize, grid.width) - 1, grid.invWidth);
        float dx = px < left ? left - px : (px > right ? px - right : 0.f);
        if (dx * dx + dy * dy <= limit) visit(ty * grid.tilesX + tx);
    }
}

}  // namespace racelab::circles
