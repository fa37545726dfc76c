#include "userkernel/build/nvcc_messages.hpp"

#include <algorithm>
#include <optional>
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

// Whether text[from, to) is a whole number that fits an int.
bool wholeNumber(const std::string& text, std::size_t from, std::size_t to) {
    return to > from && to - from <= 9 && std::all_of(text.begin() + static_cast<std::ptrdiff_t>(from), text.begin() + static_cast<std::ptrdiff_t>(to),
                                                      [](char c) { return c >= '0' && c <= '9'; });
}

// A host compiler's "FILE:LINE:COLUMN: error|warning|fatal error: MESSAGE" line, the rightmost such head where
// FILE itself holds colons. Read by hand, not by std::regex: libstdc++'s matcher recurses once a character, and
// a line tens of kilobytes long (a template's name, racelab's own records in a cached build's log) overflowed
// the stack of the thread that read it.
std::optional<Diagnostic> hostCompilerDiagnostic(const std::string& line) {
    std::optional<Diagnostic> found;
    std::size_t foundAt = 0;
    for (const char* severity : {"fatal error", "error", "warning"}) {
        const std::string marker = std::string(": ") + severity + ": ";
        for (std::size_t at = line.rfind(marker); at != std::string::npos && at > 0; at = line.rfind(marker, at - 1)) {
            if (found && at <= foundAt) break;
            const std::size_t columnColon = line.rfind(':', at - 1);
            if (columnColon == std::string::npos || columnColon == 0 || !wholeNumber(line, columnColon + 1, at)) continue;
            const std::size_t lineColon = line.rfind(':', columnColon - 1);
            if (lineColon == std::string::npos || lineColon == 0 || !wholeNumber(line, lineColon + 1, columnColon)) continue;
            Diagnostic d;
            d.file = line.substr(0, lineColon);
            d.line = std::stoi(line.substr(lineColon + 1, columnColon - lineColon - 1));
            d.column = std::stoi(line.substr(columnColon + 1, at - columnColon - 1));
            d.severity = severity;
            d.message = line.substr(at + marker.size());
            found = d, foundAt = at;
            break;
        }
    }
    return found;
}

}  // namespace

std::vector<Diagnostic> parseNvccOutput(const std::string& output) {
    std::vector<Diagnostic> out = parseNvrtcLog(output);
    for (Diagnostic& d : out) placeInSource(d);
    std::istringstream lines(output);
    for (std::string line; std::getline(lines, line);) {
        std::optional<Diagnostic> d = hostCompilerDiagnostic(line);
        if (!d) continue;
        d->sourceLine = sourceLine(d->file, d->line);
        out.push_back(*d);
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
