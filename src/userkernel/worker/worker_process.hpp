// The kernel worker as racelab's main process sees it: racelab itself started again by exec in its worker
// mode (`racelab kernel-worker`, never fork: CUDA is not fork-safe), with a CUDA context of its own on the same
// GPU, so a kernel that faults or never ends there kills only the worker. Commands go over a socket pair
// (worker_channel.hpp); the worker's stdout and stderr (device printf, failed asserts) come back through a
// pipe, kept as the last lines and echoed to racelab's stderr. Every request has a time limit: past it the
// worker is killed (the watchdog) and the request fails with that reason.
#pragma once
#include <sys/types.h>

#include <deque>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "userkernel/worker/worker_channel.hpp"
#include "userkernel/worker/worker_limits.hpp"

namespace racelab::userkernel {

struct WorkerReply {
    bool ok = false;  // a reply came and said ok
    nlohmann::json message;
    std::string error;  // when not ok: the worker's own message, or what happened to it (timeout, death)
    bool workerLost = false;  // the worker is gone (killed by the watchdog, crashed, or ended after a fault)
    bool timedOut = false;    // no answer within the time limit: the watchdog stopped the worker
};

class WorkerProcess {
public:
    // `label` names the worker in messages and its output lines, e.g. the kernel file's name.
    explicit WorkerProcess(std::string label);
    ~WorkerProcess();
    WorkerProcess(const WorkerProcess&) = delete;
    WorkerProcess& operator=(const WorkerProcess&) = delete;

    // Starts the worker on CUDA device `device` and waits until its context is up. Throws Error on failure.
    void start(int device, int timeoutMs = 60'000);
    // start() in two halves, so that the worker's CUDA context comes up while racelab does other work (the
    // kernel's first compile): launch() returns once the process exists; awaitReady() waits for its context
    // (the first request() does it too). Either throws Error on failure.
    void launch(int device);
    void awaitReady(int timeoutMs = 60'000);
    // The same process in another of racelab's worker modes, e.g. {"compile-worker"}: the socket's arguments
    // follow these (compile_worker.hpp).
    void launchMode(const std::vector<std::string>& mode);
    bool running() const { return pid_ > 0; }
    // Sends `request` and waits up to `timeoutMs` for the answer; on a timeout the worker is killed.
    WorkerReply request(const nlohmann::json& request, int timeoutMs, const std::string& whatTimedOut = "");
    // Ends the worker (asks, then kills after a moment).
    void stop();
    // The worker's last output lines (device printf, assert messages), oldest first.
    std::string recentOutput(std::size_t lines = 12) const;
    void clearOutput();
    void setLabel(std::string label) { label_ = std::move(label); }
    // A program that starts the worker, with its arguments, e.g. {"compute-sanitizer", "--tool", "racecheck",
    // ...}: the worker's command line follows them (found on PATH). Empty: the worker is started directly.
    // Such a launcher writes its report as the worker ends, so stop() waits longer for a graceful end.
    void setLauncher(std::vector<std::string> launcher) { launcher_ = std::move(launcher); }
    // The limits the worker sets on itself (a whole-file solution's, worker_limits.hpp): a worker they end is
    // said to have hit that limit, with its value.
    void setLimits(const WorkerLimits& limits) { limits_ = limits; }

private:
    void spawn(const std::vector<std::string>& arguments);
    void kill(const char* why);
    std::string exitDescription();
    void readOutput(int fd, const std::string& label);

    std::string label_;
    std::vector<std::string> launcher_;
    std::optional<WorkerLimits> limits_;
    pid_t pid_ = -1;
    bool awaitingReady_ = false;
    WorkerChannel channel_;
    int outputFd_ = -1;
    std::thread outputReader_;
    mutable std::mutex outputMutex_;
    std::deque<std::string> output_;
    pid_t group_ = -1;    // the worker's process group (a launcher and what it starts), until killed
    long linesSeen_ = 0;  // by the output reader's thread only
};

// Called first in a worker process: it is killed when its parent (racelab, or the launcher racelab started it
// under) ends, however that ends -- a second Ctrl-C, a crash -- since its own process group no longer
// receives the terminal's signals with racelab's.
void endWithParent();

}  // namespace racelab::userkernel
