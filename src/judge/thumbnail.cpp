// Block-wise shrinking that keeps the most prominent pixel of each block (thumbnail.hpp says why).
#include "judge/thumbnail.hpp"

#include <algorithm>

#include "core/errors.hpp"

namespace racelab::judge {

HostImage shrinkKeepingProminent(const HostImage& image, int maxSide,
                                 const std::function<int(int x, int y)>& prominence) {
    RACELAB_REQUIRE(maxSide >= 1, "a thumbnail needs maxSide >= 1");
    const int longer = std::max(image.width, image.height);
    const int factor = std::max(1, (longer + maxSide - 1) / maxSide);  // the smallest whole factor that fits
    HostImage out((image.width + factor - 1) / factor, (image.height + factor - 1) / factor);
    for (int by = 0; by < out.height; ++by)
        for (int bx = 0; bx < out.width; ++bx) {
            int bestX = bx * factor, bestY = by * factor, best = prominence(bestX, bestY);
            for (int y = by * factor; y < std::min(image.height, (by + 1) * factor); ++y)
                for (int x = bx * factor; x < std::min(image.width, (bx + 1) * factor); ++x) {
                    const int rating = prominence(x, y);
                    if (rating > best) best = rating, bestX = x, bestY = y;
                }
            std::copy_n(image.at(bestX, bestY), 4, out.at(bx, by));
        }
    return out;
}

}  // namespace racelab::judge
