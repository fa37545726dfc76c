#include "userkernel/build/nvcc_messages.hpp"

#include <algorithm>
#include <optional>
#include <regex>
#include <sstream>

#include "core/read_file.hpp"

namespace racelab::userkernel {
namespace {

// Line `number` (1-based) of `path`, "" when there is none.
std::string sourceLine(const std::string& path, int number) {
    const std::optional<std::string> text = readWholeFile(path);
    if (!text) return "";
    std::istringstream lines(*text);
    std::string line;
    for (int i = 0; i < number && std::getline(lines, line); ++i) {
    }
    return line;
}

// nvcc's front end quotes the line after preprocessing (__global__ as __attribute__((global)), a macro
// expanded), so its caret counts columns of that text. The column in the file is where the quoted text from
// the caret on is found in the line as written; where it is not found the column is left out.
void placeInSource(Diagnostic& d) {
    if (d.sourceLine.empty()) return;
    const std::string written = sourceLine(d.file, d.line);
    if (written.empty() || written == d.sourceLine) return;
    std::string tail = d.column > 0 ? d.sourceLine.substr(static_cast<std::size_t>(d.column - 1)) : "";
    d.sourceLine = written;
    const std::size_t at = tail.empty() ? std::string::npos : written.find(tail.substr(0, 24));
    d.column = at == std::string::npos ? 0 : static_cast<int>(at) + 1;
}

}  // namespace

std::vector<Diagnostic> parseNvccOutput(const std::string& output) {
    std::vector<Diagnostic> out = parseNvrtcLog(output);
    for (Diagnostic& d : out) placeInSource(d);
    static const std::regex gcc(R"(^(.+):(\d+):(\d+): (error|warning|fatal error): (.*)$)");
    std::istringstream lines(output);
    for (std::string line; std::getline(lines, line);) {
        std::smatch m;
        if (!std::regex_match(line, m, gcc)) continue;
        Diagnostic d;
        d.file = m[1];
        d.line = std::stoi(m[2]);
        d.column = std::stoi(m[3]);
        d.severity = m[4];
        d.message = m[5];
        d.sourceLine = sourceLine(d.file, d.line);
        out.push_back(d);
    }
    return out;
}

std::string lastLines(const std::string& text, int count) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    std::string out;
    for (std::size_t i = lines.size() > static_cast<std::size_t>(count) ? lines.size() - count : 0; i < lines.size(); ++i)
        out += lines[i] + "\n";
    return out;
}

std::vector<Diagnostic> withoutRepeats(const std::vector<Diagnostic>& diagnostics) {
    std::vector<Diagnostic> out;
    for (const Diagnostic& d : diagnostics)
        if (std::none_of(out.begin(), out.end(), [&](const Diagnostic& seen) {
                return seen.headline() == d.headline() && seen.sourceLine == d.sourceLine;
            }))
            out.push_back(d);
    return out;
}

}  // namespace racelab::userkernel
