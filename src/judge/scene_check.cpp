// Scene check report: counts and the diff image from core/image_compare, the first wrong pixels in reading
// order, and its terminal text.
#include "core/size_parse.hpp"
#include "judge/scene_check.hpp"

#include <sstream>

#include "core/errors.hpp"
#include "core/image_compare.hpp"
#include "judge/text_escape.hpp"
#include "judge/thumbnail.hpp"

namespace racelab::judge {
namespace {

std::array<std::uint8_t, 4> rgbaAt(const HostImage& image, int x, int row) {
    const std::uint8_t* p = image.at(x, row);
    return {p[0], p[1], p[2], p[3]};
}

std::string rgbaText(const std::array<std::uint8_t, 4>& c) {
    return "rgba(" + std::to_string(c[0]) + ", " + std::to_string(c[1]) + ", " + std::to_string(c[2]) + ", " +
           std::to_string(c[3]) + ")";
}

std::string sizeText(const HostImage& image) { return racelab::sizeText(Size2{image.width, image.height}); }

bool isMarkedWrong(const std::uint8_t* diffPixel) { return diffPixel[0] == 255 && diffPixel[1] == 0 && diffPixel[2] == 0; }

}  // namespace

SceneCheckReport checkScene(const HostImage& expected, const HostImage& got, const CheckRule& rule, int firstCount,
                            const std::vector<std::uint8_t>* ignore) {
    if (expected.width != got.width || expected.height != got.height)
        throw UsageError("the kernel's frame is " + sizeText(got) + " but the reference is " + sizeText(expected));
    if (ignore && ignore->size() != static_cast<std::size_t>(expected.width) * expected.height)
        throw Error("the ignore mask does not have one byte per pixel");
    SceneCheckReport report;
    report.width = expected.width;
    report.height = expected.height;
    report.rule = rule;
    const ImageComparison counts = compareImages(got, expected, rule.channelTolerance, &report.diff, ignore);
    report.wrongPixels = counts.differingPixels;
    report.ignoredWrongPixels = counts.differingIgnored;
    report.totalPixels = counts.totalPixels;
    report.maxRgbDifference = counts.maxChannelDifference;
    report.pass = counts.differingPixels <= rule.maxDifferingPixels;
    // Reading order: the top row is the last HostImage row.
    for (int y = 0; y < expected.height && static_cast<int>(report.firstWrong.size()) < firstCount; ++y) {
        const int row = expected.height - 1 - y;
        for (int x = 0; x < expected.width && static_cast<int>(report.firstWrong.size()) < firstCount; ++x) {
            const int difference = rgbDifference(got.at(x, row), expected.at(x, row));
            const bool ignored = ignore && (*ignore)[static_cast<std::size_t>(row) * expected.width + x];
            if (ignored || !exceedsTolerance(difference, rule.channelTolerance)) continue;
            report.firstWrong.push_back({x, y, rgbaAt(expected, x, row), rgbaAt(got, x, row), difference});
        }
    }
    return report;
}

std::string formatSceneCheck(const SceneCheckReport& r, std::string_view sceneName) {
    std::ostringstream out;
    out << terminalSafe(sceneName) << " " << r.width << "x" << r.height << ": " << (r.pass ? "PASS" : "FAIL") << ", "
        << r.wrongPixels << " of " << r.totalPixels << " pixels wrong (at most " << r.rule.maxDifferingPixels
        << " allowed; largest channel difference " << r.maxRgbDifference << "/255)\n";
    out << "  rule: " << terminalSafe(r.rule.description) << "\n";
    if (r.ignoredWrongPixels > 0)
        out << "  counted apart: " << r.ignoredWrongPixels << " differing pixels whose reference value is ambiguous\n";
    if (!r.firstWrong.empty()) {
        out << "  first " << r.firstWrong.size() << " wrong pixels (x right, y down from the top-left corner as in "
            << "the PNG; top row first):\n";
        for (const WrongPixel& p : r.firstWrong)
            out << "    (" << p.x << ", " << p.y << "): expected " << rgbaText(p.expected) << " got " << rgbaText(p.got)
                << "\n";
    }
    return out.str();
}

HostImage diffThumbnail(const SceneCheckReport& report, int maxSide) {
    return shrinkKeepingProminent(report.diff, maxSide,
                                  [&](int x, int y) { return isMarkedWrong(report.diff.at(x, y)) ? 1 : 0; });
}

}  // namespace racelab::judge
