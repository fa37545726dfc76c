#include "userkernel/build/compile_diagnostics.hpp"

#include <regex>
#include <sstream>

namespace racelab::userkernel {
namespace {

// A log's line as the patterns below read it: one longer than 2 KB keeps its first and last kilobyte, with
// " ... " between. libstdc++'s std::regex recurses once a character it matches, and a line tens of kilobytes
// long (a template's name in full, racelab's own records in a cached build's log) overflowed the stack of the
// thread that read it; a head's file and line are at its start, an instantiation's " at line N of FILE" at
// its end.
std::string clipped(const std::string& line) {
    constexpr std::size_t kKept = 1024;
    if (line.size() <= 2 * kKept + 5) return line;
    return line.substr(0, kKept) + " ... " + line.substr(line.size() - kKept);
}

}  // namespace

std::string Diagnostic::headline() const {
    std::string out = file + ":" + std::to_string(line);
    if (column > 0) {  // appended, not ":" + std::to_string(): that trips GCC 12's false -Wrestrict
        out += ':';
        out += std::to_string(column);
    }
    return out + ": " + severity + ": " + message;
}

std::vector<Diagnostic> parseNvrtcLog(const std::string& log) {
    // EDG's form: `path(12): error: text`, also `path(12): error #20: text` and `catastrophic error`.
    static const std::regex head(R"(^(.+)\((\d+)\): (error|warning|remark|catastrophic error|fatal error)(?: #[0-9A-Za-z-]+)?: (.*)$)");
    std::vector<std::string> lines;
    std::istringstream in(log);
    for (std::string line; std::getline(in, line);) lines.push_back(clipped(line));
    auto isCaretLine = [](const std::string& line) {
        const auto first = line.find_first_not_of(" \t");
        return first != std::string::npos && line[first] == '^' && line.find_first_not_of(" \t^") == std::string::npos;
    };
    std::vector<Diagnostic> out;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        std::smatch m;
        if (!std::regex_match(lines[i], m, head)) continue;  // the closing count, blank lines
        Diagnostic d;
        d.file = m[1];
        d.line = std::stoi(m[2]);
        d.severity = m[3] == "catastrophic error" ? "fatal error" : std::string(m[3]);
        d.message = m[4];
        // The quoted source line (two spaces, then the line as written) and the caret under the column.
        if (i + 2 < lines.size() && lines[i + 1].rfind("  ", 0) == 0 && isCaretLine(lines[i + 2])) {
            d.sourceLine = lines[i + 1].substr(2);
            d.column = static_cast<int>(lines[i + 2].find('^')) - 2 + 1;
            i += 2;
        }
        static const std::regex during(R"(^\s+detected during.* at line (\d+) of (.+)$)");
        std::smatch at;
        // A chain of templates ("detected during:", then one instantiation a line, innermost first): the
        // last is where the user's own code asked for it (a launch list's line).
        static const std::regex chainStart(R"(^\s+detected during:\s*$)");
        // A link in the error's own file leaves " of FILE" off (NVRTC 13.0).
        static const std::regex chainLink(R"(^\s+.* at line (\d+)(?: of (.+))?$)");
        if (i + 1 < lines.size() && std::regex_match(lines[i + 1], at, during)) {
            d.fromLine = std::stoi(at[1]);
            d.fromFile = at[2];
            ++i;
        } else if (i + 1 < lines.size() && std::regex_match(lines[i + 1], chainStart)) {
            for (++i; i + 1 < lines.size() && std::regex_match(lines[i + 1], at, chainLink); ++i) {
                d.fromLine = std::stoi(at[1]);
                d.fromFile = at[2].matched ? at[2].str() : d.file;
            }
            if (d.fromFile == d.file && d.fromLine == d.line) d.fromFile.clear();  // nothing outside the header
        }
        out.push_back(d);
    }
    return out;
}

std::string formatDiagnostics(const std::vector<Diagnostic>& diagnostics) {
    std::string out;
    for (const Diagnostic& d : diagnostics) {
        out += d.headline() + "\n";
        if (!d.fromFile.empty()) out += d.fromFile + ":" + std::to_string(d.fromLine) + ": note: required from here\n";
        if (!d.sourceLine.empty()) {
            out += "  " + d.sourceLine + "\n";
            if (d.column > 0) {
                // The caret keeps the line's own tabs before it, so it lines up in any tab width.
                std::string pad;
                for (int c = 0; c < d.column - 1 && c < static_cast<int>(d.sourceLine.size()); ++c)
                    pad += d.sourceLine[static_cast<std::size_t>(c)] == '\t' ? '\t' : ' ';
                out += "  " + pad + "^\n";
            }
        }
    }
    return out;
}

int errorCount(const std::vector<Diagnostic>& diagnostics) {
    int n = 0;
    for (const Diagnostic& d : diagnostics) n += d.severity == "error" || d.severity == "fatal error";
    return n;
}

}  // namespace racelab::userkernel
