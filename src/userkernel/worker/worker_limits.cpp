#include "userkernel/worker/worker_limits.hpp"

#include "core/bytes_text.hpp"

#include <seccomp.h>
#include <sched.h>
#include <sys/resource.h>
#include <sys/socket.h>

#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <new>
#include <string>
#include <string_view>

#include "core/address_sanitizer_build.hpp"
#include "core/errors.hpp"

namespace racelab::userkernel {
namespace {

// `hard` above `soft` for CPU time: at the soft limit the kernel sends SIGXCPU, which racelab can name; at a
// hard limit equal to it, SIGKILL, which could be anything.
void setLimit(int resource, long long soft, const char* name, long long hard = 0) {
    const rlimit limit{static_cast<rlim_t>(soft), static_cast<rlim_t>(hard > soft ? hard : soft)};
    if (setrlimit(resource, &limit) != 0)
        throw Error(std::string("kernel worker: cannot limit ") + name + ": " + std::strerror(errno));
}

// Refused calls fail with an error the solution can see (EPERM; clone3 ENOSYS, so that glibc makes its
// threads with clone, whose flags the filter can read); the solution is not killed for trying.
void filterSystemCalls() {
    scmp_filter_ctx filter = seccomp_init(SCMP_ACT_ALLOW);
    if (!filter) throw Error("kernel worker: cannot make a system-call filter");
    int failed = 0;
    failed |= seccomp_rule_add(filter, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(fork), 0);
    failed |= seccomp_rule_add(filter, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(vfork), 0);
    // clone without CLONE_THREAD makes a process; with it, a thread (the CUDA driver's, the solution's own).
    failed |= seccomp_rule_add(filter, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(clone), 1,
                               SCMP_A0(SCMP_CMP_MASKED_EQ, static_cast<scmp_datum_t>(CLONE_THREAD), 0));
    failed |= seccomp_rule_add(filter, SCMP_ACT_ERRNO(ENOSYS), SCMP_SYS(clone3), 0);
    failed |= seccomp_rule_add(filter, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(execve), 0);
    failed |= seccomp_rule_add(filter, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(execveat), 0);
    // Sockets of every family but AF_UNIX (which the C library and the CUDA tools use within the machine).
    failed |= seccomp_rule_add(filter, SCMP_ACT_ERRNO(EACCES), SCMP_SYS(socket), 1,
                               SCMP_A0(SCMP_CMP_NE, static_cast<scmp_datum_t>(AF_UNIX)));
    if (failed == 0) failed = seccomp_load(filter);  // sets no_new_privs first (libseccomp's default)
    seccomp_release(filter);
    if (failed != 0) throw Error(std::string("kernel worker: cannot load its system-call filter: ") + std::strerror(-failed));
}

// operator new's handler once RLIMIT_DATA refuses memory: says so (once; write(2) only, nothing here may
// allocate) and throws what operator new would have, so a solution that catches it goes on as it would.
void sayRefusedMemory() {
    static std::atomic<bool> said{false};
    if (!said.exchange(true)) {
        const std::string_view line = kHostMemoryRefused;
        [[maybe_unused]] const ssize_t a = write(STDERR_FILENO, line.data(), line.size());
        [[maybe_unused]] const ssize_t b = write(STDERR_FILENO, "\n", 1);
    }
    throw std::bad_alloc();
}

}  // namespace

std::string limitThatEnded(int signal, const std::string& lastOutput, const WorkerLimits& limits) {
    if (signal == SIGXFSZ && limits.fileBytes > 0)
        return "its file-size limit (RLIMIT_FSIZE, " + bytesText(limits.fileBytes) + "): it wrote a larger file";
    if (signal == SIGXCPU && limits.cpuSeconds > 0)
        return "its CPU-time limit (RLIMIT_CPU, " + std::to_string(limits.cpuSeconds) + " s): its host code ran longer";
    // An allocation refused and not caught ends in std::terminate's abort.
    if (signal == SIGABRT && limits.dataBytes > 0 && lastOutput.find(kHostMemoryRefused) != std::string::npos)
        return "its host-memory limit (RLIMIT_DATA, " + bytesText(limits.dataBytes) + "): it asked for more";
    return "";
}

nlohmann::json limitsJson(const WorkerLimits& limits) {
    return {{"dataBytes", limits.dataBytes},
            {"fileBytes", limits.fileBytes},
            {"cpuSeconds", limits.cpuSeconds},
            {"filterSystemCalls", limits.filterSystemCalls}};
}

WorkerLimits limitsFrom(const nlohmann::json& j) {
    WorkerLimits limits;
    limits.dataBytes = j.value("dataBytes", limits.dataBytes);
    limits.fileBytes = j.value("fileBytes", limits.fileBytes);
    limits.cpuSeconds = j.value("cpuSeconds", limits.cpuSeconds);
    limits.filterSystemCalls = j.value("filterSystemCalls", limits.filterSystemCalls);
    return limits;
}

void confineThisProcess(const WorkerLimits& limits) {
    setLimit(RLIMIT_CORE, 0, "core files");
    if (limits.dataBytes > 0 && !kBuiltWithAddressSanitizer) {
        setLimit(RLIMIT_DATA, limits.dataBytes, "host memory (RLIMIT_DATA)");
        std::set_new_handler(sayRefusedMemory);
    }
    if (limits.fileBytes > 0) setLimit(RLIMIT_FSIZE, limits.fileBytes, "file size (RLIMIT_FSIZE)");
    if (limits.cpuSeconds > 0) setLimit(RLIMIT_CPU, limits.cpuSeconds, "CPU time (RLIMIT_CPU)", limits.cpuSeconds + 2);
    if (limits.filterSystemCalls) filterSystemCalls();
}

}  // namespace racelab::userkernel
