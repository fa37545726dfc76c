#include <cmath>
#include <cstdlib>
#include <string>

#include "core/errors.hpp"
#include "entries.hpp"
#include "scenes/fourier/svg_drawing.hpp"

namespace racelab::fuzz {

int svg(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    try {
        const fourier::SvgDrawing drawing = fourier::parseSvg(text, "fuzz.svg");
        if (drawing.subpaths.empty() || !(drawing.viewWidth > 0) || !(drawing.viewHeight > 0)) std::abort();
        const fourier::SampledDrawing sampled = fourier::sampleSvg(drawing, 128);  // a small canvas keeps runs quick
        for (const auto& contour : sampled.contours)
            for (fourier::Point p : contour)
                if (!(p.x >= 0 && p.y >= 0 && p.x < sampled.width && p.y < sampled.height)) std::abort();
    } catch (const Error&) {
        // malformed, nothing drawn, or too many points: refused with a message
    }
    return 0;
}

}  // namespace racelab::fuzz
