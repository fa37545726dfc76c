// Small copies of the diff and heat images for a grading page: an image shrunk so that a single wrong pixel of
// a 1024x1024 frame still shows. Each thumbnail pixel stands for a block of source pixels and takes the colour
// of the block's most prominent pixel (a plain average would wash one red pixel out of a block of 64).
#pragma once
#include <functional>

#include "core/host_image.hpp"

namespace racelab::judge {

// `image` shrunk by one whole factor so that its longer side is at most `maxSide` (never enlarged; maxSide
// >= 1). `prominence(x, y)` rates a source pixel (row 0 at the bottom); each block shows the pixel rated
// highest, the first of the block (bottom row first, then left to right) on a tie.
HostImage shrinkKeepingProminent(const HostImage& image, int maxSide,
                                 const std::function<int(int x, int y)>& prominence);

}  // namespace racelab::judge
