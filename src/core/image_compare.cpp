#include "core/image_compare.hpp"

#include <algorithm>
#include <cstdlib>

#include "core/errors.hpp"

namespace racelab {

int rgbDifference(const std::uint8_t* a, const std::uint8_t* b) {
    int worst = 0;
    for (int c = 0; c < 3; ++c) worst = std::max(worst, std::abs(int(a[c]) - int(b[c])));
    return worst;
}

ImageComparison compareImages(const HostImage& actual, const HostImage& expected, float tolerance, HostImage* diff,
                              const std::vector<std::uint8_t>* ignore) {
    RACELAB_REQUIRE(actual.width == expected.width && actual.height == expected.height, "image sizes differ");
    ImageComparison result;
    result.totalPixels = static_cast<long>(actual.width) * actual.height;
    if (diff) *diff = HostImage(actual.width, actual.height);
    for (int y = 0; y < actual.height; ++y)
        for (int x = 0; x < actual.width; ++x) {
            const std::uint8_t* a = actual.at(x, y);
            const std::uint8_t* e = expected.at(x, y);
            const int worst = rgbDifference(a, e);
            if (!ignore || !(*ignore)[static_cast<std::size_t>(y) * actual.width + x])
                result.maxChannelDifference = std::max(result.maxChannelDifference, worst);
            bool differs = exceedsTolerance(worst, tolerance);
            if (differs && ignore && (*ignore)[static_cast<std::size_t>(y) * actual.width + x]) {
                ++result.differingIgnored;
                differs = false;
            }
            if (differs) ++result.differingPixels;
            if (diff) {
                std::uint8_t* d = diff->at(x, y);
                if (differs) d[0] = 255, d[1] = 0, d[2] = 0;
                else d[0] = e[0] / 3, d[1] = e[1] / 3, d[2] = e[2] / 3;
                d[3] = 255;
            }
        }
    return result;
}

}  // namespace racelab
