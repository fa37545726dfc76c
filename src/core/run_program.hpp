// Running a program to its end, as an argument vector (posix_spawn: no shell, so a path is never parsed), with
// its standard output and error captured together and a time limit after which it is killed with its whole
// process group. For the compilers racelab starts on a user's file (nvcc).
#pragma once
#include <string>
#include <vector>

namespace racelab {

struct ProgramRun {
    int exitCode = -1;       // the program's exit status; -1 when it did not exit by itself
    bool started = false;    // false: it could not be started (startError says why)
    bool timedOut = false;   // killed at the time limit
    std::string output;      // standard output and error, interleaved as written
    std::string startError;
};

// Runs argv[0] (a path) with `argv` and waits at most `timeoutSeconds` for it.
ProgramRun runProgram(const std::vector<std::string>& argv, double timeoutSeconds);

}  // namespace racelab
