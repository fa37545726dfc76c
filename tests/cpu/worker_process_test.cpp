// The worker process's bounds, without a GPU: a stand-in worker (a shell script as the "launcher", which says
// ready on the worker's socket and then behaves badly) floods its output and leaves a child running. racelab
// keeps only the last 200 lines, none longer than 1,000 bytes, and stopping the worker (here by the watchdog)
// ends its whole process group, the child too. And grade's row messages keep the last 4 KiB of what was printed.
#include <gtest/gtest.h>

#include <signal.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "app/grade_rows.hpp"
#include "userkernel/worker/worker_process.hpp"

namespace fs = std::filesystem;
using namespace racelab;
using namespace racelab::userkernel;

namespace {

// Gone, or a zombie no one has reaped yet: either way it runs no more.
bool processEnded(pid_t pid) {
    if (::kill(pid, 0) != 0) return true;
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::string text((std::istreambuf_iterator<char>(stat)), {});
    const std::size_t close = text.rfind(')');
    return close != std::string::npos && close + 2 < text.size() && text[close + 2] == 'Z';
}

template <class Condition>
bool waitFor(Condition condition, double seconds) {
    const auto end = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    while (std::chrono::steady_clock::now() < end) {
        if (condition()) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return condition();
}

}  // namespace

TEST(WorkerProcessBounds, AFloodIsKeptBoundedAndAStoppedWorkerTakesItsWholeGroup) {
    const fs::path pidFile = fs::temp_directory_path() / ("racelab-worker-child-" + std::to_string(::getpid()));
    fs::remove(pidFile);
    // {"ok": true} in CBOR, as one packet on the worker's socket (fd 3): the worker is ready. Then 500 short
    // lines, one line of 5,000 bytes, a child that would sleep for 5 minutes, and no answer to anything.
    const std::string script = "printf '\\241\\142\\157\\153\\365' >&3; i=0; while [ $i -lt 500 ]; do echo line $i; "
                               "i=$((i+1)); done; head -c 5000 /dev/zero | tr '\\000' x; echo; sleep 300 & echo $! > " +
                               pidFile.string() + "; wait";
    WorkerProcess worker("flood");
    worker.setLauncher({"/bin/sh", "-c", script});
    worker.launchMode({"compile-worker"});
    worker.awaitReady(10'000);
    ASSERT_TRUE(waitFor([&] { return fs::exists(pidFile) && fs::file_size(pidFile) > 0; }, 10));
    pid_t child = 0;
    std::ifstream(pidFile) >> child;
    ASSERT_GT(child, 0);
    // Until the reader has taken all 5,000 bytes of the long line (a pipe hands them over in reads of its own).
    ASSERT_TRUE(waitFor([&] {
        const std::string output = worker.recentOutput(1000);
        return std::count(output.begin(), output.end(), 'x') == 5000;
    }, 10));

    // 500 lines, then the long one in pieces of at most 1,000 bytes (5, or 6 with an empty one where its end
    // came in a read of its own); the last 200 lines are kept.
    const std::string kept = worker.recentOutput(1000);
    std::istringstream lines(kept);
    std::vector<std::string> keptLines;
    for (std::string line; std::getline(lines, line);)
        if (line.size() >= 2) keptLines.push_back(line.substr(2));  // recentOutput starts each line with "\n  "
    ASSERT_EQ(keptLines.size(), 200u);
    const auto last = std::find(keptLines.begin(), keptLines.end(), "line 499");
    ASSERT_NE(last, keptLines.end());
    const std::size_t pieces = static_cast<std::size_t>(keptLines.end() - last - 1);
    EXPECT_TRUE(pieces == 5 || pieces == 6) << pieces;
    EXPECT_EQ(keptLines.front(), "line " + std::to_string(500 - (200 - pieces)));
    std::size_t bytes = 0;
    for (auto piece = last + 1; piece != keptLines.end(); ++piece) {
        EXPECT_LE(piece->size(), 1000u);
        EXPECT_EQ(piece->find_first_not_of('x'), std::string::npos);
        bytes += piece->size();
    }
    EXPECT_EQ(bytes, 5000u);

    const WorkerReply reply = worker.request({{"op", "nothing"}}, 300, "the stand-in worker");
    EXPECT_TRUE(reply.timedOut);
    EXPECT_TRUE(reply.workerLost);
    EXPECT_TRUE(waitFor([&] { return processEnded(child); }, 5)) << "the worker's child " << child << " outlived it";
    if (!processEnded(child)) ::kill(child, SIGKILL);
    fs::remove(pidFile);
}

TEST(GradeRows, AMessageKeepsItsLastFourKibibytesFromALineStart) {
    EXPECT_EQ(boundedTail("short\nmessage"), "short\nmessage");
    std::string printed;
    for (int i = 0; i < 1000; ++i) printed += "printf line " + std::to_string(i) + "\n";  // 16 to 17 bytes a line
    const std::string tail = boundedTail(printed);
    EXPECT_LE(tail.size(), kMessageTailBytes + 64);
    const std::size_t note = tail.find(" earlier bytes of output not kept]\n");
    ASSERT_NE(note, std::string::npos);
    const std::size_t cut = std::stoul(tail.substr(1, note - 1));
    EXPECT_EQ(printed.substr(cut), tail.substr(note + 35));  // the rest, to the last byte
    EXPECT_EQ(printed[cut - 1], '\n') << "the kept part starts at a line";
    EXPECT_NE(tail.find("printf line 999\n"), std::string::npos);
}

// A worker loads a solution's kernels when its CUDA runtime starts, not at their first launch (a fresh
// renderer's first frame then holds no loading: judge/first_picture.hpp), unless racelab's own environment
// names a mode. The stand-in worker prints the mode it was given, says ready and ends.
TEST(WorkerProcessBounds, AWorkerLoadsKernelsEagerlyUnlessRacelabsEnvironmentSaysOtherwise) {
    const auto modeSeen = [] {
        WorkerProcess worker("environment");
        // It ends once it has said so: stop() then has nothing to wait for.
        worker.setLauncher({"/bin/sh", "-c", "echo \"mode=$CUDA_MODULE_LOADING\"; printf '\\241\\142\\157\\153\\365' >&3"});
        worker.launchMode({"compile-worker"});
        worker.awaitReady(10'000);
        waitFor([&] { return worker.recentOutput(10).find("mode=") != std::string::npos; }, 10);
        const std::string output = worker.recentOutput(10);
        worker.stop();
        const std::size_t at = output.find("mode=");
        return at == std::string::npos ? std::string("(nothing printed)") : output.substr(at + 5, output.find('\n', at) - at - 5);
    };
    const char* before = std::getenv("CUDA_MODULE_LOADING");
    const std::string saved = before ? before : "";
    ::unsetenv("CUDA_MODULE_LOADING");
    EXPECT_EQ(modeSeen(), "EAGER");
    ::setenv("CUDA_MODULE_LOADING", "LAZY", 1);
    EXPECT_EQ(modeSeen(), "LAZY");
    if (before) ::setenv("CUDA_MODULE_LOADING", saved.c_str(), 1);
    else ::unsetenv("CUDA_MODULE_LOADING");
}
