// Parses and validates user-given sizes such as "1280x720".
#pragma once
#include <string>
#include <utility>

namespace racelab {

struct Size2 {
    int width = 0;
    int height = 0;
};

inline constexpr int kMaxDimension = 16384;  // GL_MAX_TEXTURE_SIZE on current GPUs; beyond is surely a typo

// Throws UsageError naming the problem: not WxH, non-numeric, <= 0, or larger than kMaxDimension.
Size2 parseSize(const std::string& text);
// "512,300": a pixel, two whole numbers from 0 (check --pixel, view --inspect); a UsageError naming `option`
// otherwise. Whether it lies inside a frame is the caller's to say.
std::pair<int, int> parsePixel(const std::string& text, const std::string& option);
// "1280x720": the form parseSize reads.
inline std::string sizeText(Size2 size) { return std::to_string(size.width) + "x" + std::to_string(size.height); }

}  // namespace racelab
