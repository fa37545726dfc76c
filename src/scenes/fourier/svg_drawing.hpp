// SVG drawings for the Fourier scene (fourier/text's assets/fourier/racelab.svg, --image drawing.svg, a
// file dropped on the window): the outlines are sampled straight from the geometry, one contour per
// subpath, instead of rasterizing the file and finding its edges again -- exact, no new library, and the
// parser is ours to test and fuzz.
//
// Read: <path>, <polyline>, <polygon>, <line>, <rect> (square corners), <circle>, <ellipse>, with the
// transform attribute on them and on enclosing groups; the root's viewBox (or width/height) sets the
// canvas. Skipped: what is not drawn (<defs>, <clipPath>, <mask>, <symbol>, <marker>, <pattern>,
// display="none"), <text> and <use>, styles and fills (only geometry matters), a nested <svg>'s own viewport.
#pragma once
#include <string>
#include <vector>

#include "scenes/fourier/contour.hpp"
#include "scenes/fourier/svg_path_data.hpp"

namespace racelab::fourier {

inline constexpr std::size_t kMaxSvgFileBytes = std::size_t(16) << 20;
inline constexpr std::size_t kMaxSvgPoints = 2'000'000;  // sampled contour points, about 2,000 px of outline a contour for 1,000
inline constexpr int kSvgCanvasSide = 1024;                // the drawing's longer side, in pixels, when sampled

struct SvgDrawing {
    double viewX = 0, viewY = 0, viewWidth = 0, viewHeight = 0;  // the viewBox, in user units
    std::vector<SvgSubpath> subpaths;                            // transforms applied: viewBox units
};

// A drawing sampled about every pixel on a canvas whose longer side is `longSide` pixels (y down).
struct SampledDrawing {
    int width = 0, height = 0;
    std::vector<Contour> contours;
};

// True when the bytes start like an SVG document (optional BOM, white space, <?xml, comments, then <svg).
bool looksLikeSvg(const std::string& text);
bool isSvgFile(const std::string& path);

// Throws UsageError naming `name` (the file) and what is wrong: not SVG, a tag or quote left open, a
// mismatched end tag, a bad transform or path, a viewBox that is not positive and finite, nothing drawn.
SvgDrawing parseSvg(const std::string& text, const std::string& name);
SvgDrawing loadSvg(const std::string& path);  // also refuses files over kMaxSvgFileBytes

// Throws UsageError when the outline would take more than kMaxSvgPoints points. Points outside the
// viewBox are left out (they are not visible in the drawing either).
SampledDrawing sampleSvg(const SvgDrawing& drawing, int longSide = kSvgCanvasSide);

}  // namespace racelab::fourier
