// compute-sanitizer's reports on a user kernel, mapped to the kernel's own lines.
//
// racelab runs the kernel worker under compute-sanitizer (`check --sanitize`) with its text log written to a
// file (--log-file). Each report there starts with an unindented line after the "=========" prefix ("Invalid
// __global__ write of size 4 bytes", "Error: Race reported between Write access at k()+0x1e0 in FILE:12")
// and goes on with indented lines; a location is "at FUNCTION+OFFSET in FILE:LINE", which the kernel's line
// info (NVRTC -lineinfo, the program named by the file's absolute path) fills with the user's file and line.
// Only reports that name the user's file are kept: racelab's own code in the worker is not the user's concern.
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace racelab::judge {

struct SanitizerLocation {
    std::string what;  // the access at this place, e.g. "Write access", or the report's first line
    std::string function;
    std::string file;  // the user's file as given (the tool may print its name alone)
    int line = 0;
    bool operator==(const SanitizerLocation&) const = default;
};

struct SanitizerFinding {
    std::string tool;     // "memcheck", "racecheck"
    std::string summary;  // the report's first line without its locations, e.g. "Invalid __global__ write of size 4 bytes"
    std::vector<SanitizerLocation> locations;  // in the user's file, in the order the report names them
    long hazards = 0;     // racecheck's "[N hazards]", 0 when not given
    int times = 1;        // reports with the same summary and locations, told once
};

// The reports of one log that name `sourcePath` (an absolute path; a location naming only the file's name
// also counts, for toolkits that print the name alone). Identical reports are merged (`times`).
std::vector<SanitizerFinding> parseSanitizerLog(std::string_view log, std::string_view tool, const std::string& sourcePath);

// Whether the log's summary line says the tool found nothing ("ERROR SUMMARY: 0 errors", "RACECHECK
// SUMMARY: 0 hazards displayed"); false when it has no summary (the run did not finish).
bool sanitizerLogIsClean(std::string_view log);

// Each finding at each of its lines as editors parse it: "FILE:LINE: error: TOOL: SUMMARY[, N hazards]" (with
// "[this line: WHAT]" when the report names several lines), then the source line itself
// ("   12 | ..."), read from `sourceText` (the kernel file's content). Ends with a newline; "" for none.
std::string formatSanitizerFindings(const std::vector<SanitizerFinding>& findings, const std::string& sourceText);

}  // namespace racelab::judge
