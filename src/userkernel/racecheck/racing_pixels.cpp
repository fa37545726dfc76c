#include "userkernel/racecheck/racing_pixels.hpp"

#include <algorithm>

namespace racelab::userkernel {

RacingPixels racingPixels(const AccessReport& report, const FindingContext& context) {
    RacingPixels out;
    const long long pixels = static_cast<long long>(context.width) * context.height;
    for (const RacingWords& words : report.racingWords) {
        const auto output = static_cast<std::size_t>(words.output);
        if (output >= context.outputs.size()) continue;
        const auto& [name, bytes] = context.outputs[output];
        // Output 0 holds the picture when the frame's size divides it into whole pixels.
        const bool image = output == 0 && pixels > 0 && bytes >= static_cast<std::size_t>(pixels) && bytes % static_cast<std::size_t>(pixels) == 0;
        if (!image) {
            out.elsewhere += (out.elsewhere.empty() ? "" : ", ") + name;
            continue;
        }
        out.width = context.width, out.height = context.height;
        out.mask.assign(static_cast<std::size_t>(pixels), 0);
        out.truncated = words.truncated;
        const unsigned long long perPixel = bytes / static_cast<std::size_t>(pixels);
        for (const auto& [first, count] : words.runs) {
            // A word's four bytes may share a pixel with the word before (pixels of 1 or 2 bytes) or end one.
            const unsigned long long from = 4 * first / perPixel, to = (4 * (first + count) - 1) / perPixel;
            for (unsigned long long p = from; p <= to && p < static_cast<unsigned long long>(pixels); ++p) out.mask[p] = 1;
        }
        out.count = std::count(out.mask.begin(), out.mask.end(), std::uint8_t{1});
    }
    return out;
}

}  // namespace racelab::userkernel
