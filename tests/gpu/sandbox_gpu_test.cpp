// A hostile whole-file solution (tests/data/sandbox/hostile) in racelab's sandbox and under its worker's own
// limits, on a real GPU: each thing it tries -- reading a file outside its folder, writing one, connecting to
// a socket, forking, allocating without bound, sleeping for ever -- is refused or stopped, with what happened
// in its output or its status; nothing outside its folder changes; and grading goes on to the next
// submission. Where the sandbox cannot start, grade leaves whole-file submissions not-run, at no one's cost.
#include <gtest/gtest.h>

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>

#include "app/grading.hpp"
#include "core/asset_paths.hpp"
#include "core/run_program.hpp"
#include "frame/offline_frame.hpp"
#include "gpu_test_support.hpp"
#include "test_data.hpp"
#include "userkernel/worker/sandbox.hpp"
#include "userkernel/user_kernel.hpp"
#include "userkernel/build/whole_file_build.hpp"

namespace fs = std::filesystem;
using namespace racelab;
using namespace racelab::userkernel;

namespace {

#define REQUIRE_SANDBOX()                                                                          \
    RACELAB_REQUIRE_CUDA_DEVICE();                                                                 \
    if (findNvcc().empty()) GTEST_SKIP() << nvccMissingAdvice();                                   \
    if (std::string why; !bubblewrapStarts(&why)) GTEST_SKIP() << "sandbox test skipped: " << why

constexpr double kFrameTimeout = 3.0;

struct HostileRun {
    bool drew = false;
    std::string said;  // its status message and its output
    UserKernelStatus status;
    double seconds = 0;
};

// The hostile solution on `preset`: one frame, as check draws it.
HostileRun runHostile(const std::string& preset) {
    SceneSelection selection;
    selection.scene = "circles/" + preset;
    selection.size = "256x256";
    selection.kernel = racelab::testing::testDataPath("data/sandbox/hostile");
    selection.kernelTimeout = kFrameTimeout;
    selection.backend = "cuda";
    PreparedScene prepared = prepareScene(selection, selection.size);
    CudaStream stream;
    HostileRun run;
    const auto start = std::chrono::steady_clock::now();
    try {
        renderOffline(*prepared.scene, prepared.variant, prepared.size, stream.get());
        run.drew = true;
    } catch (const Error&) {
        run.drew = false;
    }
    run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    run.status = prepared.kernel->status();
    run.said = run.status.message + "\n" + run.status.workerOutput;
    return run;
}

// A TCP port on the loopback that the test listens on (and no one should reach).
class Listener {
public:
    Listener() {
        fd_ = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
        sockaddr_in address{};
        address.sin_family = AF_INET;
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        bind(fd_, reinterpret_cast<sockaddr*>(&address), sizeof address);
        listen(fd_, 4);
        socklen_t length = sizeof address;
        getsockname(fd_, reinterpret_cast<sockaddr*>(&address), &length);
        port_ = ntohs(address.sin_port);
    }
    ~Listener() { close(fd_); }
    int port() const { return port_; }
    bool someoneConnected() const {
        const int client = accept(fd_, nullptr, nullptr);
        if (client >= 0) close(client);
        return client >= 0;
    }

private:
    int fd_ = -1;
    int port_ = 0;
};

}  // namespace

TEST(SandboxGpu, EachHostileTryIsRefusedOrStoppedAndNothingOutsideItsFolderChanges) {
    REQUIRE_SANDBOX();
    const fs::path root = fs::temp_directory_path() / ("racelab-hostile-" + std::to_string(getpid()));
    fs::remove_all(root);
    fs::create_directories(root);
    const fs::path secret = root / "secret.txt", escape = root / "escape.txt";
    std::ofstream(secret) << "TOKEN-not-for-solutions\n";
    const Listener listener;
    setenv("RACELAB_TEST_SECRET", secret.c_str(), 1);
    setenv("RACELAB_TEST_ESCAPE", escape.c_str(), 1);
    setenv("RACELAB_TEST_PORT", std::to_string(listener.port()).c_str(), 1);

    const HostileRun read = runHostile("rgb");
    EXPECT_EQ(read.status.sandbox, "bubblewrap");
    EXPECT_TRUE(read.drew) << read.said;
    EXPECT_NE(read.said.find("hostile: read " + secret.string() + ": refused"), std::string::npos) << read.said;
    EXPECT_EQ(read.said.find("TOKEN"), std::string::npos) << read.said;

    const HostileRun write = runHostile("rgby");
    EXPECT_NE(write.said.find("hostile: write " + escape.string() + ": refused"), std::string::npos) << write.said;
    EXPECT_FALSE(fs::exists(escape));

    const HostileRun connect = runHostile("rand10k");
    EXPECT_NE(connect.said.find("hostile: socket: refused"), std::string::npos) << connect.said;
    EXPECT_EQ(connect.said.find("CONNECTED"), std::string::npos) << connect.said;
    EXPECT_FALSE(listener.someoneConnected());

    const HostileRun fork = runHostile("pattern");
    EXPECT_NE(fork.said.find("hostile: forked 0 of 64"), std::string::npos) << fork.said;
    EXPECT_TRUE(fork.drew) << fork.said;

    const HostileRun allocate = runHostile("biglittle");
    std::smatch got;
    ASSERT_TRUE(std::regex_search(allocate.said, got, std::regex("hostile: allocated ([0-9]+) GiB of 64"))) << allocate.said;
    const long long limitGiB = WorkerLimits{}.dataBytes >> 30;
    EXPECT_LT(std::stoll(got[1]), limitGiB) << "RLIMIT_DATA holds it under the worker's limit";
    EXPECT_GE(std::stoll(got[1]), limitGiB - 2) << "and the limit leaves the worker what it needs";
    EXPECT_TRUE(allocate.drew) << allocate.said;

    const HostileRun sleep = runHostile("rand100k");
    EXPECT_FALSE(sleep.drew);
    EXPECT_TRUE(sleep.status.timedOut) << sleep.said;
    EXPECT_LT(sleep.seconds, kFrameTimeout + 10) << "the watchdog ends a solution asleep in host code";

    // Nothing outside the solution's folder changed: the secret as it was, no file beside it.
    std::ifstream in(secret);
    EXPECT_EQ(std::string(std::istreambuf_iterator<char>(in), {}), "TOKEN-not-for-solutions\n");
    EXPECT_EQ(std::distance(fs::directory_iterator(root), fs::directory_iterator()), 1);
    fs::remove_all(root);
}

TEST(SandboxGpu, GradingGoesOnPastAHostileSubmission) {
    REQUIRE_SANDBOX();
    GradeOptions options;
    options.reference = "good";
    options.scenes = {"circles/rand100k", "circles/rgb"};
    options.timeout = kFrameTimeout;
    options.frames = 3;
    options.warmup = 1;
    Grader grader(options);
    const std::vector<judge::GradeRow> hostile =
        grader.grade({"hostile", racelab::testing::testDataPath("data/sandbox/hostile"), ""});
    ASSERT_EQ(hostile.size(), 2u);
    EXPECT_EQ(hostile[0].status, judge::GradeStatus::Timeout) << hostile[0].message;
    EXPECT_EQ(hostile[1].status, judge::GradeStatus::Wrong) << hostile[1].message;  // it draws nothing
    const std::vector<judge::GradeRow> next =
        grader.grade({"per_pixel_2022", racelab::testing::testDataPath("data/whole_file/per_pixel_2022"), ""});
    for (const judge::GradeRow& row : next) EXPECT_EQ(row.status, judge::GradeStatus::Pass) << row.scene << ": " << row.message;
}

// racelab's own limit, never the submission's fault: without a sandbox, a whole-file submission is not-run and
// scored out of 0, with the reason; --no-sandbox grades it.
TEST(SandboxGpu, WithoutBubblewrapGradeLeavesWholeFileSubmissionsNotRun) {
    RACELAB_REQUIRE_CUDA_DEVICE();
    if (findNvcc().empty()) GTEST_SKIP() << nvccMissingAdvice();
    const fs::path root = fs::temp_directory_path() / ("racelab-no-sandbox-" + std::to_string(getpid()));
    fs::remove_all(root);
    fs::create_directories(root / "class");
    fs::copy(racelab::testing::testDataPath("data/whole_file/per_pixel_2022"), root / "class" / "per_pixel_2022");
    const std::string racelab = (fs::path(executablePath()).parent_path() / "racelab").string();
    // The one row of the table grade writes, and what grade printed.
    auto grade = [&](const std::vector<std::string>& extra) {
        std::vector<std::string> argv{"/usr/bin/env", "RACELAB_BWRAP=" + (root / "no-bwrap").string(), racelab, "grade",
                                      (root / "class").string(), "--scenes", "circles/rgb", "--frames", "2", "--warmup", "1",
                                      "--json", (root / "grade.json").string()};
        argv.insert(argv.end(), extra.begin(), extra.end());
        const ProgramRun run = runProgram(argv, 300);
        std::ifstream in(root / "grade.json");
        const nlohmann::json table = nlohmann::json::parse(in, nullptr, false);
        const bool oneRow = table.is_object() && table.contains("rows") && table["rows"].size() == 1;
        return std::make_pair(oneRow ? table["rows"][0] : nlohmann::json(), run.output);
    };
    const auto [refused, refusedOutput] = grade({});
    ASSERT_TRUE(refused.is_object()) << refusedOutput;
    EXPECT_EQ(refused["status"], "not-run") << refused.dump(2);
    EXPECT_EQ(refused["max_score"], 0);
    EXPECT_NE(refused["message"].get<std::string>().find("bubblewrap"), std::string::npos) << refused.dump(2);
    const auto [graded, gradedOutput] = grade({"--no-sandbox"});
    ASSERT_TRUE(graded.is_object()) << gradedOutput;
    EXPECT_EQ(graded["status"], "pass") << graded.dump(2);
    fs::remove_all(root);
}
