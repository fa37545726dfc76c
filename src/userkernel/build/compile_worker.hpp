// NVRTC compiles of user kernels in a process of their own: racelab started again as `racelab compile-worker`
// (worker_process.hpp), because inside racelab's process an NVRTC compile cannot be interrupted (a 2^20-step
// `#pragma unroll` took 13 s and 175 MB). racelab waits for each compile with a time limit and ends the process
// past it; the process also has a memory limit of its own. It lives on between compiles, so NVRTC's
// precompiled headers stay warm for the next save; one that was stopped is started again for the next.
#pragma once
#include <memory>
#include <string>

#include "userkernel/build/kernel_compiler.hpp"

namespace racelab::userkernel {

class WorkerProcess;

struct CompileLimits {
    double seconds = 120;              // a compile's wall-clock time
    long long addressBytes = 8LL << 30;  // RLIMIT_AS of the compile process (it holds no CUDA context)
};

class CompileWorker {
public:
    explicit CompileWorker(CompileLimits limits = {});
    ~CompileWorker();
    CompileWorker(const CompileWorker&) = delete;
    CompileWorker& operator=(const CompileWorker&) = delete;

    // compileKernel(request, KernelCache(cacheFolder)) in the compile process. Never throws for a bad kernel
    // or a compile past the limits: the build says what happened.
    KernelBuild compile(const CompileRequest& request, const std::string& cacheFolder);

private:
    CompileLimits limits_;
    std::unique_ptr<WorkerProcess> process_;
};

// The compile process's side: answers compile requests on `socketFd` until told to quit.
int runCompileWorker(int socketFd, long long addressBytes);

}  // namespace racelab::userkernel
