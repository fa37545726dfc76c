// A rectangle of a framebuffer, in pixels with y from the bottom (GL's convention).
#pragma once

namespace racelab {

struct PixelRect {
    int x = 0, y = 0, width = 0, height = 0;
};

}  // namespace racelab
