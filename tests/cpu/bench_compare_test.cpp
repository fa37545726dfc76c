// tools/bench-compare on hand-made records: which stages it flags (only changes beyond the records' own noise),
// the threshold it states, the warnings when the records were not made alike, and its exit codes.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <unistd.h>

#include "process_runner.hpp"

namespace fs = std::filesystem;

namespace {

struct Stage {
    const char* name;
    double p5, p50, p95;
};

std::string provenance(const std::string& device, const std::string& buildType, const std::string& commit) {
    return "{\"racelab_version\": \"0.1.0\", \"git_commit\": \"" + commit + "\", \"git_dirty\": false, \"build_type\": \"" +
           buildType + "\", \"device\": \"" + device + "\", \"compute_capability\": \"9.0\", \"cuda_runtime\": \"13.0\", "
           "\"cuda_driver\": \"13.0\", \"host_cpu\": \"test\", \"date_utc\": \"2026-11-22T11:52:03Z\"}";
}

std::string run(const std::string& scene, const std::vector<Stage>& stages, double fps) {
    std::string json = "\"scene\": \"" + scene + "\", \"variant\": \"good\", \"backend\": \"cuda\", \"presenter\": "
                       "\"none\", \"width\": 1024, \"height\": 1024, \"stages_ms\": {";
    for (std::size_t i = 0; i < stages.size(); ++i)
        json += std::string(i ? ", " : "") + "\"" + stages[i].name + "\": {\"count\": 300, \"p5\": " +
                std::to_string(stages[i].p5) + ", \"p50\": " + std::to_string(stages[i].p50) + ", \"p95\": " +
                std::to_string(stages[i].p95) + "}";
    return json + "}, \"fps_median\": " + std::to_string(fps);
}

class BenchCompare : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() / ("racelab-bench-compare-" + std::to_string(getpid()));
        fs::remove_all(dir_);
        fs::create_directories(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }

    std::string write(const std::string& name, const std::string& text) {
        const fs::path path = dir_ / name;
        std::ofstream(path) << text;
        return path.string();
    }
    std::string record(const std::string& name, const std::string& prov, const std::string& body) {
        return write(name, "{\"format\": \"racelab-record/1\", \"provenance\": " + prov + ", " + body + "}");
    }
    ProcessResult compare(const std::string& arguments) {
        return runCommand("/usr/bin/python3 " RACELAB_SOURCE_DIR "/tools/bench-compare " + arguments);
    }
    // The table row of `stage`, from its name to the end of its line.
    static std::string row(const std::string& output, const std::string& stage) {
        std::smatch m;
        return std::regex_search(output, m, std::regex("\n  " + stage + " [^\n]*")) ? m.str().substr(3) : "(no row)";
    }

    fs::path dir_;
};

}  // namespace

TEST_F(BenchCompare, FlagsOnlyChangesBeyondTheNoise) {
    const std::string h100 = provenance("NVIDIA H100 80GB HBM3", "Release", "aaaa");
    // frame: central 90 % band 0.95..1.05 -> spread 5 %; kernel: 0.495..0.505 -> 1 %, so the 3 % floor rules;
    // upload: 0.27..0.33 -> 10 %.
    const std::string old = record("old.json", h100, run("circles/rand10k", {{"frame", 0.95, 1.00, 1.05},
                                                                            {"kernel", 0.495, 0.50, 0.505},
                                                                            {"upload", 0.27, 0.30, 0.33},
                                                                            {"map", 0, 0, 0}}, 1000.0));
    // frame +4 % (within its 5 %), kernel +4 % (beyond 3 %), upload -20 % (beyond 10 %).
    const std::string now = record("new.json", h100, run("circles/rand10k", {{"frame", 0.99, 1.04, 1.09},
                                                                            {"kernel", 0.515, 0.52, 0.525},
                                                                            {"upload", 0.23, 0.24, 0.25},
                                                                            {"map", 0, 0, 0}}, 961.5));
    ProcessResult r = compare(old + " " + now);
    EXPECT_EQ(r.exitCode, 0) << r.output;
    EXPECT_EQ(row(r.output, "frame"), "frame           1.0000     1.0400   1.040x     1.0500     1.0900       5.0%  same (within noise)")
        << r.output;
    EXPECT_EQ(row(r.output, "kernel"), "kernel          0.5000     0.5200   1.040x     0.5050     0.5250       3.0%  SLOWER")
        << r.output;
    EXPECT_EQ(row(r.output, "upload"), "upload          0.3000     0.2400   0.800x     0.3300     0.2500      10.0%  faster")
        << r.output;
    EXPECT_EQ(row(r.output, "fps_median"), "fps_median      1000.0      961.5   0.962x                             5.0%  same (within noise)")
        << r.output;
    EXPECT_NE(r.output.find("(0 in both, not shown: map)"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("threshold = max(spread of old, spread of new, 3 %), spread = (p95 - p5) / (2 * p50)"),
              std::string::npos) << r.output;
    EXPECT_NE(r.output.find("1 stage(s) significantly slower"), std::string::npos) << r.output;
    EXPECT_EQ(r.output.find("WARNING"), std::string::npos) << "same device, build and commit\n" << r.output;

    ProcessResult failing = compare("--fail-on-regression " + old + " " + now);
    EXPECT_EQ(failing.exitCode, 1) << failing.output;
    EXPECT_NE(failing.output.find("-> failing (--fail-on-regression)"), std::string::npos) << failing.output;
    // A higher floor swallows the kernel's 4 %: nothing significant, so nothing fails.
    ProcessResult lenient = compare("--fail-on-regression --floor 5 " + old + " " + now);
    EXPECT_EQ(lenient.exitCode, 0) << lenient.output;
    EXPECT_NE(row(lenient.output, "kernel").find("5.0%  same (within noise)"), std::string::npos) << lenient.output;
}

TEST_F(BenchCompare, SaysLoudlyWhenRecordsWereNotMadeAlike) {
    const auto stages = std::vector<Stage>{{"frame", 0.95, 1.00, 1.05}};
    const std::string old = record("old.json", provenance("NVIDIA H100 80GB HBM3", "Release", "aaaa"),
                                   run("circles/rand10k", stages, 1000.0));
    const std::string now = record("new.json", provenance("NVIDIA H200", "Debug", "bbbb"),
                                   run("circles/rand10k", stages, 1000.0));
    ProcessResult r = compare("--fail-on-regression " + old + " " + now);
    EXPECT_EQ(r.exitCode, 0) << r.output;  // allowed, only stated
    EXPECT_NE(r.output.find("!! WARNING: these records were not made alike"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("!!   device differs: old 'NVIDIA H100 80GB HBM3', new 'NVIDIA H200'"), std::string::npos)
        << r.output;
    EXPECT_NE(r.output.find("!!   build type differs: old 'Release', new 'Debug'"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("!!   commit differs: old 'aaaa', new 'bbbb'"), std::string::npos) << r.output;
    EXPECT_NE(row(r.output, "frame").find("1.000x"), std::string::npos) << r.output;
}

TEST_F(BenchCompare, MatchesSuiteRunsByScene) {
    const std::string prov = provenance("NVIDIA H100 80GB HBM3", "Release", "aaaa");
    const auto fast = std::vector<Stage>{{"kernel", 0.99, 1.0, 1.01}};
    const auto slow = std::vector<Stage>{{"kernel", 1.99, 2.0, 2.01}};
    const std::string old = record("old.json", prov, "\"runs\": [{" + run("circles/rgb", fast, 0) + "}, {" +
                                                         run("planes/default", fast, 0) + "}]");
    const std::string now = record("new.json", prov, "\"runs\": [{" + run("planes/default", slow, 0) + "}, {" +
                                                         run("mesh/torus", fast, 0) + "}]");
    ProcessResult r = compare("--fail-on-regression " + old + " " + now);
    EXPECT_EQ(r.exitCode, 1) << r.output;
    EXPECT_NE(r.output.find("only in old: circles/rgb good cuda none 1024x1024"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("only in new: mesh/torus good cuda none 1024x1024"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("planes/default good cuda none 1024x1024  (times in ms)\n"), std::string::npos) << r.output;
    EXPECT_NE(row(r.output, "kernel").find("2.000x"), std::string::npos) << r.output;
}

TEST_F(BenchCompare, UnreadableRecordsAreAnError) {
    const std::string good = record("good.json", provenance("x", "Release", "aaaa"),
                                    run("circles/rgb", {{"frame", 1, 1, 1}}, 1000.0));
    ProcessResult missing = compare(good + " " + (dir_ / "missing.json").string());
    EXPECT_EQ(missing.exitCode, 2) << missing.output;
    EXPECT_NE(missing.output.find("cannot read"), std::string::npos) << missing.output;
    ProcessResult notJson = compare(good + " " + write("bad.json", "{\"stages_ms\": "));
    EXPECT_EQ(notJson.exitCode, 2) << notJson.output;
    EXPECT_NE(notJson.output.find("is not JSON"), std::string::npos) << notJson.output;
    ProcessResult notRecord = compare(good + " " + write("other.json", "{\"x\": 1}"));
    EXPECT_EQ(notRecord.exitCode, 2) << notRecord.output;
    EXPECT_NE(notRecord.output.find("is not a racelab record"), std::string::npos) << notRecord.output;
}

TEST_F(BenchCompare, IsExecutable) {
    EXPECT_EQ(access(RACELAB_SOURCE_DIR "/tools/bench-compare", X_OK), 0);
    ProcessResult help = runCommand(RACELAB_SOURCE_DIR "/tools/bench-compare --help");
    EXPECT_EQ(help.exitCode, 0) << help.output;
    EXPECT_NE(help.output.find("--fail-on-regression"), std::string::npos) << help.output;
}
