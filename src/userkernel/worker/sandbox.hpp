// The sandbox a whole-file solution's worker runs in: Debian's bubblewrap (bwrap), started as the worker's
// launcher (worker_process.hpp), with namespaces of its own for processes, the network (none), IPC, users, the
// host name and cgroups, ended with racelab (--die-with-parent), in a file system that shows only what the
// worker needs to run, read-only: the system's programs and libraries (/usr and its links), the dynamic
// linker's cache and /etc/alternatives' links, /sys, racelab's own install folder and library path, the solution's folder, the GPU's device
// nodes; and one writable folder of its own, its /tmp, which racelab empties and removes when it is done.
// Home folders, /etc, /root, /work and every other file of the machine are absent. The worker's own limits
// (worker_limits.hpp) hold inside it. docs/HARDENING.md says what each part holds back.
#pragma once
#include <string>
#include <vector>

namespace racelab::userkernel {

struct SandboxRequest {
    std::string scratchFolder;               // writable: the sandbox's /tmp
    std::vector<std::string> readOnlyFolders;  // shown at their own paths (the solution's folder, a launcher's)
    std::vector<std::string> writableFolders;  // shown writable at their own paths (a launcher's report folder)
};

struct Sandbox {
    bool available = false;
    std::string why;                    // when not available: what is missing and how to get it
    std::vector<std::string> launcher;  // bwrap and its arguments; the worker's command line follows
    std::string insideScratch = "/tmp";  // the scratch folder's path inside
};

// The bubblewrap program ($RACELAB_BWRAP, else bwrap on PATH), "" when none.
std::string findBubblewrap();
// Whether bubblewrap can make its namespaces here (tried once a process: a container may forbid them).
bool bubblewrapStarts(std::string* why);

Sandbox makeSandbox(const SandboxRequest& request);

}  // namespace racelab::userkernel
