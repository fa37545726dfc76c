#include "scenes/fourier/svg_drawing.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "core/errors.hpp"

namespace racelab::fourier {
namespace {

constexpr double kPi = 3.14159265358979323846;
constexpr int kMaxDepth = 256;  // nested elements; deeper is no drawing but an attack on the stack

// x' = a x + c y + e, y' = b x + d y + f: SVG's matrix(a b c d e f).
struct Affine {
    double a = 1, b = 0, c = 0, d = 1, e = 0, f = 0;
    Vec2d operator()(Vec2d p) const { return {a * p.x + c * p.y + e, b * p.x + d * p.y + f}; }
    Affine then(const Affine& inner) const {  // this * inner: inner applied first
        return {a * inner.a + c * inner.b, b * inner.a + d * inner.b, a * inner.c + c * inner.d,
                b * inner.c + d * inner.d, a * inner.e + c * inner.f + e, b * inner.e + d * inner.f + f};
    }
};

// Numbers separated by white space and/or commas; UsageError for anything else.
std::vector<double> numbersIn(const std::string& text, const std::string& what) {
    std::vector<double> out;
    std::size_t i = 0;
    while (true) {
        while (i < text.size() && std::strchr(" \t\r\n,", text[i])) ++i;
        if (i >= text.size()) return out;
        if (text[i] == '+') ++i;
        double value = 0;
        const auto [end, error] = std::from_chars(text.data() + i, text.data() + text.size(), value);
        if (error != std::errc() || !std::isfinite(value))
            throw UsageError(what + " is not a list of finite numbers: \"" + text.substr(0, 60) + "\"");
        i = static_cast<std::size_t>(end - text.data());
        out.push_back(value);
    }
}

// A length such as "120", "120px" or "120.5pt" (the number is taken as user units); UsageError for
// percentages and text, which cannot set a canvas.
double lengthIn(const std::string& text, const std::string& what) {
    std::size_t i = text.find_first_not_of(" \t\r\n");
    double value = 0;
    if (i == std::string::npos) throw UsageError(what + " is empty");
    const auto [end, error] = std::from_chars(text.data() + i, text.data() + text.size(), value);
    if (error != std::errc() || !std::isfinite(value) || (end < text.data() + text.size() && *end == '%'))
        throw UsageError(what + " \"" + text + "\" is not a number or an absolute length");
    return value;
}

Affine parseTransform(const std::string& text, const std::string& where) {
    Affine out;
    std::size_t i = 0;
    while (true) {
        while (i < text.size() && std::strchr(" \t\r\n,", text[i])) ++i;
        if (i >= text.size()) return out;
        const std::size_t open = text.find('(', i), close = text.find(')', i);
        if (open == std::string::npos || close == std::string::npos || close < open)
            throw UsageError(where + ": transform \"" + text + "\" is not a list of name(numbers)");
        std::string name = text.substr(i, open - i);
        name.erase(name.find_last_not_of(" \t\r\n") + 1);
        const std::vector<double> v = numbersIn(text.substr(open + 1, close - open - 1), where + ": transform " + name);
        auto need = [&](std::size_t lo, std::size_t hi) {
            if (v.size() < lo || v.size() > hi)
                throw UsageError(where + ": transform " + name + "() takes " + std::to_string(lo) +
                                 (lo == hi ? "" : ".." + std::to_string(hi)) + " numbers, not " + std::to_string(v.size()));
        };
        Affine step;
        if (name == "matrix") {
            need(6, 6);
            step = {v[0], v[1], v[2], v[3], v[4], v[5]};
        } else if (name == "translate") {
            need(1, 2);
            step.e = v[0], step.f = v.size() > 1 ? v[1] : 0;
        } else if (name == "scale") {
            need(1, 2);
            step.a = v[0], step.d = v.size() > 1 ? v[1] : v[0];
        } else if (name == "rotate") {
            need(1, 3);
            if (v.size() == 2) need(1, 1);  // rotate(a) or rotate(a cx cy)
            const double r = v[0] * kPi / 180, cx = v.size() > 1 ? v[1] : 0, cy = v.size() > 1 ? v[2] : 0;
            const Affine to{1, 0, 0, 1, cx, cy}, back{1, 0, 0, 1, -cx, -cy};
            step = to.then(Affine{std::cos(r), std::sin(r), -std::sin(r), std::cos(r), 0, 0}).then(back);
        } else if (name == "skewX") {
            need(1, 1);
            step.c = std::tan(v[0] * kPi / 180);
        } else if (name == "skewY") {
            need(1, 1);
            step.b = std::tan(v[0] * kPi / 180);
        } else {
            throw UsageError(where + ": unknown transform \"" + name + "\" (matrix, translate, scale, rotate, skewX, skewY)");
        }
        out = out.then(step);
        i = close + 1;
    }
}

struct Tag {
    std::string name;
    std::map<std::string, std::string> attributes;
    bool selfClosing = false, closing = false;
};

// The XML the drawing needs: elements and their attributes. Comments, processing instructions, CDATA
// and the DOCTYPE are stepped over; text between tags is ignored.
class TagReader {
public:
    TagReader(const std::string& text, const std::string& name) : text_(text), name_(name) {}

    bool next(Tag& tag) {
        while (true) {
            const std::size_t lt = text_.find('<', at_);
            if (lt == std::string::npos) return false;
            at_ = lt;
            if (skip("<!--", "-->") || skip("<?", "?>") || skip("<![CDATA[", "]]>") || skipDoctype()) continue;
            tag = Tag{};
            tag.closing = text_.compare(at_, 2, "</") == 0;
            at_ += tag.closing ? 2 : 1;
            tag.name = word();
            if (tag.name.empty()) fail("a '<' that starts no tag");
            while (true) {
                spaces();
                if (at_ >= text_.size()) fail("tag <" + tag.name + "> is not closed");
                if (text_[at_] == '>') {
                    ++at_;
                    return true;
                }
                if (text_.compare(at_, 2, "/>") == 0) {
                    at_ += 2;
                    tag.selfClosing = true;
                    return true;
                }
                const std::string attribute = word();
                if (attribute.empty()) fail("tag <" + tag.name + "> has a stray '" + std::string(1, text_[at_]) + "'");
                spaces();
                if (at_ >= text_.size() || text_[at_] != '=') fail("attribute " + attribute + " of <" + tag.name + "> has no value");
                ++at_;
                spaces();
                if (at_ >= text_.size() || (text_[at_] != '"' && text_[at_] != '\''))
                    fail("attribute " + attribute + " of <" + tag.name + "> is not quoted");
                const std::size_t end = text_.find(text_[at_], at_ + 1);
                if (end == std::string::npos) fail("attribute " + attribute + " of <" + tag.name + "> has no closing quote");
                tag.attributes[attribute] = text_.substr(at_ + 1, end - at_ - 1);
                at_ = end + 1;
            }
        }
    }

    [[noreturn]] void fail(const std::string& what) const {
        const long line = 1 + std::count(text_.begin(), text_.begin() + static_cast<long>(std::min(at_, text_.size())), '\n');
        throw UsageError("SVG '" + name_ + "' line " + std::to_string(line) + ": " + what);
    }

private:
    bool skip(const char* open, const char* close) {
        if (text_.compare(at_, std::strlen(open), open) != 0) return false;
        const std::size_t end = text_.find(close, at_ + std::strlen(open));
        if (end == std::string::npos) fail(std::string(open) + " is not closed by " + close);
        at_ = end + std::strlen(close);
        return true;
    }
    bool skipDoctype() {  // <!DOCTYPE svg ... [ internal subset ]>
        if (text_.compare(at_, 2, "<!") != 0) return false;
        int depth = 0;
        for (std::size_t i = at_ + 2; i < text_.size(); ++i) {
            if (text_[i] == '[') ++depth;
            if (text_[i] == ']') --depth;
            if (text_[i] == '>' && depth <= 0) {
                at_ = i + 1;
                return true;
            }
        }
        fail("<! is not closed");
    }
    void spaces() {
        while (at_ < text_.size() && std::strchr(" \t\r\n", text_[at_]) && text_[at_] != '\0') ++at_;
    }
    std::string word() {
        const std::size_t start = at_;
        while (at_ < text_.size() && (std::isalnum(static_cast<unsigned char>(text_[at_])) || std::strchr("_:.-", text_[at_]) != nullptr))
            ++at_;
        return text_.substr(start, at_ - start);
    }

    const std::string& text_;
    const std::string& name_;
    std::size_t at_ = 0;
};

std::string attribute(const Tag& tag, const char* name) {
    auto it = tag.attributes.find(name);
    return it == tag.attributes.end() ? std::string() : it->second;
}

double numberAttribute(const Tag& tag, const char* name, const std::string& where, double fallback = 0) {
    const std::string text = attribute(tag, name);
    if (text.empty()) return fallback;
    return lengthIn(text, where + ": <" + tag.name + "> " + name);
}

bool hidden(const Tag& tag) {
    static const char* const notDrawn[] = {"defs", "clipPath", "mask", "symbol", "marker", "pattern", "title",
                                           "desc", "metadata", "style", "script", "text", "foreignObject"};
    for (const char* name : notDrawn)
        if (tag.name == name) return true;
    const std::string style = attribute(tag, "style");
    return attribute(tag, "display") == "none" || style.find("display:none") != std::string::npos ||
           style.find("display: none") != std::string::npos;
}

SvgSubpath polyline(const std::vector<Vec2d>& points, bool closed) {
    SvgSubpath out;
    for (std::size_t i = 1; i < points.size(); ++i) out.pieces.push_back(lineAsCubic(points[i - 1], points[i]));
    if (closed && points.size() > 1) out.pieces.push_back(lineAsCubic(points.back(), points.front()));
    out.closed = closed;
    return out;
}

SvgSubpath ellipse(double cx, double cy, double rx, double ry) {
    const double k = 4.0 / 3.0 * std::tan(kPi / 8);  // a quarter turn per cubic
    SvgSubpath out;
    out.closed = true;
    for (int q = 0; q < 4; ++q) {
        const double t0 = q * kPi / 2, t1 = (q + 1) * kPi / 2;
        const Vec2d a{std::cos(t0), std::sin(t0)}, b{std::cos(t1), std::sin(t1)};
        auto at = [&](double x, double y) { return Vec2d{cx + rx * x, cy + ry * y}; };
        out.pieces.push_back({at(a.x, a.y), at(a.x - k * a.y, a.y + k * a.x), at(b.x + k * b.y, b.y - k * b.x), at(b.x, b.y)});
    }
    return out;
}

// The shape a drawing element stands for, in its own user units (before its transform); none for others.
std::vector<SvgSubpath> shapeOf(const Tag& tag, const std::string& where, std::size_t pieceBudget) {
    const std::string element = where + ": <" + tag.name + ">";
    if (tag.name == "path") return parsePathData(attribute(tag, "d"), element, pieceBudget);
    if (tag.name == "polyline" || tag.name == "polygon") {
        const std::vector<double> v = numbersIn(attribute(tag, "points"), element + " points");
        if (v.size() % 2) throw UsageError(element + " points has an odd count of numbers");
        std::vector<Vec2d> points;
        for (std::size_t i = 0; i + 1 < v.size(); i += 2) points.push_back({v[i], v[i + 1]});
        return {polyline(points, tag.name == "polygon")};
    }
    if (tag.name == "line")
        return {polyline({{numberAttribute(tag, "x1", where), numberAttribute(tag, "y1", where)},
                          {numberAttribute(tag, "x2", where), numberAttribute(tag, "y2", where)}}, false)};
    if (tag.name == "rect") {
        const double x = numberAttribute(tag, "x", where), y = numberAttribute(tag, "y", where);
        const double w = numberAttribute(tag, "width", where), h = numberAttribute(tag, "height", where);
        if (w <= 0 || h <= 0) return {};  // not rendered, as in SVG
        return {polyline({{x, y}, {x + w, y}, {x + w, y + h}, {x, y + h}}, true)};
    }
    if (tag.name == "circle" || tag.name == "ellipse") {
        const double cx = numberAttribute(tag, "cx", where), cy = numberAttribute(tag, "cy", where);
        const double rx = numberAttribute(tag, tag.name == "circle" ? "r" : "rx", where);
        const double ry = tag.name == "circle" ? rx : numberAttribute(tag, "ry", where);
        if (rx <= 0 || ry <= 0) return {};
        return {ellipse(cx, cy, rx, ry)};
    }
    return {};
}

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

SampledDrawing sampleSvg(const SvgDrawing& drawing, int longSide) {
    SampledDrawing out;
    const double scale = longSide / std::max(drawing.viewWidth, drawing.viewHeight);
    out.width = std::max(1, static_cast<int>(std::lround(drawing.viewWidth * scale)));
    out.height = std::max(1, static_cast<int>(std::lround(drawing.viewHeight * scale)));
    auto pixel = [&](Vec2d p) { return Vec2d{(p.x - drawing.viewX) * scale, (p.y - drawing.viewY) * scale}; };
    auto length = [](Vec2d a, Vec2d b) { return std::hypot(b.x - a.x, b.y - a.y); };
    // Steps per piece: about one a pixel along the control polygon (never shorter than the curve). Counted
    // before anything is allocated, so a huge or degenerate drawing is refused, not attempted.
    std::vector<long> steps;
    double total = 0;
    for (const SvgSubpath& s : drawing.subpaths)
        for (const Cubic& c : s.pieces) {
            const double polygon = length(pixel(c.p0), pixel(c.p1)) + length(pixel(c.p1), pixel(c.p2)) + length(pixel(c.p2), pixel(c.p3));
            if (!std::isfinite(polygon)) throw UsageError("SVG drawing has coordinates too large to sample");
            total += std::max(1.0, std::ceil(polygon));
            if (total > static_cast<double>(kMaxSvgPoints))
                throw UsageError("SVG drawing's outline needs more than " + std::to_string(kMaxSvgPoints) +
                                 " points at one a pixel on a " + std::to_string(longSide) + "-pixel canvas; simplify the drawing");
            steps.push_back(static_cast<long>(std::max(1.0, std::ceil(polygon))));
        }
    std::size_t piece = 0;
    for (const SvgSubpath& s : drawing.subpaths) {
        Contour contour;
        auto add = [&](Vec2d p) {  // judged as the float it is kept as: 127.99999999 would round onto the edge
            const Point q{static_cast<float>(p.x), static_cast<float>(p.y)};
            if (q.x >= 0 && q.y >= 0 && q.x < static_cast<float>(out.width) && q.y < static_cast<float>(out.height))
                contour.push_back(q);
        };
        if (!s.pieces.empty()) add(pixel(s.pieces.front().p0));
        for (const Cubic& c : s.pieces) {
            const long n = steps[piece++];
            const Vec2d p0 = pixel(c.p0), p1 = pixel(c.p1), p2 = pixel(c.p2), p3 = pixel(c.p3);
            for (long i = 1; i <= n; ++i) {
                const double t = static_cast<double>(i) / n, u = 1 - t;
                add({u * u * u * p0.x + 3 * u * u * t * p1.x + 3 * u * t * t * p2.x + t * t * t * p3.x,
                     u * u * u * p0.y + 3 * u * u * t * p1.y + 3 * u * t * t * p2.y + t * t * t * p3.y});
            }
        }
        if (s.closed && contour.size() > 1 && contour.back().x == contour.front().x && contour.back().y == contour.front().y)
            contour.pop_back();  // the closing point is the first one
        if (contour.size() >= 2) out.contours.push_back(std::move(contour));
    }
    return out;
}

}  // namespace racelab::fourier
