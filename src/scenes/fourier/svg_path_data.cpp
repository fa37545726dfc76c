#include "scenes/fourier/svg_path_data.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>

#include "core/errors.hpp"

namespace racelab::fourier {
namespace {

constexpr double kPi = 3.14159265358979323846;

// Numbers and flags of path data, separated by white space and/or one comma (or by nothing, "1-2.5.5").
class Reader {
public:
    Reader(const std::string& d, const std::string& where) : d_(d), where_(where) {}

    void skipSeparators() {
        while (i_ < d_.size() && (std::strchr(" \t\r\n,", d_[i_]) != nullptr)) ++i_;
    }
    bool atEnd() {
        skipSeparators();
        return i_ >= d_.size();
    }
    bool numberNext() {
        skipSeparators();
        return i_ < d_.size() && (std::strchr("0123456789.+-", d_[i_]) != nullptr);
    }
    char command() { return d_[i_++]; }  // after !atEnd() && !numberNext()

    double number(char command) {
        if (!numberNext()) fail(command, "expects more numbers");
        std::size_t start = i_ + (d_[i_] == '+' ? 1 : 0);  // from_chars takes '-' but not '+'
        double value = 0;
        const auto [end, error] = std::from_chars(d_.data() + start, d_.data() + d_.size(), value);
        if (error != std::errc() || !std::isfinite(value)) fail(command, "has a number that is not a finite number");
        i_ = static_cast<std::size_t>(end - d_.data());
        return value;
    }
    bool flag(char command) {  // arcs' flags are one digit each and may touch what follows ("a1 1 0 01 5 5")
        skipSeparators();
        if (i_ >= d_.size() || (d_[i_] != '0' && d_[i_] != '1')) fail(command, "expects a flag (0 or 1)");
        return d_[i_++] == '1';
    }
    Vec2d point(char command) {
        const double x = number(command);
        return {x, number(command)};
    }

    [[noreturn]] void fail(char command, const std::string& what) const {
        const std::size_t from = i_ > 20 ? i_ - 20 : 0;
        throw UsageError(where_ + ": path command '" + std::string(1, command) + "' " + what + " (at character " +
                         std::to_string(i_) + ": \"..." + d_.substr(from, 40) + "...\")");
    }

private:
    const std::string& d_;
    const std::string& where_;
    std::size_t i_ = 0;
};

// An elliptical arc from `from` to `to` as cubics: the centre parametrization of the SVG specification's
// implementation notes (radii scaled up when too small to reach), then pieces of at most 90 degrees.
void appendArc(std::vector<Cubic>& out, Vec2d from, double rx, double ry, double rotationDegrees, bool large,
               bool sweep, Vec2d to) {
    if (from.x == to.x && from.y == to.y) return;  // the specification: no arc at all
    rx = std::fabs(rx), ry = std::fabs(ry);
    if (rx == 0 || ry == 0) {
        out.push_back(lineAsCubic(from, to));
        return;
    }
    const double phi = rotationDegrees * kPi / 180, c = std::cos(phi), s = std::sin(phi);
    const double hx = (from.x - to.x) / 2, hy = (from.y - to.y) / 2;
    const double x1 = c * hx + s * hy, y1 = -s * hx + c * hy;
    const double lambda = x1 * x1 / (rx * rx) + y1 * y1 / (ry * ry);
    if (lambda > 1) rx *= std::sqrt(lambda), ry *= std::sqrt(lambda);
    const double num = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1;
    const double den = rx * rx * y1 * y1 + ry * ry * x1 * x1;
    const double root = std::sqrt(std::fmax(0.0, num / den)) * (large == sweep ? -1 : 1);
    const double cxp = root * rx * y1 / ry, cyp = -root * ry * x1 / rx;
    const Vec2d centre{c * cxp - s * cyp + (from.x + to.x) / 2, s * cxp + c * cyp + (from.y + to.y) / 2};
    auto angle = [](double ux, double uy, double vx, double vy) { return std::atan2(ux * vy - uy * vx, ux * vx + uy * vy); };
    const double ux = (x1 - cxp) / rx, uy = (y1 - cyp) / ry, vx = (-x1 - cxp) / rx, vy = (-y1 - cyp) / ry;
    const double start = angle(1, 0, ux, uy);
    double span = angle(ux, uy, vx, vy);
    if (!sweep && span > 0) span -= 2 * kPi;
    if (sweep && span < 0) span += 2 * kPi;
    if (!std::isfinite(span) || !std::isfinite(start) || !std::isfinite(centre.x) || !std::isfinite(centre.y) ||
        !std::isfinite(rx * ry)) {  // radii or coordinates so large their squares overflow: no arc to draw
        out.push_back(lineAsCubic(from, to));
        return;
    }
    // The unit circle's cubic pieces, mapped by scale (rx, ry), rotation phi and translation to the centre.
    auto map = [&](Vec2d u) { return Vec2d{centre.x + rx * c * u.x - ry * s * u.y, centre.y + rx * s * u.x + ry * c * u.y}; };
    const int pieces = std::max(1, static_cast<int>(std::ceil(std::fabs(span) / (kPi / 2) - 1e-9)));
    for (int i = 0; i < pieces; ++i) {
        const double t0 = start + span * i / pieces, t1 = start + span * (i + 1) / pieces;
        const double k = 4.0 / 3.0 * std::tan((t1 - t0) / 4);
        const Vec2d a{std::cos(t0), std::sin(t0)}, b{std::cos(t1), std::sin(t1)};
        Cubic piece{map(a), map(a + Vec2d{-a.y, a.x} * k), map(b - Vec2d{-b.y, b.x} * k), map(b)};
        if (i == 0) piece.p0 = from;
        if (i == pieces - 1) piece.p3 = to;
        out.push_back(piece);
    }
}

}  // namespace

Cubic lineAsCubic(Vec2d a, Vec2d b) { return {a, a + (b - a) * (1.0 / 3), a + (b - a) * (2.0 / 3), b}; }

std::vector<SvgSubpath> parsePathData(const std::string& d, const std::string& where, std::size_t maxPieces) {
    Reader in(d, where);
    std::vector<SvgSubpath> out;
    SvgSubpath current;
    Vec2d at(0), start(0), lastControl(0);  // lastControl: the second control point of the last C/S or Q/T
    char previous = 0, command = 0;
    std::size_t done = 0;  // pieces in finished subpaths
    auto finish = [&] {
        done += current.pieces.size();
        if (!current.pieces.empty()) out.push_back(std::move(current));
        current = SvgSubpath{};
    };
    auto cubicTo = [&](Vec2d c1, Vec2d c2, Vec2d to) {
        current.pieces.push_back({at, c1, c2, to});
        lastControl = c2, at = to;
    };
    auto quadTo = [&](Vec2d control, Vec2d to) {  // degree elevation: the same curve as a cubic
        current.pieces.push_back({at, at + (control - at) * (2.0 / 3), to + (control - to) * (2.0 / 3), to});
        lastControl = control, at = to;
    };
    while (!in.atEnd()) {
        if (!in.numberNext()) {
            command = in.command();
            if (!std::strchr("MmLlHhVvCcSsQqTtAaZz", command))
                throw UsageError(where + ": '" + std::string(1, command) + "' is not an SVG path command (M L H V C S Q T A Z)");
        } else if (command == 0) {
            throw UsageError(where + ": path data must start with a moveto (M), not a number");
        } else if (command == 'Z' || command == 'z') {
            in.fail(command, "takes no numbers");
        } else if (command == 'M') {
            command = 'L';  // numbers after a moveto's first pair are linetos
        } else if (command == 'm') {
            command = 'l';
        }
        if (previous == 0 && command != 'M' && command != 'm')
            throw UsageError(where + ": path data must start with a moveto (M), not '" + std::string(1, command) + "'");
        const bool relative = command >= 'a' && command <= 'z';
        const Vec2d base = relative ? at : Vec2d(0);
        switch (command) {
        case 'M': case 'm':
            finish();
            at = start = base + in.point(command);
            break;
        case 'L': case 'l': {
            const Vec2d to = base + in.point(command);
            current.pieces.push_back(lineAsCubic(at, to));
            at = to;
            break;
        }
        case 'H': case 'h': {
            const Vec2d to{(relative ? at.x : 0) + in.number(command), at.y};
            current.pieces.push_back(lineAsCubic(at, to));
            at = to;
            break;
        }
        case 'V': case 'v': {
            const Vec2d to{at.x, (relative ? at.y : 0) + in.number(command)};
            current.pieces.push_back(lineAsCubic(at, to));
            at = to;
            break;
        }
        case 'C': case 'c': {
            const Vec2d c1 = base + in.point(command), c2 = base + in.point(command);
            cubicTo(c1, c2, base + in.point(command));
            break;
        }
        case 'S': case 's': {  // the first control point mirrors the last cubic's second one
            const bool follows = std::strchr("CcSs", previous) != nullptr;
            const Vec2d c1 = follows ? at + (at - lastControl) : at;
            const Vec2d c2 = base + in.point(command);
            cubicTo(c1, c2, base + in.point(command));
            break;
        }
        case 'Q': case 'q': {
            const Vec2d control = base + in.point(command);
            quadTo(control, base + in.point(command));
            break;
        }
        case 'T': case 't': {
            const bool follows = std::strchr("QqTt", previous) != nullptr;
            quadTo(follows ? at + (at - lastControl) : at, base + in.point(command));
            break;
        }
        case 'A': case 'a': {
            const double rx = in.number(command), ry = in.number(command), rotation = in.number(command);
            const bool large = in.flag(command), sweep = in.flag(command);
            const Vec2d to = base + in.point(command);
            appendArc(current.pieces, at, rx, ry, rotation, large, sweep, to);
            at = to;
            break;
        }
        case 'Z': case 'z':
            if (at.x != start.x || at.y != start.y) current.pieces.push_back(lineAsCubic(at, start));
            current.closed = true;
            finish();
            at = start;  // a drawing command after Z starts a new subpath here
            break;
        }
        previous = command;
        if (done + current.pieces.size() > maxPieces)
            throw UsageError(where + ": more than " + std::to_string(maxPieces) + " path segments; simplify the drawing");
    }
    finish();
    return out;
}

}  // namespace racelab::fourier
