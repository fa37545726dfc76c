#include "userkernel/build/background_compiler.hpp"

#include <chrono>

#include "userkernel/build/file_watch.hpp"
#include "userkernel/build/whole_file_build.hpp"

namespace racelab::userkernel {

BackgroundCompiler::BackgroundCompiler(CompileRequest request, std::string cacheFolder, bool watch, int pollMs)
    : request_(std::move(request)), cache_(std::move(cacheFolder)), watch_(watch), pollMs_(pollMs) {
    thread_ = std::thread([this] { run(); });
}

BackgroundCompiler::~BackgroundCompiler() {
    {
        std::lock_guard lock(mutex_);
        stop_ = true;
    }
    finishedOrWoken_.notify_all();
    thread_.join();
}

std::optional<KernelBuild> BackgroundCompiler::takeFinished() {
    std::lock_guard lock(mutex_);
    std::optional<KernelBuild> out = std::move(finished_);
    finished_.reset();
    return out;
}

std::optional<KernelBuild> BackgroundCompiler::waitForBuild(int timeoutMs) {
    std::unique_lock lock(mutex_);
    finishedOrWoken_.wait_for(lock, std::chrono::milliseconds(timeoutMs), [&] { return finished_.has_value(); });
    std::optional<KernelBuild> out = std::move(finished_);
    finished_.reset();
    return out;
}

void BackgroundCompiler::recompile() {
    {
        std::lock_guard lock(mutex_);
        recompile_ = true;
    }
    finishedOrWoken_.notify_all();
}

void BackgroundCompiler::run() {
    FileWatch watch;
    for (;;) {
        {
            std::unique_lock lock(mutex_);
            finishedOrWoken_.wait_for(lock, std::chrono::milliseconds(pollMs_), [&] { return stop_ || recompile_; });
            if (stop_) return;
            const bool asked = recompile_;
            recompile_ = false;
            lock.unlock();
            if (!asked && !(watch_ && watch.changed())) continue;
        }
        compiling_ = true;
        // Watch what this build reads, stamped before it reads it: a save during the compile is seen, and a
        // header added to the file's includes is watched from now on.
        watch.setFiles(localIncludes(request_.sourcePath));
        KernelBuild build = request_.wholeFile
                                ? buildWholeFile({request_.sourcePath, request_.architecture, 300, request_.accessChecks}, *request_.wholeFile, cache_)
                                : nvrtc_.compile(request_, cache_.folder());
        compiling_ = false;
        {
            std::lock_guard lock(mutex_);
            finished_ = std::move(build);
        }
        finishedOrWoken_.notify_all();
        if (!watch_) {
            std::unique_lock lock(mutex_);
            finishedOrWoken_.wait(lock, [&] { return stop_ || recompile_; });
            if (stop_) return;
        }
    }
}

}  // namespace racelab::userkernel
