// The sandbox of whole-file solutions (userkernel/sandbox.hpp) with a shell in place of the worker: what it can
// read, write and reach. Skipped, with bubblewrap's reason, where bubblewrap cannot start (a container that
// forbids namespaces); the GPU tests run real hostile solutions in it.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "core/run_program.hpp"
#include "fresh_folder.hpp"
#include "userkernel/worker/sandbox.hpp"

namespace fs = std::filesystem;
using namespace racelab;
using namespace racelab::userkernel;

namespace {

std::string contents(const fs::path& path) {
    std::ifstream in(path);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

}  // namespace

TEST(Sandbox, ShowsOnlyWhatTheWorkerNeedsAndKeepsItsWritesInItsFolder) {
    std::string why;
    if (!bubblewrapStarts(&why)) GTEST_SKIP() << "sandbox test skipped: " << why;
    const fs::path root = freshTestFolder("sandbox");
    const fs::path secret = root / "secret.txt", escape = root / "escape.txt", scratch = root / "scratch",
                   solution = root / "solution";
    fs::create_directories(scratch);
    fs::create_directories(solution);
    std::ofstream(secret) << "TOKEN-outside\n";
    std::ofstream(solution / "data.txt") << "TOKEN-solution\n";
    // A place the sandbox shows read-only: the folder of racelab's own build (its install prefix).
    const fs::path shown = fs::path(RACELAB_BINARY).parent_path().parent_path() / ("sandbox-escape-" + std::to_string(getpid()));
    const Sandbox sandbox = makeSandbox({scratch.string(), {solution.string()}});
    ASSERT_TRUE(sandbox.available) << sandbox.why;
    std::vector<std::string> argv = sandbox.launcher;
    const std::string script =
        "cat " + secret.string() + " 2>/dev/null && echo LEAKED; "
        "echo x > " + escape.string() + " 2>/dev/null; "  // lands in its own /tmp, if anywhere
        "echo x > " + shown.string() + " 2>/dev/null && echo ESCAPED; "
        "cat " + (solution / "data.txt").string() + "; "
        "echo made > /tmp/made.txt && echo WROTE-SCRATCH; "
        "touch " + (solution / "changed.txt").string() + " 2>/dev/null && echo CHANGED-SOLUTION; "
        "ls /home /root /etc/passwd 2>/dev/null | grep -q . && echo SEES-HOMES; "
        "tail -n +3 /proc/net/dev | cut -d: -f1 | tr -d ' ' | tr '\\n' ' '; echo; "
        "ls /dev | grep -v -e '^nvidia' -e '^fd$' -e '^std' -e '^pts$' -e '^shm$' -e '^ptmx$' -e '^core$' "
        "-e '^null$' -e '^zero$' -e '^full$' -e '^random$' -e '^urandom$' -e '^tty$' -e '^mqueue$' | tr '\\n' ' '; echo";
    argv.insert(argv.end(), {"/bin/sh", "-c", script});
    const ProgramRun run = runProgram(argv, 30);
    ASSERT_TRUE(run.started) << run.startError;
    EXPECT_EQ(run.exitCode, 0) << run.output;
    EXPECT_EQ(run.output.find("TOKEN-outside"), std::string::npos) << run.output;
    EXPECT_EQ(run.output.find("LEAKED"), std::string::npos) << run.output;
    EXPECT_EQ(run.output.find("ESCAPED"), std::string::npos) << run.output;
    EXPECT_FALSE(fs::exists(escape));
    EXPECT_FALSE(fs::exists(shown));
    EXPECT_NE(run.output.find("TOKEN-solution"), std::string::npos) << "the solution's own folder is readable\n" << run.output;
    EXPECT_EQ(run.output.find("CHANGED-SOLUTION"), std::string::npos) << "but read-only\n" << run.output;
    EXPECT_FALSE(fs::exists(solution / "changed.txt"));
    EXPECT_NE(run.output.find("WROTE-SCRATCH"), std::string::npos) << run.output;
    EXPECT_EQ(contents(scratch / "made.txt"), "made\n");
    EXPECT_EQ(run.output.find("SEES-HOMES"), std::string::npos) << run.output;
    // Its own network namespace: the loopback device alone, and no other device node than the GPU's.
    EXPECT_NE(run.output.find("\nlo \n"), std::string::npos) << run.output;
    fs::remove_all(root);
}
