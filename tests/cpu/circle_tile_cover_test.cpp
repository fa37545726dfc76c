// The tile tests the circle renderer's binning and its per-coarse-tile lists rely on (kernels/circles/
// tile_cover.cuh), held on the CPU to what they promise: no tile that holds a pixel a circle covers (the CS149
// reference's own coverage rule, pixel by pixel) is ever left out; a coarse tile passes whenever one of its
// render tiles does, so a render tile that keeps its coarse list's circles by the fine test keeps every circle it
// needs; and the binning's walk over a circle's tiles visits exactly the tiles the per-tile test accepts, so
// binned lists and lists made by testing every circle (coarse_lists.cu) hold the same circles.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "circles/tile_cover.cuh"

using namespace racelab::circles;

namespace {

struct Circle {
    float x, y, r;
};

// Circles of every size the scenes use (micro2M's .001 to rgb's .3), on and off the screen's edges.
std::vector<Circle> randomCircles(unsigned seed, int count) {
    std::mt19937 random(seed);
    std::uniform_real_distribution<float> position(-.15f, 1.15f), exponent(-3.f, -.5f);
    std::vector<Circle> circles;
    for (int i = 0; i < count; ++i) circles.push_back({position(random), position(random), std::pow(10.f, exponent(random))});
    return circles;
}

// Tiles of `side` pixels (as tile ids of that grid) that hold a pixel the circle covers, by the reference's rule.
template <int kSide>
std::set<int> tilesWithCoveredPixels(const TileGrid& grid, const Circle& c) {
    const TileGrid tiles = gridOfSide<kSide>(grid);
    std::set<int> found;
    int x0, x1, y0, y1;
    pixelBounds(c.x, c.r, grid.width, x0, x1);
    pixelBounds(c.y, c.r, grid.height, y0, y1);
    for (int y = y0; y < y1; ++y)
        for (int x = x0; x < x1; ++x) {
            const float dx = c.x - pixelCentre(x, grid.invWidth), dy = c.y - pixelCentre(y, grid.invHeight);
            if (racelab::squaredDistance(dx, dy) <= c.r * c.r) found.insert((y / kSide) * tiles.tilesX + x / kSide);
        }
    return found;
}

template <int kSide>
std::set<int> tilesAccepted(const TileGrid& grid, const Circle& c) {
    const TileGrid tiles = gridOfSide<kSide>(grid);
    std::set<int> accepted;
    for (int ty = 0; ty < tiles.tilesY; ++ty)
        for (int tx = 0; tx < tiles.tilesX; ++tx)
            if (circleCoversTile<kSide>(tiles, c.x, c.y, c.r, tx, ty)) accepted.insert(ty * tiles.tilesX + tx);
    return accepted;
}

template <int kSide>
std::set<int> tilesVisited(const TileGrid& grid, const Circle& c, int lanes) {
    const TileGrid tiles = gridOfSide<kSide>(grid);
    std::set<int> visited;
    for (int lane = 0; lane < lanes; ++lane)
        forEachCoveredTile<kSide>(tiles, c.x, c.y, c.r, lane, lanes, nullptr, [&](int tile) {
            EXPECT_TRUE(visited.insert(tile).second) << "tile " << tile << " visited twice";
        });
    return visited;
}

const TileGrid kGrids[] = {tileGridOf(1024, 1024), tileGridOf(1000, 600), tileGridOf(37, 53)};

}  // namespace

TEST(CircleTileCover, NoTileHoldingACoveredPixelIsLeftOutFineOrCoarse) {
    for (const TileGrid& grid : kGrids) {
        SCOPED_TRACE(std::to_string(grid.width) + "x" + std::to_string(grid.height));
        int covering = 0;
        for (const Circle& c : randomCircles(7, 300)) {
            const std::set<int> fine = tilesAccepted<kTileSize>(grid, c), coarse = tilesAccepted<kCoarseTileSize>(grid, c);
            for (int tile : tilesWithCoveredPixels<kTileSize>(grid, c)) EXPECT_TRUE(fine.count(tile)) << "render tile " << tile;
            for (int tile : tilesWithCoveredPixels<kCoarseTileSize>(grid, c)) EXPECT_TRUE(coarse.count(tile)) << "coarse tile " << tile;
            covering += !tilesWithCoveredPixels<kTileSize>(grid, c).empty();
        }
        EXPECT_GT(covering, 100) << "most of the random circles must reach the screen, or the test tests little";
    }
}

TEST(CircleTileCover, ACoarseTilePassesWheneverOneOfItsRenderTilesDoes) {
    for (const TileGrid& grid : kGrids) {
        SCOPED_TRACE(std::to_string(grid.width) + "x" + std::to_string(grid.height));
        const TileGrid coarse = gridOfSide<kCoarseTileSize>(grid);
        for (const Circle& c : randomCircles(11, 300))
            for (int tile : tilesAccepted<kTileSize>(grid, c)) {
                const int tx = tile % grid.tilesX, ty = tile / grid.tilesX;
                EXPECT_TRUE(circleCoversTile<kCoarseTileSize>(coarse, c.x, c.y, c.r, tx >> kCoarseShift, ty >> kCoarseShift))
                    << "render tile " << tx << "," << ty << " of circle " << c.x << "," << c.y << " r " << c.r;
            }
    }
}

TEST(CircleTileCover, TheBinningWalkVisitsExactlyTheTilesThePerTileTestAccepts) {
    for (const TileGrid& grid : kGrids) {
        SCOPED_TRACE(std::to_string(grid.width) + "x" + std::to_string(grid.height));
        for (const Circle& c : randomCircles(13, 200))
            for (int lanes : {1, 4, 32}) {
                EXPECT_EQ(tilesVisited<kTileSize>(grid, c, lanes), tilesAccepted<kTileSize>(grid, c)) << lanes << " lanes";
                EXPECT_EQ(tilesVisited<kCoarseTileSize>(grid, c, lanes), tilesAccepted<kCoarseTileSize>(grid, c))
                    << lanes << " lanes, coarse";
            }
    }
}
