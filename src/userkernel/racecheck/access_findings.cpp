#include "userkernel/racecheck/access_findings.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <map>
#include <sstream>

#include "core/grouped_digits.hpp"
#include "core/read_file.hpp"

namespace racelab::userkernel {
namespace {

std::string trimmed(const std::string& text) {
    const std::size_t from = text.find_first_not_of(" \t\r");
    if (from == std::string::npos) return "";
    return text.substr(from, text.find_last_not_of(" \t\r") - from + 1);
}

std::string lineOfFile(const std::string& file, int line) {
    static std::map<std::string, std::vector<std::string>> files;  // read once a process
    auto found = files.find(file);
    if (found == files.end()) {
        std::vector<std::string> lines;
        std::istringstream in(readWholeFile(file).value_or(""));
        for (std::string l; std::getline(in, l);) lines.push_back(l);
        found = files.emplace(file, std::move(lines)).first;
    }
    return line >= 1 && line <= static_cast<int>(found->second.size()) ? trimmed(found->second[static_cast<std::size_t>(line - 1)]) : "";
}

// "thread (5, 0, 0) of block (12, 0, 0) of kernelRender"
std::string threadText(unsigned linear, const AccessReport& report, int launch) {
    if (linear == 0xffffffffu) return "another thread reading there";  // a read that stood for many (access_check.cuh)
    if (launch < 0 || launch >= static_cast<int>(report.launches.size())) return "thread " + std::to_string(linear);
    const LaunchShape& l = report.launches[static_cast<std::size_t>(launch)];
    const unsigned perBlock = std::max(1u, l.block[0] * l.block[1] * l.block[2]);
    const unsigned block = linear / perBlock, thread = linear % perBlock;
    auto triple = [](unsigned i, const unsigned* dims) {
        const unsigned x = i % std::max(1u, dims[0]), y = i / std::max(1u, dims[0]) % std::max(1u, dims[1]),
                       z = i / std::max(1u, dims[0] * dims[1]);
        std::ostringstream text;  // (a chain of string + here sets off GCC 12's -Wrestrict false positive)
        text << "(" << x << ", " << y << ", " << z << ")";
        return text.str();
    };
    return "thread " + triple(thread, l.block) + " of block " + triple(block, l.grid);
}

// "imageData element 5120 (pixel (16, 1018))": an output the frame's size divides into pixels gets one,
// rows counted from the top as in the PNG (outputs hold the bottom row first, as the course's image).
std::string placeText(const std::string& buffer, long long offset, int bytes, const FindingContext& c) {
    if (buffer.empty()) return "shared memory byte " + std::to_string(offset);
    std::string text = buffer + " byte " + std::to_string(offset);
    const long long pixels = static_cast<long long>(c.width) * c.height;
    for (const auto& [name, size] : c.outputs) {
        if (name != buffer || pixels <= 0 || size % static_cast<std::size_t>(pixels) != 0) continue;
        const long long perPixel = static_cast<long long>(size) / pixels;
        const long long pixel = offset / perPixel;
        const int x = static_cast<int>(pixel % c.width), row = static_cast<int>(pixel / c.width);
        text = buffer + " element " + std::to_string(offset / std::max(1, bytes)) + " (pixel (" + std::to_string(x) + ", " +
               std::to_string(c.height - 1 - row) + "))";
    }
    return text;
}

std::string shortName(const std::string& file, const FindingContext& c) {
    return c.userFiles.count(file) ? std::filesystem::path(file).filename().string() : file;
}

}  // namespace

SourceLine siteLine(const AccessSite& site, const FindingContext& context) {
    const bool own = context.userFiles.count(site.file) > 0;
    const bool callerOwn = !site.callerFile.empty() && context.userFiles.count(site.callerFile) > 0;
    SourceLine l;
    l.file = !own && callerOwn ? site.callerFile : site.file;
    l.line = !own && callerOwn ? site.callerLine : site.line;
    l.text = lineOfFile(l.file, l.line);
    return l;
}

std::vector<RacingLines> racingLines(const AccessReport& report, const AccessSites& sites, const FindingContext& context) {
    std::map<std::tuple<SourceLine, SourceLine, bool, bool>, RacingLines> byLines;
    const int count = static_cast<int>(sites.sites.size());
    for (const AccessRace& race : report.races) {
        if (race.siteA < 0 || race.siteA >= count || race.siteB < 0 || race.siteB >= count) continue;
        const AccessSite& siteA = sites.sites[static_cast<std::size_t>(race.siteA)];
        const AccessSite& siteB = sites.sites[static_cast<std::size_t>(race.siteB)];
        SourceLine a = siteLine(siteA, context), b = siteLine(siteB, context);
        std::string kindA = siteA.kind, kindB = siteB.kind;
        if (race.writeWrite && b < a) std::swap(a, b), std::swap(kindA, kindB);
        RacingLines& r = byLines[{a, b, race.writeWrite, race.acrossBlocks}];
        if (r.events == 0) {
            r.writeWrite = race.writeWrite, r.acrossBlocks = race.acrossBlocks;
            r.a = a, r.b = b, r.kindA = kindA, r.kindB = kindB;
            const std::string kernel = race.launch >= 0 && race.launch < static_cast<int>(report.launches.size())
                                           ? report.launches[static_cast<std::size_t>(race.launch)].kernel
                                           : "";
            r.example = placeText(race.buffer, race.offset, siteB.bytes, context) + ": " + threadText(race.threadA, report, race.launch) +
                        " and " + threadText(race.threadB, report, race.launch) + (kernel.empty() ? "" : " of " + kernel);
        }
        r.words += race.words, r.events += race.events;
    }
    std::vector<RacingLines> out;
    for (auto& [key, lines] : byLines) out.push_back(lines);
    std::stable_sort(out.begin(), out.end(), [](const RacingLines& x, const RacingLines& y) {
        return x.words != y.words ? x.words > y.words : x.events > y.events;
    });
    return out;
}

std::string formatAccessFindings(const AccessReport& report, const AccessSites& sites, const FindingContext& context) {
    std::ostringstream out;
    const std::vector<RacingLines> races = racingLines(report, sites, context);
    auto line = [&](const SourceLine& l, const std::string& kind) {
        out << "    " << shortName(l.file, context) << ":" << l.line << "  " << (l.text.empty() ? "(line not readable)" : l.text) << "  ("
            << kind << ")\n";
    };
    if (!report.racesLookedFor) {
        out << "races: not looked for (the checked mode alone; check --races looks)\n";
    } else if (races.empty()) {
        out << "races: none in this frame (" << sites.sites.size() << " accesses instrumented, " << report.launches.size()
            << " launches, " << sites.barriers << " barriers)\n";
    } else {
        out << "races: " << races.size() << (races.size() == 1 ? " pair of lines races" : " pairs of lines race") << " in this frame\n";
        for (const RacingLines& r : races) {
            out << "  " << (r.writeWrite ? "write-write" : "read-write") << " race " << (r.acrossBlocks ? "across blocks" : "within a block")
                << ", " << (r.words ? groupedDigits(static_cast<long long>(r.words)) + " words" : groupedDigits(static_cast<long long>(r.events)) + " times") << ":\n";
            line(r.a, r.kindA);
            line(r.b, r.kindB);
            out << "    e.g. " << r.example << "\n";
        }
        if (report.racesDropped) out << "  (" << report.racesDropped << " more racing pairs were not kept)\n";
    }
    if (report.strayCount) {
        out << "checked: " << groupedDigits(static_cast<long long>(report.strayCount)) << (report.strayCount == 1 ? " access" : " accesses")
            << " outside the kernel's memory skipped before they reached the GPU";
        if (report.strayCount > report.strays.size()) out << " (the first " << report.strays.size() << " below)";
        out << ":\n";
        std::set<std::pair<SourceLine, std::string>> said;
        for (const AccessStray& s : report.strays) {
            if (s.site < 0 || s.site >= static_cast<int>(sites.sites.size())) continue;
            const AccessSite& site = sites.sites[static_cast<std::size_t>(s.site)];
            const SourceLine l = siteLine(site, context);
            std::ostringstream where;
            if (s.misaligned) where << "a misaligned " << s.bytes << "-byte " << site.kind;
            else if (s.nearest == "shared memory") where << "shared memory byte " << s.address << ", past the block's shared memory";
            else if (s.nearest.empty()) where << "address 0x" << std::hex << s.address << std::dec << ", no buffer near";
            else if (s.distance == 0) where << "right after the end of " << s.nearest;
            else if (s.distance > 0) where << groupedDigits(s.distance) << " bytes after the end of " << s.nearest;
            else where << groupedDigits(-s.distance) << " bytes before the start of " << s.nearest;
            if (!said.insert({l, where.str()}).second) continue;
            out << "    " << shortName(l.file, context) << ":" << l.line << "  " << l.text << "  (" << site.kind << ", " << s.bytes
                << " bytes): " << where.str() << ", " << threadText(s.thread, report, s.launch) << "\n";
        }
    }
    if (report.untracked)
        out << "note: " << groupedDigits(static_cast<long long>(report.untracked)) << " global accesses fell outside every buffer racelab knows (not checked for races)\n";
    for (const std::string& n : sites.notCovered) out << "not covered: " << n << "\n";
    if (report.shadowedBytes) {
        char line[160];
        std::snprintf(line, sizeof line, "shadow memory: %.1f MiB for %.1f MiB checked for races (%.1fx)\n", report.shadowBytes / 1048576.0,
                      report.shadowedBytes / 1048576.0, static_cast<double>(report.shadowBytes) / static_cast<double>(report.shadowedBytes));
        out << line;
    }
    return out.str();
}

KernelFrame::Traced tracedBytes(const KernelFrame& frame, std::pair<int, int> pixel) {
    const long long pixels = static_cast<long long>(frame.width) * frame.height;
    const auto [x, y] = pixel;
    if (frame.outputs.empty() || pixels <= 0 || x < 0 || y < 0 || x >= frame.width || y >= frame.height ||
        frame.outputs[0].bytes % static_cast<std::size_t>(pixels) != 0)
        return {};
    const std::size_t perPixel = frame.outputs[0].bytes / static_cast<std::size_t>(pixels);
    const std::size_t row = static_cast<std::size_t>(frame.height - 1 - y);
    return {0, (row * static_cast<std::size_t>(frame.width) + static_cast<std::size_t>(x)) * perPixel, perPixel};
}

std::string formatTracedAccesses(const AccessReport& report, const AccessSites& sites, const FindingContext& context,
                                 std::pair<int, int> pixel) {
    std::ostringstream out;
    const std::vector<TracedAccess>& all = report.traced;
    out << "pixel (" << pixel.first << ", " << pixel.second << "): " << groupedDigits(static_cast<long long>(report.tracedCount)) << " accesses in this frame"
        << (report.tracedCount > all.size() ? " (the first " + std::to_string(all.size()) + " below)" : std::string()) << ", in the order seen:\n";
    for (std::size_t i = 0; i < all.size(); ++i) {
        const TracedAccess& a = all[i];
        if (a.site < 0 || a.site >= static_cast<int>(sites.sites.size())) continue;
        const AccessSite& site = sites.sites[static_cast<std::size_t>(a.site)];
        const SourceLine l = siteLine(site, context);
        out << "  " << i + 1 << ". " << threadText(a.thread, report, a.launch) << "  " << shortName(l.file, context) << ":" << l.line
            << "  " << site.kind;
        // A write is lost when the next write to the pixel is another thread's that did not read it first.
        if (a.write && !a.atomic) {
            for (std::size_t j = i + 1; j < all.size(); ++j) {
                if (!all[j].write) continue;
                if (all[j].thread == a.thread) break;
                bool readFirst = false;
                for (std::size_t k = i + 1; k < j; ++k) readFirst = readFirst || (!all[k].write && all[k].thread == all[j].thread);
                if (!readFirst) out << "  -- lost: " << threadText(all[j].thread, report, all[j].launch) << " wrote over it without reading it";
                break;
            }
        }
        out << "\n";
    }
    return out.str();
}

}  // namespace racelab::userkernel
