// What a whole-file solution's worker may do, set by the worker on itself just before it loads the solution
// (whose static initialisers run at load), and held whether or not it runs in the sandbox (sandbox.hpp):
// resource limits (host memory, file size, CPU time, no core files) and a system-call filter (seccomp, through
// Debian's libseccomp) that refuses new processes, programs and network sockets. Threads stay allowed: the CUDA
// driver makes its own. docs/HARDENING.md lists each limit and what it stops.
#pragma once
#include <nlohmann/json.hpp>

#include <string>

namespace racelab::userkernel {

struct WorkerLimits {
    // RLIMIT_DATA: the heap and every private writable mapping, i.e. the host memory a solution can take.
    // (Not RLIMIT_AS: the CUDA driver reserves address space in proportion to the GPUs' memory, not use.)
    long long dataBytes = 16LL << 30;
    long long fileBytes = 256LL << 20;  // RLIMIT_FSIZE: the largest file it may write (its scratch folder only)
    long long cpuSeconds = 0;           // RLIMIT_CPU; 0: none (a viewer runs for hours; grade sets its budget)
    bool filterSystemCalls = true;      // fork, vfork, clone of a process, execve, execveat, non-local sockets
};

nlohmann::json limitsJson(const WorkerLimits& limits);
WorkerLimits limitsFrom(const nlohmann::json& limits);

// Applies `limits` to this process for the rest of its life. Throws Error when one cannot be set. An allocation
// by operator new that the memory limit refuses is said on stderr (kHostMemoryRefused, once) before the
// std::bad_alloc it throws as ever, so that racelab can name the limit when the solution ends on it.
void confineThisProcess(const WorkerLimits& limits);
inline constexpr const char* kHostMemoryRefused = "racelab: the host-memory limit (RLIMIT_DATA) refused an allocation";

// The limit that ended a worker, in words with its value ("its file-size limit (RLIMIT_FSIZE, 256 MiB): it
// wrote a larger file"), from how it ended: `signal` (0 when it exited) and its last output; "" when no limit
// explains the end. A process fork or a socket the filter refuses fails in the solution and ends nothing.
std::string limitThatEnded(int signal, const std::string& lastOutput, const WorkerLimits& limits);

}  // namespace racelab::userkernel
