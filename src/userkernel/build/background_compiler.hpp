// The live side of a user kernel file: a thread that watches the file (file_watch.hpp) and compiles it on every
// save (NVRTC in its compile process, compile_worker.hpp; a whole-file solution with nvcc, whole_file_build.hpp),
// so the frame loop never waits for a compiler. The frame loop takes each finished build when it is ready
// (takeFinished) and swaps the kernel in at its next frame. The compile process lives as long as this object,
// so NVRTC's precompiled headers outlive any kernel worker's restart.
#pragma once
#include <atomic>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "userkernel/build/compile_worker.hpp"
#include "userkernel/build/kernel_cache.hpp"
#include "userkernel/build/kernel_compiler.hpp"

namespace racelab::userkernel {

class BackgroundCompiler {
public:
    // Starts compiling `request` at once, then again at every change of the file or its local headers
    // (polled every `pollMs`); `watch` false compiles once.
    BackgroundCompiler(CompileRequest request, std::string cacheFolder, bool watch, int pollMs = 50);
    ~BackgroundCompiler();
    BackgroundCompiler(const BackgroundCompiler&) = delete;
    BackgroundCompiler& operator=(const BackgroundCompiler&) = delete;

    // The newest finished build not taken yet.
    std::optional<KernelBuild> takeFinished();
    // Blocks until a build is finished (or `timeoutMs` passed) and takes it.
    std::optional<KernelBuild> waitForBuild(int timeoutMs);
    bool compiling() const { return compiling_; }
    // Compile again now (the panel's button), whether or not the file changed.
    void recompile();
    const std::string& sourcePath() const { return request_.sourcePath; }

private:
    void run();

    CompileRequest request_;
    KernelCache cache_;
    CompileWorker nvrtc_;  // launch-list kernels: NVRTC in a process of its own, kept between saves
    bool watch_;
    int pollMs_;
    std::atomic<bool> compiling_{false};
    std::mutex mutex_;
    std::condition_variable finishedOrWoken_;
    std::optional<KernelBuild> finished_;
    bool recompile_ = true, stop_ = false;
    std::thread thread_;
};

}  // namespace racelab::userkernel
