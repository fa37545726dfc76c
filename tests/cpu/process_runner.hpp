// Runs the racelab binary (or any program) and captures its exit code and combined output. runProgram takes
// an argument vector and starts the program with posix_spawnp: no shell parses anything, so an argument is
// passed exactly as written (quotes, $(...), a leading dash). runCommand keeps a shell, for the tests that use
// its redirections and environment prefixes on fixed command lines.
#pragma once
#include <array>
#include <cstdio>
#include <spawn.h>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

extern char** environ;

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

// argv[0] is looked up on PATH when it has no slash; `workingDirectory` ("" for this one) is where it runs.
inline ProcessResult runProgram(const std::vector<std::string>& argv, const std::string& workingDirectory = "") {
    ProcessResult result;
    int fds[2];
    if (argv.empty() || pipe(fds) != 0) return result;
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, fds[1], 1);
    posix_spawn_file_actions_adddup2(&actions, fds[1], 2);
    posix_spawn_file_actions_addclose(&actions, fds[0]);
    if (!workingDirectory.empty()) posix_spawn_file_actions_addchdir_np(&actions, workingDirectory.c_str());
    std::vector<char*> args;
    for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    pid_t pid = 0;
    const int spawned = posix_spawnp(&pid, args[0], &actions, nullptr, args.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    close(fds[1]);
    if (spawned != 0) {
        close(fds[0]);
        result.output = "cannot start " + argv[0];
        return result;
    }
    std::array<char, 4096> buffer{};
    for (ssize_t n; (n = read(fds[0], buffer.data(), buffer.size())) > 0;) result.output.append(buffer.data(), static_cast<std::size_t>(n));
    close(fds[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    result.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return result;
}
