#include <cstdlib>

#include "core/errors.hpp"
#include "entries.hpp"
#include "fuzz_file.hpp"
#include "scenes/fourier/contour_extraction.hpp"
#include "scenes/fourier/contour_preprocess.hpp"
#include "scenes/fourier/fourier_series.hpp"

namespace racelab::fuzz {

int image(const std::uint8_t* data, std::size_t size) {
    const std::string path = writeInputFile(data, size, ".png");  // stb_image goes by content, not extension
    try {
        const fourier::GrayImage picture = fourier::loadGrayImage(path);
        if (picture.width <= 0 || picture.height <= 0 ||
            picture.pixels.size() != static_cast<std::size_t>(picture.width) * picture.height)
            std::abort();
        if (static_cast<long>(picture.width) * picture.height > 256 * 256) return 0;  // keep each run quick
        const auto contours = fourier::extractContours(picture, fourier::EdgeSettings{});
        for (const auto& contour : contours)
            for (fourier::Point p : contour)
                if (p.x < 0 || p.y < 0 || p.x >= picture.width || p.y >= picture.height) std::abort();
        const auto path = fourier::flatten(fourier::preprocess(contours, {}, fourier::PreprocessSettings{}));
        if (!path.empty()) fourier::largestTerms(fourier::dft(fourier::resampleClosed(path, 64)), 16);
    } catch (const Error&) {
        // unreadable, not an image, too large, or no edges: refused with a message
    }
    return 0;
}

}  // namespace racelab::fuzz
