// Faults a user meets: Ctrl-C or a kill during `bench --csv` or a recording, and a disk that fills up
// mid-recording. In every case the CSV that is left must be valid -- the header, then whole rows of the
// header's fields, ending in a newline -- and the process must end with a clear exit code.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <sys/resource.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

#include "fresh_folder.hpp"
#include "read_file.hpp"

namespace {

namespace fs = std::filesystem;

// Starts racelab with `args`, without a display (so view renders headless), optionally with a file-size
// limit of `fileLimitBytes` (SIGXFSZ ignored: writes past it fail with EFBIG, as on a full disk).
pid_t spawnRacelab(const std::vector<std::string>& args, rlim_t fileLimitBytes = 0) {
    pid_t pid = fork();
    if (pid != 0) return pid;
    unsetenv("DISPLAY");
    unsetenv("WAYLAND_DISPLAY");
    if (fileLimitBytes) {
        signal(SIGXFSZ, SIG_IGN);
        rlimit limit{fileLimitBytes, fileLimitBytes};
        setrlimit(RLIMIT_FSIZE, &limit);
    }
    std::vector<char*> argv{const_cast<char*>(RACELAB_BINARY)};
    for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    std::freopen("/dev/null", "w", stdout);
    execv(RACELAB_BINARY, argv.data());
    _exit(127);
}

int exitCodeOf(pid_t pid) {
    int status = 0;
    waitpid(pid, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 1000 + WTERMSIG(status);
}

std::size_t linesIn(const fs::path& path) {
    std::string text = readFile(path);
    return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
}

// Waits until `path` has at least `lines` lines (the run is under way); false after 60 s.
bool waitForLines(const fs::path& path, std::size_t lines) {
    for (int i = 0; i < 600; ++i) {
        if (fs::exists(path) && linesIn(path) >= lines) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    return false;
}

// Returns the number of data rows; fails the test on anything but a valid CSV.
std::size_t expectValidCsv(const fs::path& path) {
    const std::string text = readFile(path);
    EXPECT_FALSE(text.empty()) << path;
    if (text.empty()) return 0;
    EXPECT_EQ(text.back(), '\n') << path << " ends inside a row";
    std::istringstream lines(text);
    std::string header, line;
    std::getline(lines, header);
    EXPECT_EQ(header.rfind("frame,t_s,frame_ms", 0), 0u) << "header: " << header;
    std::size_t rows = 0;
    while (std::getline(lines, line)) {
        EXPECT_EQ(std::count(line.begin(), line.end(), ','), std::count(header.begin(), header.end(), ','))
            << "row " << rows + 1 << ": " << line;
        ++rows;
    }
    return rows;
}

fs::path freshFolder(const std::string& name) { return freshTestFolder("fault-" + name); }

}  // namespace

TEST(Faults, SigintDuringBenchCsvLeavesValidFiles) {
    const fs::path dir = freshFolder("sigint"), csv = dir / "bench.csv", json = dir / "bench.json";
    pid_t pid = spawnRacelab({"bench", "--backend", "cpu", "--scene", "circles/rgb", "--size", "64x48", "--present",
                              "none", "--frames", "100000000", "--warmup", "0", "--csv", csv.string(), "--json",
                              json.string()});
    ASSERT_TRUE(waitForLines(csv, 20)) << "the bench never started writing rows";
    kill(pid, SIGINT);
    EXPECT_EQ(exitCodeOf(pid), 128 + SIGINT);
    EXPECT_GE(expectValidCsv(csv), 19u);
    EXPECT_NE(readFile(json).find("\"fps_median\""), std::string::npos) << "the JSON summary was not written";
}

TEST(Faults, SigtermDuringRecordingLeavesValidFiles) {
    const fs::path dir = freshFolder("sigterm"), csv = dir / "view.csv";
    pid_t pid = spawnRacelab({"view", "--backend", "cpu", "--scene", "circles/pattern", "--size", "64x48", "--frames",
                              "100000000", "--record", csv.string(), "--screenshot", (dir / "last.png").string()});
    ASSERT_TRUE(waitForLines(csv, 20));
    kill(pid, SIGTERM);
    EXPECT_EQ(exitCodeOf(pid), 128 + SIGTERM);
    EXPECT_GE(expectValidCsv(csv), 19u);
    EXPECT_TRUE(fs::exists(dir / "view.json"));
    EXPECT_TRUE(fs::exists(dir / "last.png")) << "the last frame was not saved";
}

TEST(Faults, FullDiskStopsTheRecordingWithWholeRows) {
    // 6 KB for every file: the CSV reaches it after ~60 rows; rendering goes on to the end.
    const fs::path dir = freshFolder("full"), csv = dir / "view.csv";
    pid_t pid = spawnRacelab({"view", "--backend", "cpu", "--scene", "circles/rgb", "--size", "32x24", "--frames",
                              "400", "--record", csv.string(), "--screenshot", (dir / "last.png").string()},
                             6000);
    EXPECT_EQ(exitCodeOf(pid), 2) << "a recording that stopped early must not look like success";
    const std::size_t rows = expectValidCsv(csv);
    EXPECT_GT(rows, 10u);
    EXPECT_LT(rows, 400u);
    EXPECT_LE(fs::file_size(csv), 6000u);
    EXPECT_TRUE(fs::exists(dir / "last.png")) << "rendering stopped with the recording";
}

TEST(Faults, FullDiskDuringBenchCsvIsAnError) {
    const fs::path dir = freshFolder("fullbench"), csv = dir / "bench.csv";
    pid_t pid = spawnRacelab({"bench", "--backend", "cpu", "--scene", "circles/rgb", "--size", "32x24", "--present",
                              "none", "--frames", "300", "--warmup", "0", "--csv", csv.string()},
                             4000);
    EXPECT_EQ(exitCodeOf(pid), 2);
    EXPECT_GT(expectValidCsv(csv), 5u);
}
