// nvcc's messages read as diagnostics (FILE:LINE:COL: error: ...) for a whole-file build: the front end's (EDG,
// as NVRTC's, its column moved to the line as written) and the host compiler's (GCC's), and the output's last
// lines where nothing in it reads as one.
#pragma once
#include <string>
#include <vector>

#include "userkernel/build/compile_diagnostics.hpp"

namespace racelab::userkernel {

std::vector<Diagnostic> parseNvccOutput(const std::string& output);

// The last `count` lines of a long output (a linker's complaint): enough to read, not a screenful of noise.
std::string lastLines(const std::string& text, int count);

// An error in a header both of a build's compiles include (or both halves of one: nvcc_two_chains.hpp) is
// reported twice: said once.
std::vector<Diagnostic> withoutRepeats(const std::vector<Diagnostic>& diagnostics);

}  // namespace racelab::userkernel
