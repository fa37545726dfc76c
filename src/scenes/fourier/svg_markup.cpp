// The XML reader of svg_markup.hpp: tags and attributes, numbers and lengths.
#include "scenes/fourier/svg_markup.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstring>

#include "core/errors.hpp"

namespace racelab::fourier::svg {

bool TagReader::next(Tag& tag) {
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

void TagReader::fail(const std::string& what) const {
    const long line = 1 + std::count(text_.begin(), text_.begin() + static_cast<long>(std::min(at_, text_.size())), '\n');
    throw UsageError("SVG '" + name_ + "' line " + std::to_string(line) + ": " + what);
}

bool TagReader::skip(const char* open, const char* close) {
    if (text_.compare(at_, std::strlen(open), open) != 0) return false;
    const std::size_t end = text_.find(close, at_ + std::strlen(open));
    if (end == std::string::npos) fail(std::string(open) + " is not closed by " + close);
    at_ = end + std::strlen(close);
    return true;
}

bool TagReader::skipDoctype() {
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

void TagReader::spaces() {
    while (at_ < text_.size() && std::strchr(" \t\r\n", text_[at_]) && text_[at_] != '\0') ++at_;
}

std::string TagReader::word() {
    const std::size_t start = at_;
    while (at_ < text_.size() && (std::isalnum(static_cast<unsigned char>(text_[at_])) || std::strchr("_:.-", text_[at_]) != nullptr))
        ++at_;
    return text_.substr(start, at_ - start);
}

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

double lengthIn(const std::string& text, const std::string& what) {
    std::size_t i = text.find_first_not_of(" \t\r\n");
    double value = 0;
    if (i == std::string::npos) throw UsageError(what + " is empty");
    const auto [end, error] = std::from_chars(text.data() + i, text.data() + text.size(), value);
    if (error != std::errc() || !std::isfinite(value) || (end < text.data() + text.size() && *end == '%'))
        throw UsageError(what + " \"" + text + "\" is not a number or an absolute length");
    return value;
}

std::string attribute(const Tag& tag, const char* name) {
    auto it = tag.attributes.find(name);
    return it == tag.attributes.end() ? std::string() : it->second;
}

double numberAttribute(const Tag& tag, const char* name, const std::string& where, double fallback) {
    const std::string text = attribute(tag, name);
    if (text.empty()) return fallback;
    return lengthIn(text, where + ": <" + tag.name + "> " + name);
}

}  // namespace racelab::fourier::svg
