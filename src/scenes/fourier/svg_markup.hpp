// The XML an SVG drawing needs, read by our own small reader (no XML library): elements with their
// attributes, and the numbers and lengths those attributes hold. Comments, processing instructions, CDATA
// and the DOCTYPE are stepped over; text between tags is ignored. Private to the SVG reading
// (svg_drawing.cpp, svg_geometry.cpp).
#pragma once
#include <cstddef>
#include <map>
#include <string>
#include <vector>

namespace racelab::fourier::svg {

struct Tag {
    std::string name;
    std::map<std::string, std::string> attributes;
    bool selfClosing = false, closing = false;
};

// Hands out the tags of `text` one at a time; UsageError (naming the file `name` and the line) for a tag
// or quote left open, a stray character, an unquoted attribute.
class TagReader {
public:
    TagReader(const std::string& text, const std::string& name) : text_(text), name_(name) {}

    bool next(Tag& tag);  // false at the end of the text
    [[noreturn]] void fail(const std::string& what) const;

private:
    bool skip(const char* open, const char* close);
    bool skipDoctype();  // <!DOCTYPE svg ... [ internal subset ]>
    void spaces();
    std::string word();

    const std::string& text_;
    const std::string& name_;
    std::size_t at_ = 0;
};

// Numbers separated by white space and/or commas; UsageError for anything else.
std::vector<double> numbersIn(const std::string& text, const std::string& what);

// A length such as "120", "120px" or "120.5pt" (the number is taken as user units); UsageError for
// percentages and text, which cannot set a canvas.
double lengthIn(const std::string& text, const std::string& what);

std::string attribute(const Tag& tag, const char* name);  // empty when absent
double numberAttribute(const Tag& tag, const char* name, const std::string& where, double fallback = 0);

}  // namespace racelab::fourier::svg
