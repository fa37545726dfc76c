// The verdict on one scene: a kernel's frame ("got") against the CPU reference ("expected") under the scene's
// CheckRule (CS149's rule for circles: a pixel is wrong when an RGB channel differs by more than the tolerance,
// alpha ignored; the scene passes with at most maxDifferingPixels wrong pixels). Says how many pixels are
// wrong, shows the first few with both values, and draws where they are.
//
// Coordinates are given as a user reads the PNG that racelab writes: x to the right, y down from the top row
// (the top-left pixel is (0, 0)), although HostImage keeps row 0 at the bottom. The first wrong pixels are the
// first in that reading order: top row first, each row left to right.
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/host_image.hpp"
#include "judge/check_rule.hpp"

namespace racelab::judge {

inline constexpr int kDefaultFirstWrongPixels = 5;

struct WrongPixel {
    int x = 0, y = 0;                      // x right, y down from the top row (PNG coordinates)
    std::array<std::uint8_t, 4> expected{}, got{};  // RGBA
    int rgbDifference = 0;                 // the largest RGB channel difference, 0..255
    bool operator==(const WrongPixel&) const = default;
};

struct SceneCheckReport {
    int width = 0, height = 0;
    CheckRule rule{0.f, 0, {}};
    bool pass = false;
    long wrongPixels = 0;          // pixels beyond the tolerance (those the ignore mask marks excluded)
    long ignoredWrongPixels = 0;   // wrong pixels the ignore mask marks, counted apart
    long totalPixels = 0;
    int maxRgbDifference = 0;      // 0..255, over the pixels not ignored
    std::vector<WrongPixel> firstWrong;  // at most the number asked for, in reading order (top row first)
    // Where the wrong pixels are: pure red (255, 0, 0) on a copy of `expected` dimmed to a third; row 0 at the
    // bottom like every HostImage (writePng / encodePng turn it the right way up).
    HostImage diff;
};

// Compares `got` with `expected` (same size, else a UsageError naming both sizes). `ignore` (optional, one
// byte per pixel, row 0 at the bottom): pixels whose reference value may legitimately differ
// (Scene::referenceAmbiguity), counted apart and never listed.
SceneCheckReport checkScene(const HostImage& expected, const HostImage& got, const CheckRule& rule,
                            int firstCount = kDefaultFirstWrongPixels,
                            const std::vector<std::uint8_t>* ignore = nullptr);

// The report for a terminal: a PASS/FAIL line with the counts, the rule, then one line per listed wrong
// pixel ("(x, y): expected rgba(...) got rgba(...)"), stating the coordinate convention. Ends with a newline.
std::string formatSceneCheck(const SceneCheckReport& report, std::string_view sceneName);

// The diff image shrunk to at most `maxSide` pixels a side, every block holding a wrong pixel red.
HostImage diffThumbnail(const SceneCheckReport& report, int maxSide);

}  // namespace racelab::judge
