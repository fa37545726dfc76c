// When racelab itself crashes (a segmentation fault, a bus error, an abort in its own process -- never a
// user's kernel, which runs in a worker of its own), it says so on stderr with the addresses of its call stack
// before it dies of the same signal, so that the report names where, e.g.:
//   racelab crashed (signal 11, Segmentation fault): a fault of racelab's, not of your code. Its stack:
//   build/bin/racelab(+0x1a2b3c) ...
// `addr2line -f -C -e build/bin/racelab 0x1a2b3c` turns each offset into a function and a line of the binary
// that printed it.
#pragma once

namespace racelab {

// Installs the report for SIGSEGV, SIGBUS, SIGFPE, SIGILL and SIGABRT (once; later calls do nothing). With
// RACELAB_CRASH_ON_PURPOSE=1 in the environment it then crashes at once, so that the report can be tested.
void reportCrashes();

}  // namespace racelab
