#include "userkernel/worker/worker_limits.hpp"

#include <seccomp.h>
#include <sched.h>
#include <sys/resource.h>
#include <sys/socket.h>

#include <cerrno>
#include <cstring>
#include <string>

#include "core/address_sanitizer_build.hpp"
#include "core/errors.hpp"

namespace racelab::userkernel {
namespace {

void setLimit(int resource, long long value, const char* name) {
    const rlimit limit{static_cast<rlim_t>(value), static_cast<rlim_t>(value)};
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

}  // namespace

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
    if (limits.dataBytes > 0 && !kBuiltWithAddressSanitizer) setLimit(RLIMIT_DATA, limits.dataBytes, "host memory (RLIMIT_DATA)");
    if (limits.fileBytes > 0) setLimit(RLIMIT_FSIZE, limits.fileBytes, "file size (RLIMIT_FSIZE)");
    if (limits.cpuSeconds > 0) setLimit(RLIMIT_CPU, limits.cpuSeconds, "CPU time (RLIMIT_CPU)");
    if (limits.filterSystemCalls) filterSystemCalls();
}

}  // namespace racelab::userkernel
