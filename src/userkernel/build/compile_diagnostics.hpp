// NVRTC's compiler log turned into what editors and terminals parse: `FILE:LINE:COL: error: message`, with the
// source line and a caret under the column, as GCC and Clang print them. NVRTC itself writes
// `FILE(LINE): error: message` followed by the source line indented by two spaces and a caret line; the
// column is the caret's place in that line.
#pragma once
#include <string>
#include <vector>

namespace racelab::userkernel {

struct Diagnostic {
    std::string file;
    int line = 0;
    int column = 0;        // 1-based, in bytes (a tab counts one); 0 when NVRTC printed no caret
    std::string severity;  // "error", "warning", "remark", "fatal error"
    std::string message;
    std::string sourceLine;  // the line as NVRTC quoted it, "" when none
    // Where a template in a header was instantiated from (EDG's "detected during ... at line N of FILE"): for a
    // contract check in racelab's headers, the user's own line. Empty file when none.
    std::string fromFile;
    int fromLine = 0;
    // `FILE:LINE:COL: severity: message` (without :COL when the column is unknown).
    std::string headline() const;
};

// The diagnostics of one log, in order; lines that are no diagnostic (the closing count) are dropped.
std::vector<Diagnostic> parseNvrtcLog(const std::string& log);
// Every diagnostic as its headline, source line and caret, one block after the other.
std::string formatDiagnostics(const std::vector<Diagnostic>& diagnostics);
// The number of diagnostics of severity "error" or "fatal error".
int errorCount(const std::vector<Diagnostic>& diagnostics);

}  // namespace racelab::userkernel
