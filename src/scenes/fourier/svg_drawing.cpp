// Reading an SVG file into a drawing (svg_drawing.hpp): recognising one, walking its elements with their
// transforms and visibility, and the canvas its viewBox (or size, or own bounds) sets. The XML is read by
// svg_markup, the shapes and transforms by svg_geometry; sampling the outlines is svg_sampling.cpp.
#include "scenes/fourier/svg_drawing.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/errors.hpp"
#include "scenes/fourier/svg_geometry.hpp"
#include "scenes/fourier/svg_markup.hpp"

namespace racelab::fourier {
namespace {

constexpr int kMaxDepth = 256;  // nested elements; deeper is no drawing but an attack on the stack

}  // namespace

bool looksLikeSvg(const std::string& text) {
    std::size_t i = text.compare(0, 3, "\xEF\xBB\xBF") == 0 ? 3 : 0;  // UTF-8 byte order mark
    while (i < text.size()) {
        while (i < text.size() && std::strchr(" \t\r\n", text[i]) && text[i] != '\0') ++i;
        if (text.compare(i, 4, "<svg") == 0) return true;
        const char* close = text.compare(i, 4, "<!--") == 0 ? "-->" : text.compare(i, 2, "<?") == 0 ? "?>"
                            : text.compare(i, 2, "<!") == 0 ? ">" : nullptr;
        if (!close) return false;
        std::size_t end = text.find(close, i);
        if (*close == '>' && text.find('[', i) < end) {  // a DOCTYPE's internal subset has '>'s of its own
            end = text.find("]>", i);
            if (end != std::string::npos) ++end;
        }
        if (end == std::string::npos) return false;
        i = end + std::strlen(close);
    }
    return false;
}

bool isSvgFile(const std::string& path) {
    std::ifstream file(path, std::ios::binary);
    std::string head(65536, '\0');  // room for a long comment or DOCTYPE before <svg
    file.read(head.data(), static_cast<std::streamsize>(head.size()));
    head.resize(static_cast<std::size_t>(file.gcount()));
    return looksLikeSvg(head);
}

SvgDrawing parseSvg(const std::string& text, const std::string& name) {
    using namespace svg;
    const std::string where = "SVG '" + name + "'";
    TagReader reader(text, name);
    SvgDrawing out;
    struct Open {
        std::string name;
        Affine transform;
        bool hidden;
    };
    std::vector<Open> open;
    bool root = false, sizeGiven = false;
    std::size_t pieces = 0;
    Tag tag;
    while (reader.next(tag)) {
        if (tag.closing) {
            if (open.empty() || open.back().name != tag.name)
                reader.fail("</" + tag.name + "> closes " + (open.empty() ? std::string("nothing") : "<" + open.back().name + ">"));
            open.pop_back();
            continue;
        }
        if (!root) {
            if (tag.name != "svg") reader.fail("not an SVG file (the first element is <" + tag.name + ">, not <svg>)");
            root = true;
            if (const std::string box = attribute(tag, "viewBox"); !box.empty()) {
                const std::vector<double> v = numbersIn(box, where + ": viewBox");
                if (v.size() != 4 || !(v[2] > 0) || !(v[3] > 0))
                    throw UsageError(where + ": viewBox \"" + box + "\" is not 'x y width height' with a positive width and height");
                out.viewX = v[0], out.viewY = v[1], out.viewWidth = v[2], out.viewHeight = v[3];
                sizeGiven = true;
            } else if (!attribute(tag, "width").empty() && !attribute(tag, "height").empty()) {
                out.viewWidth = numberAttribute(tag, "width", where), out.viewHeight = numberAttribute(tag, "height", where);
                if (!(out.viewWidth > 0) || !(out.viewHeight > 0)) throw UsageError(where + ": width and height must be positive");
                sizeGiven = true;
            }
        } else if (open.empty()) {
            reader.fail("<" + tag.name + "> after the end of <svg>");
        }
        const Affine parent = open.empty() ? Affine{} : open.back().transform;
        const bool parentHidden = !open.empty() && open.back().hidden;
        const std::string transform = attribute(tag, "transform");
        // (the root's own transform, an SVG 2 addition, is ignored)
        const Affine here = transform.empty() || open.empty() ? parent : parent.then(parseTransform(transform, where));
        const bool isHidden = parentHidden || hidden(tag);
        if (!isHidden)
            for (SvgSubpath& subpath : shapeOf(tag, where, kMaxSvgPoints - pieces)) {
                for (Cubic& c : subpath.pieces) c = {here(c.p0), here(c.p1), here(c.p2), here(c.p3)};
                pieces += subpath.pieces.size();
                out.subpaths.push_back(std::move(subpath));
            }
        if (pieces > kMaxSvgPoints)  // every piece becomes at least one point: refused now, not after sampling
            throw UsageError(where + ": more than " + std::to_string(kMaxSvgPoints) + " path segments; simplify the drawing");
        if (!tag.selfClosing) {
            if (open.size() >= static_cast<std::size_t>(kMaxDepth))
                reader.fail("elements nested deeper than " + std::to_string(kMaxDepth));
            open.push_back({tag.name, here, isHidden});
        }
    }
    if (!root) throw UsageError(where + ": not an SVG file (no <svg> element)");
    if (!open.empty()) throw UsageError(where + ": the file ends inside <" + open.back().name + "> (truncated?)");
    if (out.subpaths.empty())
        throw UsageError(where + ": draws nothing racelab can sample (no path, polyline, polygon, line, rect, circle or ellipse)");
    if (!sizeGiven) {  // no viewBox and no size: the drawing's own bounds, with a margin
        double x0 = INFINITY, y0 = INFINITY, x1 = -INFINITY, y1 = -INFINITY;
        for (const SvgSubpath& s : out.subpaths)
            for (const Cubic& c : s.pieces)
                for (Vec2d p : {c.p0, c.p1, c.p2, c.p3})
                    x0 = std::min(x0, p.x), y0 = std::min(y0, p.y), x1 = std::max(x1, p.x), y1 = std::max(y1, p.y);
        const double margin = std::max({x1 - x0, y1 - y0, 1e-6}) * .05;
        out.viewX = x0 - margin, out.viewY = y0 - margin;
        out.viewWidth = x1 - x0 + 2 * margin, out.viewHeight = y1 - y0 + 2 * margin;
        if (!std::isfinite(out.viewWidth) || !std::isfinite(out.viewHeight))
            throw UsageError(where + ": the drawing's coordinates are too large");
    }
    return out;
}

SvgDrawing loadSvg(const std::string& path) {
    std::error_code error;
    if (!std::filesystem::is_regular_file(path, error)) throw UsageError("SVG '" + path + "': no such file");
    const auto size = std::filesystem::file_size(path, error);
    if (error) throw UsageError("SVG '" + path + "' cannot be read: " + error.message());
    if (size > kMaxSvgFileBytes)
        throw UsageError("SVG '" + path + "' is " + std::to_string(size >> 20) + " MiB; racelab reads drawings of up to " +
                         std::to_string(kMaxSvgFileBytes >> 20) + " MiB");
    std::ifstream file(path, std::ios::binary);
    if (!file) throw UsageError("SVG '" + path + "' cannot be opened");
    std::ostringstream text;
    text << file.rdbuf();
    return parseSvg(text.str(), path);
}

}  // namespace racelab::fourier
