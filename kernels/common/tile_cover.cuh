// Which screen tiles a circle can touch: its CS149 pixel bounding box in tile units, narrowed by an exact
// circle-versus-tile test (with a small margin, so float rounding can only add tiles, never drop one).
#pragma once
#include "scenes/circles/circle_formulas.hpp"

namespace racelab::circles {

struct TileGrid {
    int width, height, tileSize, tilesX, tilesY;
    float invWidth, invHeight;
};

template <typename Visit>
__device__ __forceinline__ void forEachCoveredTile(const TileGrid& grid, float px, float py, float r, Visit visit) {
    int x0, x1, y0, y1;
    pixelBounds(px, r, grid.width, x0, x1);
    pixelBounds(py, r, grid.height, y0, y1);
    if (x0 >= x1 || y0 >= y1) return;
    const float limit = r * r * 1.0001f + 1e-12f;
    for (int ty = y0 / grid.tileSize; ty <= (y1 - 1) / grid.tileSize; ++ty) {
        // nearest pixel-centre row of this tile to the circle centre
        float lo = pixelCentre(ty * grid.tileSize, grid.invHeight);
        float hi = pixelCentre(min((ty + 1) * grid.tileSize, grid.height) - 1, grid.invHeight);
        float dy = py < lo ? lo - py : (py > hi ? py - hi : 0.f);
        for (int tx = x0 / grid.tileSize; tx <= (x1 - 1) / grid.tileSize; ++tx) {
            float left = pixelCentre(tx * grid.tileSize, grid.invWidth);
            float right = pixelCentre(min((tx + 1) * grid.tileSize, grid.width) - 1, grid.invWidth);
            float dx = px < left ? left - px : (px > right ? px - right : 0.f);
            if (dx * dx + dy * dy <= limit) visit(ty * grid.tilesX + tx);
        }
    }
}

}  // namespace racelab::circles
