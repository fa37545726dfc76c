// The limits a whole-file solution's worker sets on itself (userkernel/worker/worker_limits.hpp), met for real
// in a child process, and the words racelab says them in: the limit, with its value.
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "core/address_sanitizer_build.hpp"
#include "userkernel/worker/worker_limits.hpp"

using namespace racelab;
using namespace racelab::userkernel;

namespace {

struct ChildEnd {
    int signal = 0;     // 0: it exited
    int exitCode = 0;
    std::string said;   // its stderr
};

// Runs `body` in a child process confined by `limits` (no system-call filter: the child forks nothing) and
// reports how it ended.
template <class Body>
ChildEnd runConfined(WorkerLimits limits, Body body) {
    limits.filterSystemCalls = false;
    int pipeFds[2];
    if (pipe(pipeFds) != 0) throw std::runtime_error("pipe");
    const pid_t child = fork();
    if (child == 0) {
        dup2(pipeFds[1], STDERR_FILENO);
        close(pipeFds[0]);
        confineThisProcess(limits);
        // An exception the body does not catch ends the child as it ends a worker (std::terminate), not in the
        // test framework's own handler.
        [&]() noexcept { body(); }();
        _exit(0);
    }
    close(pipeFds[1]);
    ChildEnd end;
    char buffer[512];
    for (ssize_t n; (n = read(pipeFds[0], buffer, sizeof buffer)) > 0;) end.said.append(buffer, static_cast<std::size_t>(n));
    close(pipeFds[0]);
    int status = 0;
    waitpid(child, &status, 0);
    if (WIFSIGNALED(status)) end.signal = WTERMSIG(status);
    else end.exitCode = WEXITSTATUS(status);
    return end;
}

WorkerLimits none() {
    WorkerLimits limits;
    limits.dataBytes = limits.fileBytes = limits.cpuSeconds = 0;
    return limits;
}

}  // namespace

TEST(WorkerLimits, EachLimitIsNamedWithItsValue) {
    const WorkerLimits defaults;  // 16 GiB of host memory, 256 MiB files
    EXPECT_EQ(limitThatEnded(SIGXFSZ, "", defaults), "its file-size limit (RLIMIT_FSIZE, 256 MiB): it wrote a larger file");
    WorkerLimits cpu = defaults;
    cpu.cpuSeconds = 30;
    EXPECT_EQ(limitThatEnded(SIGXCPU, "", cpu), "its CPU-time limit (RLIMIT_CPU, 30 s): its host code ran longer");
    EXPECT_EQ(limitThatEnded(SIGABRT, std::string("x\n") + kHostMemoryRefused + "\n", defaults),
              "its host-memory limit (RLIMIT_DATA, 16 GiB): it asked for more");
    // Nothing a limit explains: an abort of its own, a fault, a limit that was not set.
    EXPECT_EQ(limitThatEnded(SIGABRT, "assertion failed", defaults), "");
    EXPECT_EQ(limitThatEnded(SIGSEGV, "", defaults), "");
    EXPECT_EQ(limitThatEnded(SIGXCPU, "", defaults), "") << "no CPU-time limit by default";
}

TEST(WorkerLimits, AFileLargerThanTheLimitEndsTheProcessAsThatLimit) {
    WorkerLimits limits = none();
    limits.fileBytes = 1 << 20;
    const std::string path = (std::filesystem::temp_directory_path() / ("racelab-fsize-" + std::to_string(getpid()))).string();
    const ChildEnd end = runConfined(limits, [&] {
        FILE* file = std::fopen(path.c_str(), "wb");
        const std::vector<char> block(1 << 16, 'x');
        for (int i = 0; i < 64 && file; ++i) std::fwrite(block.data(), 1, block.size(), file), std::fflush(file);
    });
    std::filesystem::remove(path);
    EXPECT_EQ(end.signal, SIGXFSZ);
    EXPECT_EQ(limitThatEnded(end.signal, end.said, limits), "its file-size limit (RLIMIT_FSIZE, 1 MiB): it wrote a larger file");
}

TEST(WorkerLimits, HostCodeRunningPastItsCpuTimeEndsAsThatLimit) {
    WorkerLimits limits = none();
    limits.cpuSeconds = 1;
    const ChildEnd end = runConfined(limits, [] {
        volatile unsigned long spin = 0;
        for (;;) spin = spin + 1;
    });
    EXPECT_EQ(end.signal, SIGXCPU) << "the soft limit's signal, which racelab can name, before the hard limit's SIGKILL";
    EXPECT_EQ(limitThatEnded(end.signal, end.said, limits), "its CPU-time limit (RLIMIT_CPU, 1 s): its host code ran longer");
}

TEST(WorkerLimits, AnAllocationTheLimitRefusesIsSaidAndThrownAsEver) {
    if (kBuiltWithAddressSanitizer) GTEST_SKIP() << "AddressSanitizer's own allocator: racelab sets no memory limit in that build";
    WorkerLimits limits = none();
    limits.dataBytes = 256LL << 20;
    // Caught, as a solution may: it goes on, and says it was refused.
    const ChildEnd caught = runConfined(limits, [] {
        try {
            volatile char* block = new char[1LL << 30];
            block[0] = 1;
        } catch (const std::bad_alloc&) {
            _exit(7);
        }
    });
    EXPECT_EQ(caught.signal, 0);
    EXPECT_EQ(caught.exitCode, 7) << "std::bad_alloc, as without racelab's handler";
    // Not caught: std::terminate aborts, and racelab names the limit from what the handler said.
    const ChildEnd uncaught = runConfined(limits, [] {
        volatile char* block = new char[1LL << 30];
        block[0] = 1;
    });
    EXPECT_EQ(uncaught.signal, SIGABRT);
    EXPECT_NE(uncaught.said.find(kHostMemoryRefused), std::string::npos) << uncaught.said;
    EXPECT_EQ(limitThatEnded(uncaught.signal, uncaught.said, limits), "its host-memory limit (RLIMIT_DATA, 256 MiB): it asked for more");
}
