// Runs the racelab binary (or any command) in a shell and captures its exit code and combined output.
#pragma once
#include <array>
#include <cstdio>
#include <string>
#include <sys/wait.h>

struct ProcessResult {
    int exitCode = -1;
    std::string output;
};

inline ProcessResult runCommand(const std::string& command) {
    ProcessResult result;
    FILE* pipe = popen((command + " 2>&1").c_str(), "r");
    if (!pipe) return result;
    std::array<char, 4096> buffer{};
    while (fgets(buffer.data(), buffer.size(), pipe)) result.output += buffer.data();
    int status = pclose(pipe);
    result.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return result;
}

inline ProcessResult runRacelab(const std::string& arguments) {
    return runCommand(std::string(RACELAB_BINARY) + " " + arguments);
}
