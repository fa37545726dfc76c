#include "userkernel/worker/worker_process.hpp"

#include <algorithm>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <vector>

#include "core/asset_paths.hpp"
#include "core/errors.hpp"

extern char** environ;

namespace racelab::userkernel {
namespace {

constexpr std::size_t kKeptLines = 200;
constexpr std::size_t kLongestLine = 1000;  // bytes of one output line kept
constexpr long kEchoedLines = 200;          // output lines of one worker echoed to racelab's stderr
constexpr int kWorkerSocketFd = 3;         // where the worker finds its end of the socket pair
constexpr int kStartTimeoutMs = 60'000;  // a worker's CUDA context, also under compute-sanitizer

// The worker's environment: racelab's, with CUDA_MODULE_LOADING=EAGER unless racelab's own names a mode. A
// whole-file solution's kernels then load when its CUDA runtime starts (in setup, which is not timed), not at
// their first launch, so a fresh renderer's first frame (judge/first_picture.hpp) holds no loading however many
// kernels the solution has (thrust's, say). `storage` owns the added text.
std::vector<char*> workerEnvironment(std::string& storage) {
    std::vector<char*> out;
    bool named = false;
    for (char** entry = environ; *entry; ++entry) {
        named = named || std::strncmp(*entry, "CUDA_MODULE_LOADING=", 20) == 0;
        out.push_back(*entry);
    }
    storage = "CUDA_MODULE_LOADING=EAGER";
    if (!named) out.push_back(storage.data());
    out.push_back(nullptr);
    return out;
}

// RACELAB_TRACE_WORKER=1 prints how long each step of a worker's life took (docs/HARDENING.md: a fault's cost).
class TraceStep {
public:
    explicit TraceStep(const char* what) : what_(what), start_(std::chrono::steady_clock::now()) {}
    ~TraceStep() {
        static const bool on = [] {
            const char* v = std::getenv("RACELAB_TRACE_WORKER");
            return v && *v && std::strcmp(v, "0") != 0;
        }();
        if (on)
            std::fprintf(stderr, "worker trace: %s %.1f ms\n", what_,
                         std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start_).count());
    }

private:
    const char* what_;
    std::chrono::steady_clock::time_point start_;
};

// The racelab binary to start as the worker: $RACELAB_WORKER, else this process's own executable when it is
// racelab, else the racelab beside it (the test binaries live next to it in build/bin).
std::string workerExecutable() {
    if (const char* explicitPath = std::getenv("RACELAB_WORKER"); explicitPath && *explicitPath) return explicitPath;
    const std::string self = executablePath();
    if (self.empty()) return "";
    const std::filesystem::path path(self);
    if (path.filename() == "racelab") return self;
    return (path.parent_path() / "racelab").string();
}

}  // namespace

WorkerProcess::WorkerProcess(std::string label) : label_(std::move(label)) {}

WorkerProcess::~WorkerProcess() { stop(); }

void WorkerProcess::start(int device, int timeoutMs) {
    launch(device);
    awaitReady(timeoutMs);
}

void WorkerProcess::launch(int device) { spawn({"kernel-worker", "--device", std::to_string(device)}); }

void WorkerProcess::launchMode(const std::vector<std::string>& mode) { spawn(mode); }

void WorkerProcess::spawn(const std::vector<std::string>& arguments) {
    stop();
    const TraceStep trace("launch");
    int sockets[2];
    if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sockets) != 0)
        throw Error(std::string("kernel worker: socketpair failed: ") + std::strerror(errno));
    int output[2];
    if (pipe2(output, O_CLOEXEC) != 0) {
        close(sockets[0]), close(sockets[1]);
        throw Error(std::string("kernel worker: pipe failed: ") + std::strerror(errno));
    }
    const int buffer = 1 << 20;
    setsockopt(sockets[0], SOL_SOCKET, SO_SNDBUF, &buffer, sizeof buffer);
    setsockopt(sockets[1], SOL_SOCKET, SO_SNDBUF, &buffer, sizeof buffer);

    // The child gets its socket end as fd 3 and the pipe as stdout and stderr; everything else closes on exec.
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, sockets[1], kWorkerSocketFd);
    posix_spawn_file_actions_adddup2(&actions, output[1], STDOUT_FILENO);
    posix_spawn_file_actions_adddup2(&actions, output[1], STDERR_FILENO);
    const std::string exe = workerExecutable();
    const std::string fdText = std::to_string(kWorkerSocketFd);
    std::vector<char*> argv;
    for (const std::string& part : launcher_) argv.push_back(const_cast<char*>(part.c_str()));
    argv.push_back(const_cast<char*>(exe.c_str()));
    for (const std::string& part : arguments) argv.push_back(const_cast<char*>(part.c_str()));
    for (const char* part : {"--socket-fd", fdText.c_str()}) argv.push_back(const_cast<char*>(part));
    argv.push_back(nullptr);
    // A process group of its own: a launcher (the sandbox, compute-sanitizer) and the worker under it are
    // stopped together (kill), whatever the launcher does with its children.
    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP);
    posix_spawnattr_setpgroup(&attributes, 0);
    pid_t pid = -1;
    std::string added;
    const std::vector<char*> environment = workerEnvironment(added);
    char* const* envp = environment.data();
    const int spawned = exe.empty()          ? ENOENT
                        : launcher_.empty() ? posix_spawn(&pid, exe.c_str(), &actions, &attributes, argv.data(), envp)
                                            : posix_spawnp(&pid, launcher_[0].c_str(), &actions, &attributes, argv.data(), envp);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    close(sockets[1]);
    close(output[1]);
    if (spawned != 0) {
        close(sockets[0]), close(output[0]);
        throw Error("kernel worker: cannot start " +
                    (exe.empty() ? std::string("racelab (its path is unknown)") : launcher_.empty() ? exe : launcher_[0]) +
                    ": " + std::strerror(spawned));
    }
    pid_ = pid;
    group_ = pid;  // POSIX_SPAWN_SETPGROUP with 0: the group is the child's own pid
    channel_ = WorkerChannel(sockets[0]);
    outputFd_ = output[0];
    clearOutput();
    outputReader_ = std::thread([this, fd = outputFd_, label = label_] { readOutput(fd, label); });
    awaitingReady_ = true;
}

void WorkerProcess::awaitReady(int timeoutMs) {
    if (!awaitingReady_) return;
    const TraceStep trace("await ready");
    awaitingReady_ = false;
    nlohmann::json ready;
    const auto status = channel_.receive(ready, timeoutMs);
    if (status != WorkerChannel::Status::Message || !ready.value("ok", false)) {
        std::string why = status == WorkerChannel::Status::TimedOut ? "did not start within " + std::to_string(timeoutMs / 1000) + " s"
                          : status == WorkerChannel::Status::Message ? ready.value("error", std::string("refused to start"))
                                                                     : "ended while starting";
        kill("start");
        throw Error("kernel worker " + why + recentOutput());
    }
}

WorkerReply WorkerProcess::request(const nlohmann::json& message, int timeoutMs, const std::string& whatTimedOut) {
    WorkerReply reply;
    if (awaitingReady_) {
        try {
            awaitReady(kStartTimeoutMs);
        } catch (const Error& e) {
            reply.error = e.what();
            reply.workerLost = true;
            return reply;
        }
    }
    if (!running()) {
        reply.error = "the kernel worker is not running";
        reply.workerLost = true;
        return reply;
    }
    if (!channel_.send(message)) {
        reply.error = "the kernel worker " + exitDescription();
        reply.workerLost = true;
        kill("send");
        return reply;
    }
    WorkerChannel::Status status;
    {
        const TraceStep trace("request");
        status = channel_.receive(reply.message, timeoutMs);
    }
    if (status == WorkerChannel::Status::TimedOut) {
        kill("watchdog");
        reply.error = (whatTimedOut.empty() ? std::string("the kernel worker did not answer") : whatTimedOut) + " within " +
                      [&] {
                          char t[32];
                          std::snprintf(t, sizeof t, "%.1f s", timeoutMs / 1000.0);
                          return std::string(t);
                      }() +
                      ": its worker was stopped (an endless loop?)";
        reply.workerLost = true;
        reply.timedOut = true;
        return reply;
    }
    if (status == WorkerChannel::Status::Closed) {
        // Let the output reader take the worker's last words (a failed assert is printed as it ends).
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        reply.error = "the kernel worker " + exitDescription();
        reply.workerLost = true;
        kill("closed");
        return reply;
    }
    reply.ok = reply.message.value("ok", false);
    if (!reply.ok) reply.error = reply.message.value("error", std::string("the kernel worker failed"));
    if (reply.message.value("workerEnds", false)) {
        reply.workerLost = true;
        kill("fault");
    }
    return reply;
}

std::string WorkerProcess::exitDescription() {
    if (pid_ <= 0) return "is not running";
    int status = 0;
    pid_t done = 0;
    // Give a crashing worker a moment to be reaped.
    for (int i = 0; i < 50 && (done = waitpid(pid_, &status, WNOHANG)) == 0; ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    if (done != pid_) return "stopped answering";
    pid_ = -1;
    // A launcher (bubblewrap, compute-sanitizer) ends as its child did: a child's signal N as exit code 128 + N.
    int signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
    const int code = WIFEXITED(status) ? WEXITSTATUS(status) : 0;
    if (!signal && !launcher_.empty() && code > 128 && code < 128 + 65) signal = code - 128;
    if (limits_)
        if (const std::string limit = limitThatEnded(signal, recentOutput(), *limits_); !limit.empty())
            return "was stopped by " + limit;
    if (WIFSIGNALED(status)) return std::string("ended by signal ") + strsignal(WTERMSIG(status));
    return "ended with exit code " + std::to_string(code) + (signal ? std::string(" (") + strsignal(signal) + ")" : "");
}

void WorkerProcess::kill(const char*) {
    awaitingReady_ = false;
    // The whole group (spawn): a launcher's children too, also once the launcher itself has ended.
    if (group_ > 0) ::kill(-group_, SIGKILL);
    group_ = -1;
    if (pid_ > 0) {
        const TraceStep trace("kill and reap");
        ::kill(pid_, SIGKILL);
        int status = 0;
        waitpid(pid_, &status, 0);
        pid_ = -1;
    }
    if (channel_.fd() >= 0) close(channel_.fd());
    channel_ = WorkerChannel(-1);
    if (outputReader_.joinable()) outputReader_.join();  // ends at the pipe's end of file
    if (outputFd_ >= 0) close(outputFd_);
    outputFd_ = -1;
}

void WorkerProcess::stop() {
    if (pid_ > 0 && channel_.fd() >= 0) {
        channel_.send({{"op", "quit"}});
        // A launcher such as compute-sanitizer writes its report as the worker ends: give it time. A plain
        // worker has nothing to save: a moment to end by itself, then SIGKILL (the driver frees its context
        // either way), so that check and grade do not wait on a context's teardown.
        const int waits = launcher_.empty() ? 20 : 6000;
        for (int i = 0; i < waits; ++i) {
            int status = 0;
            if (waitpid(pid_, &status, WNOHANG) == pid_) {
                pid_ = -1;
                break;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
    }
    kill("stop");
}

void WorkerProcess::readOutput(int fd, const std::string& label) {
    std::string pending;
    char chunk[4096];
    for (;;) {
        const ssize_t got = read(fd, chunk, sizeof chunk);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) break;
        pending.append(chunk, static_cast<std::size_t>(got));
        // A line longer than kLongestLine (a kernel printing without newlines) is taken in pieces of that
        // many bytes, each kept as a line, so that what a worker prints never holds more of racelab's memory
        // than kKeptLines such pieces.
        for (;;) {
            const std::size_t end = pending.find('\n');
            if (end == std::string::npos && pending.size() < kLongestLine) break;
            const bool piece = end == std::string::npos || end > kLongestLine;
            std::string line = pending.substr(0, piece ? kLongestLine : end);
            pending.erase(0, piece ? kLongestLine : end + 1);
            // Echoed as it comes, up to kEchoedLines (a flood of printf would bury racelab's own output);
            // the last kKeptLines stay readable in the kernel's status.
            if (++linesSeen_ <= kEchoedLines) std::fprintf(stderr, "[%s] %s\n", label.c_str(), line.c_str());
            else if (linesSeen_ == kEchoedLines + 1)
                std::fprintf(stderr, "[%s] ... more output not echoed here (its last %zu lines are kept)\n", label.c_str(), kKeptLines);
            std::lock_guard lock(outputMutex_);
            output_.push_back(std::move(line));
            if (output_.size() > kKeptLines) output_.pop_front();
        }
    }
    if (!pending.empty()) {
        std::lock_guard lock(outputMutex_);
        output_.push_back(pending);
    }
}

std::string WorkerProcess::recentOutput(std::size_t lines) const {
    std::lock_guard lock(outputMutex_);
    std::string out;
    const std::size_t first = output_.size() > lines ? output_.size() - lines : 0;
    for (std::size_t i = first; i < output_.size(); ++i) out += "\n  " + output_[i];
    return out;
}

void WorkerProcess::clearOutput() {
    std::lock_guard lock(outputMutex_);
    output_.clear();
}

void endWithParent() {
    const pid_t parent = getppid();
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent) _exit(1);  // the parent ended before the request took hold
}

}  // namespace racelab::userkernel
