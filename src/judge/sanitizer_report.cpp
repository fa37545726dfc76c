#include "judge/sanitizer_report.hpp"

#include <cstdio>
#include <filesystem>
#include <regex>
#include <sstream>

namespace racelab::judge {
namespace {

// A log line without compute-sanitizer's "=========" prefix and the one space after it; nullopt-like empty
// flag for lines without the prefix (the program's own output).
bool stripPrefix(std::string_view line, std::string& rest) {
    std::size_t at = 0;
    while (at < line.size() && line[at] == '=') ++at;
    if (at < 3) return false;
    if (at < line.size() && line[at] == ' ') ++at;
    rest.assign(line.substr(at));
    return true;
}

bool namesSource(const std::string& file, const std::string& sourcePath) {
    if (file == sourcePath) return true;
    const std::filesystem::path reported(file);
    return !reported.has_parent_path() && reported.filename() == std::filesystem::path(sourcePath).filename();
}

std::string trimmed(std::string text) {
    const auto first = text.find_first_not_of(" \t");
    if (first == std::string::npos) return "";
    const auto last = text.find_last_not_of(" \t\r");
    return text.substr(first, last - first + 1);
}

// The access a location line describes: "Error: Race reported between Write access" -> "Write access".
std::string accessOf(std::string before) {
    before = trimmed(before);
    for (const char* lead : {"Error: Race reported between ", "Warning: Race reported between ", "Race reported between ", "and "})
        if (before.rfind(lead, 0) == 0) return before.substr(std::string(lead).size());
    return before;
}

}  // namespace

std::vector<SanitizerFinding> parseSanitizerLog(std::string_view log, std::string_view tool, const std::string& sourcePath) {
    static const std::regex location(R"(^(.*?)\bat (\S+?)(\+0x[0-9a-fA-F]+)? in (\S+):(\d+)\b)");
    static const std::regex hazards(R"(\[(\d+) hazards?\])");
    std::vector<SanitizerFinding> all;
    std::string rest;
    std::istringstream lines{std::string(log)};
    for (std::string line; std::getline(lines, line);) {
        if (!stripPrefix(line, rest) || trimmed(rest).empty()) continue;
        const bool starts = rest[0] != ' ' && rest[0] != '\t';
        if (starts) {
            if (rest.find("SUMMARY:") != std::string::npos || rest.rfind("COMPUTE-SANITIZER", 0) == 0) continue;
            all.push_back({std::string(tool), "", {}, 0, 1});
        }
        if (all.empty()) continue;
        SanitizerFinding& finding = all.back();
        std::smatch match;
        const bool located = std::regex_search(rest, match, location);
        const std::string head = trimmed(located ? match[1].str() : rest);
        if (located && namesSource(match[4].str(), sourcePath)) {
            const std::string what = accessOf(head);
            // The source's own path, also where the tool printed the file's name alone: editors open it.
            finding.locations.push_back({what.empty() ? (starts ? head : finding.summary) : what, match[2].str(),
                                         sourcePath, std::stoi(match[5].str())});
        }
        if (std::smatch count; std::regex_search(rest, count, hazards)) finding.hazards += std::stol(count[1].str());
        if (starts)
            finding.summary = head;
        else if (located && head.rfind("and ", 0) == 0)
            finding.summary += " " + head;  // racecheck's second access: "... Write access and Read access"
        else if (!located && head.rfind("Address", 0) == 0 && finding.summary.find('(') == std::string::npos)
            finding.summary += " (" + head + ")";  // memcheck's "Address 0x10 is out of bounds"
    }
    std::vector<SanitizerFinding> kept;
    for (SanitizerFinding& finding : all) {
        if (finding.locations.empty()) continue;
        bool merged = false;
        for (SanitizerFinding& earlier : kept)
            if (earlier.summary == finding.summary && earlier.locations == finding.locations) {
                ++earlier.times, earlier.hazards += finding.hazards, merged = true;
                break;
            }
        if (!merged) kept.push_back(std::move(finding));
    }
    return kept;
}

bool sanitizerLogIsClean(std::string_view log) {
    static const std::regex clean(R"(SUMMARY: 0 (errors|hazards))");
    static const std::regex summary(R"(SUMMARY: \d+)");
    const std::string text(log);
    return std::regex_search(text, summary) && std::regex_search(text, clean);
}

std::string formatSanitizerFindings(const std::vector<SanitizerFinding>& findings, const std::string& sourceText) {
    std::vector<std::string> source;
    std::istringstream lines(sourceText);
    for (std::string line; std::getline(lines, line);) source.push_back(line);
    std::ostringstream out;
    for (const SanitizerFinding& finding : findings) {
        std::string about = finding.summary;
        if (finding.hazards > 0) about += ", " + std::to_string(finding.hazards) + " hazards";
        if (finding.times > 1) about += ", reported " + std::to_string(finding.times) + " times";
        for (const SanitizerLocation& at : finding.locations) {
            out << at.file << ':' << at.line << ": error: " << finding.tool << ": " << about;
            if (finding.locations.size() > 1) out << " [this line: " << at.what << "]";
            out << '\n';
            if (at.line >= 1 && static_cast<std::size_t>(at.line) <= source.size()) {
                char number[16];
                std::snprintf(number, sizeof number, "%5d", at.line);
                out << number << " | " << source[static_cast<std::size_t>(at.line) - 1] << '\n';
            }
        }
    }
    return out.str();
}

}  // namespace racelab::judge
