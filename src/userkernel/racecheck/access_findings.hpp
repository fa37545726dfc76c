// An instrumented frame's report (access_report.hpp) in the user's terms: racing pairs of *lines* (a pair of
// sites folded with every other pair on the same two lines), each with both lines' text, the kind, whether
// within a block or across blocks, how many words, and an example (the buffer, the element, for an image the
// pixel in PNG coordinates, and the two threads); skipped out-of-bounds accesses with their line, address and
// nearest buffer. Lines are the user's: an access inside a toolkit function (atomicAdd) is named at the line
// that called it.
#pragma once
#include <set>
#include <string>
#include <vector>

#include "scenes/kernel_contract.hpp"
#include "userkernel/racecheck/access_report.hpp"
#include "userkernel/racecheck/ptx_instrument.hpp"

namespace racelab::userkernel {

struct SourceLine {
    std::string file;
    int line = 0;
    std::string text;  // the line itself, trimmed ("" when the file cannot be read)
    bool operator<(const SourceLine& o) const { return file != o.file ? file < o.file : line < o.line; }
    bool operator==(const SourceLine& o) const { return file == o.file && line == o.line; }
};

struct RacingLines {
    bool writeWrite = false;
    bool acrossBlocks = false;
    SourceLine a, b;  // a read-write race: a the read, b the write
    std::string kindA, kindB;  // "load", "store", "atomic"
    unsigned long long words = 0, events = 0;
    std::string example;  // "imageData element 1234 (pixel (10, 20)): thread ... and thread ... of kernel"
};

// What the findings need beyond the report: the user's files (where lines are looked for first) and the
// frame's size, for pixels.
struct FindingContext {
    std::set<std::string> userFiles;  // the kernel file and its local headers (KernelBuild::dependencies)
    int width = 0, height = 0;
    std::vector<std::pair<std::string, std::size_t>> outputs;  // name, bytes: image outputs get pixels
};

// The site's line in the user's terms.
SourceLine siteLine(const AccessSite& site, const FindingContext& context);

// Every racing pair of lines, most words first.
std::vector<RacingLines> racingLines(const AccessReport& report, const AccessSites& sites, const FindingContext& context);

// The bytes of output 0 that hold pixel (x, y) (PNG coordinates; outputs hold the bottom row first); none
// (bytes 0) when the output is no image of the frame's size or the pixel lies outside.
KernelFrame::Traced tracedBytes(const KernelFrame& frame, std::pair<int, int> pixel);

// The pixel inspector: every access to the traced pixel in the order the checks saw them, each with its
// thread, line and kind, and for a write whether its update was lost (another thread wrote the pixel next
// without reading it first).
std::string formatTracedAccesses(const AccessReport& report, const AccessSites& sites, const FindingContext& context,
                                 std::pair<int, int> pixel);

// What check --races prints: the races (or that there were none, and what was looked at), the skipped
// accesses, and what the instrumentation did not cover.
std::string formatAccessFindings(const AccessReport& report, const AccessSites& sites, const FindingContext& context);

}  // namespace racelab::userkernel
