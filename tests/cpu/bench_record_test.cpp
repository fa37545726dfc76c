// bench's JSON records (provenance first, then the run or the suite's runs, each with the command that produced
// it, the limits measured beside it and its notes as printed) and `bench --suite`: presets that cannot run here
// are listed with the scene's own reason, a failing preset fails the suite, --filter picks.
#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>
#include <unistd.h>

#include "fresh_folder.hpp"
#include "app/bench_record.hpp"
#include "app/bench_suite.hpp"
#include "core/errors.hpp"
#include "process_runner.hpp"
#include "read_file.hpp"

namespace fs = std::filesystem;
using namespace racelab;

namespace {

fs::path freshFolder(const std::string& name) { return freshTestFolder("record-" + name); }

// Runs a Python expression over the record (`d`); python3's json module is the judge of well-formed JSON.
ProcessResult pythonOnJson(const fs::path& json, const std::string& expression) {
    return runCommand("/usr/bin/python3 -c 'import json,sys; d = json.load(open(sys.argv[1])); print(" + expression +
                      ")' " + json.string());
}

const char* const kProvenanceKeys[] = {"racelab_version", "git_commit", "git_dirty", "build_type", "compiler",
                                       "cuda_runtime", "cuda_driver", "device", "compute_capability",
                                       "sm_clock_peak_mhz", "memory_clock_peak_mhz", "gpu_code", "host_cpu",
                                       "host_threads", "date_utc"};

}  // namespace

TEST(BenchRecord, JsonCarriesProvenanceAndSpread) {
    const fs::path dir = freshFolder("single"), json = dir / "bench.json";
    ProcessResult bench = runRacelab("bench --backend cpu --present none --scene circles/rgb --size 64x48 --frames 12 "
                                     "--warmup 1 --json " + json.string());
    ASSERT_EQ(bench.exitCode, 0) << bench.output;
    const std::string text = readFile(json);
    for (const char* key : kProvenanceKeys)
        EXPECT_NE(text.find(std::string("\"") + key + "\": "), std::string::npos) << key << "\n" << text;
    // Parsed as JSON: the format, the run's labels, and every stage with the spread bench-compare needs.
    ProcessResult parsed = pythonOnJson(json, "d[\"format\"], d[\"scene\"], d[\"width\"], d[\"height\"], "
                                              "d[\"stages_ms\"][\"frame\"][\"count\"], "
                                              "sorted(d[\"stages_ms\"][\"kernel\"]), d[\"provenance\"][\"device\"]");
    ASSERT_EQ(parsed.exitCode, 0) << parsed.output << text;
    EXPECT_NE(parsed.output.find("racelab-record/1 circles/rgb 64 48 12 ['count', 'mad', 'max', 'mean', 'min', "
                                 "'p5', 'p50', 'p95', 'p99']"),
              std::string::npos) << parsed.output;
    // The commit is the one this binary was built from: the source tree's HEAD (when git can tell).
    ProcessResult head = runCommand("git -C " RACELAB_SOURCE_DIR " rev-parse HEAD");
    if (head.exitCode == 0)
        EXPECT_NE(text.find("\"git_commit\": \"" + head.output.substr(0, 40) + "\""), std::string::npos)
            << "rebuild: the binary's commit is not HEAD\n" << text;
    fs::remove_all(dir);
}

TEST(BenchRecord, CarriesTheCommandTheLimitsAndTheNotesAsPrinted) {
    const fs::path dir = freshFolder("context"), json = dir / "bench.json";
    const std::string arguments = "bench --backend cpu --present none --scene circles/rgb --size 64x48 --frames 4 "
                                  "--warmup 0 --cpu --json " + json.string();
    ProcessResult bench = runRacelab(arguments);
    ASSERT_EQ(bench.exitCode, 0) << bench.output;
    // One line per value: the command, the limits (none measured without CUDA), then the notes, one a line.
    ProcessResult parsed = pythonOnJson(json, "\"\\n\".join([d[\"command\"], json.dumps(d[\"limits\"])] + d[\"notes\"])");
    ASSERT_EQ(parsed.exitCode, 0) << parsed.output << readFile(json);
    std::vector<std::string> lines;
    std::istringstream in(parsed.output);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    ASSERT_GE(lines.size(), 4u) << parsed.output;
    // Output files by name only (the folder they were written to is the machine's, not the run's).
    EXPECT_EQ(lines[0], "racelab bench --backend cpu --present none --scene circles/rgb --size 64x48 --frames 4 "
                        "--warmup 0 --cpu --json bench.json");
    EXPECT_EQ(lines[1], "{}");
    // --cpu on the CPU backend: the first note says why no speed-up follows, then the reference's timings.
    EXPECT_EQ(lines[2], "cpu backend: the frames above ran on the CPU, so no GPU speed-up is printed");
    EXPECT_NE(lines[3].find(", OpenMP ("), std::string::npos) << lines[3];
    EXPECT_NE(lines[3].find(": median "), std::string::npos) << lines[3];
    for (std::size_t i = 2; i < lines.size(); ++i)  // each note is a line bench printed, word for word
        EXPECT_NE(bench.output.find(" " + lines[i] + "\n"), std::string::npos) << lines[i] << "\n" << bench.output;
    fs::remove_all(dir);
}

TEST(BenchRecord, CommandLineIsJoinedAsAShellWouldReadItBack) {
    EXPECT_EQ(joinCommandLine({"/build/bin/racelab", "bench", "--scene", "circles/rgb", "--size", "64x48"}),
              "racelab bench --scene circles/rgb --size 64x48");
    EXPECT_EQ(joinCommandLine({"./racelab", "bench", "--suite", "--filter", "*/rgby", "--param", "a b", "--x", "it's", ""}),
              "racelab bench --suite --filter '*/rgby' --param 'a b' --x 'it'\\''s' ''");
    EXPECT_EQ(limitsJson({}), "{}");
    EXPECT_EQ(limitsJson({true, 2.5, 2900, 3050, 6.25}),
              "{\"launch_us\": 2.5, \"copy_gbs\": 2900, \"read_gbs\": 3050, \"sync_roundtrip_us\": 6.25}");
    EXPECT_EQ(notesJson({}, 2), "[]");
    EXPECT_EQ(notesJson({"7.80 G rays/s", "a \"quoted\" note"}, 2), "[\n    \"7.80 G rays/s\",\n    \"a \\\"quoted\\\" note\"\n  ]");
}

TEST(BenchSuite, RunsWhatCanRunAndSaysWhyTheRestCannot) {
    const fs::path dir = freshFolder("suite"), json = dir / "suite.json";
    ProcessResult suite = runRacelab("bench --suite --backend cpu --present none --size 32x24 --frames 3 --warmup 0 "
                                     "--filter 'circles/rgb,fourier/image' --filter '*/rgby' --json " + json.string());
    ASSERT_EQ(suite.exitCode, 0) << suite.output;
    EXPECT_NE(suite.output.find("bench suite: 3 presets"), std::string::npos) << suite.output;
    EXPECT_NE(suite.output.find("fourier/image            cannot run here: missing input: fourier/image needs --image"),
              std::string::npos) << suite.output;
    EXPECT_NE(suite.output.find("ran 2 of 3 presets; 1 cannot run here, 0 failed"), std::string::npos) << suite.output;
    ProcessResult parsed = pythonOnJson(json, "[r[\"scene\"] for r in d[\"runs\"]], [r[\"scene\"] for r in "
                                              "d[\"cannot_run\"]], d[\"failed\"], d[\"provenance\"][\"build_type\"] != \"\", "
                                              "d[\"runs\"][0][\"stages_ms\"][\"frame\"][\"count\"]");
    ASSERT_EQ(parsed.exitCode, 0) << parsed.output << readFile(json);
    EXPECT_NE(parsed.output.find("['circles/rgb', 'circles/rgby'] ['fourier/image'] [] True 3"), std::string::npos)
        << parsed.output;
    // The command as the shell handed it over (the glob quoted again), at the top and in every run; the limits
    // measured once before the presets (none without a CUDA device), the same in every run; no notes in a suite.
    ProcessResult context = pythonOnJson(json, "d[\"command\"], sorted(d[\"limits\"]) in ([], [\"copy_gbs\", "
                                               "\"launch_us\", \"read_gbs\", \"sync_roundtrip_us\"]), "
                                               "[(r[\"command\"] == d[\"command\"], r[\"limits\"] == d[\"limits\"], "
                                               "r[\"notes\"]) for r in d[\"runs\"]]");
    ASSERT_EQ(context.exitCode, 0) << context.output;
    EXPECT_EQ(context.output, "racelab bench --suite --backend cpu --present none --size 32x24 --frames 3 --warmup 0 "
                              "--filter circles/rgb,fourier/image --filter '*/rgby' --json " + json.filename().string() +
                              " True [(True, True, []), (True, True, [])]\n");
    fs::remove_all(dir);
}

TEST(BenchSuite, AnUnfetchedMeshCannotRunAndNamesTheFetchScript) {
    if (fs::exists(RACELAB_SOURCE_DIR "/assets/meshes/bunny00.off")) GTEST_SKIP() << "the bunny is fetched here";
    const fs::path empty = freshFolder("no-assets");
    ProcessResult suite = runCommand("RACELAB_ASSETS=" + empty.string() + " " RACELAB_BINARY " bench --suite --backend cpu "
                                     "--present none --size 32x24 --frames 2 --warmup 0 --filter mesh/bunny");
    EXPECT_EQ(suite.exitCode, 0) << suite.output;
    EXPECT_NE(suite.output.find("mesh/bunny               cannot run here: missing input: mesh/bunny needs bunny00.off"),
              std::string::npos) << suite.output;
    EXPECT_NE(suite.output.find("run tools/fetch-meshes.sh"), std::string::npos) << suite.output;
    fs::remove_all(empty);
}

TEST(BenchSuite, AFailingPresetFailsTheSuiteAfterTheOthersRan) {
    // circles/rgb has no "shading" parameter: a real error, not a missing input; mesh/torus still runs.
    ProcessResult suite = runRacelab("bench --suite --backend cpu --present none --size 32x24 --frames 2 --warmup 0 "
                                     "--filter circles/rgb,mesh/torus --param shading=depth");
    EXPECT_EQ(suite.exitCode, 1) << suite.output;
    EXPECT_NE(suite.output.find("circles/rgb              FAILED: --param: circles/rgb has no parameter 'shading' (its parameters: seed)"),
              std::string::npos) << suite.output;
    EXPECT_NE(suite.output.find("  mesh/torus               32x24"), std::string::npos) << suite.output;
    EXPECT_NE(suite.output.find("ran 1 of 2 presets; 0 cannot run here, 1 failed"), std::string::npos) << suite.output;
}

TEST(BenchSuite, FilterMustMatchAndNeedsSuite) {
    ProcessResult none = runRacelab("bench --suite --backend cpu --filter 'nope/*'");
    EXPECT_EQ(none.exitCode, 2) << none.output;
    EXPECT_NE(none.output.find("--filter 'nope/*' matches no preset"), std::string::npos) << none.output;
    ProcessResult alone = runRacelab("bench --backend cpu --filter 'circles/*'");
    EXPECT_NE(alone.exitCode, 0);
    EXPECT_NE(alone.output.find("--filter requires --suite"), std::string::npos) << alone.output;
}

TEST(BenchSuite, SelectPresetsKeepsTheListOrder) {
    const std::vector<std::string> presets = {"circles/rgb", "circles/snow", "planes/default", "mesh/torus"};
    EXPECT_EQ(selectPresets(presets, {}), presets);
    EXPECT_EQ(selectPresets(presets, {"circles/*"}), (std::vector<std::string>{"circles/rgb", "circles/snow"}));
    EXPECT_EQ(selectPresets(presets, {"mesh/torus", "*/default", "circles/rgb"}),
              (std::vector<std::string>{"circles/rgb", "planes/default", "mesh/torus"}));
    EXPECT_EQ(selectPresets(presets, {"*s*/[dr]*"}), (std::vector<std::string>{"circles/rgb", "planes/default"}));
    EXPECT_THROW(selectPresets(presets, {"circles/*", "fourier/*"}), UsageError);
}

TEST(BenchSuite, MissingInputsAndSmallMachinesCannotRunEverythingElseFails) {
    using Kind = SuiteOutcome::Kind;
    SuiteOutcome missing = classifySuiteError("fourier/image", std::make_exception_ptr(MissingInputError("needs --image")));
    EXPECT_EQ(missing.kind, Kind::CannotRunHere);
    EXPECT_EQ(missing.reason, "missing input: needs --image");
    SuiteOutcome memory = classifySuiteError("planes/10000x50", std::make_exception_ptr(InsufficientMemoryError("40 GiB")));
    EXPECT_EQ(memory.kind, Kind::CannotRunHere);
    EXPECT_EQ(memory.reason, "too large for the free memory here: 40 GiB");
    EXPECT_EQ(classifySuiteError("a", std::make_exception_ptr(UsageError("bad --param"))).kind, Kind::Failed);
    EXPECT_EQ(classifySuiteError("a", std::make_exception_ptr(Error("CUDA error"))).kind, Kind::Failed);
    SuiteOutcome other = classifySuiteError("a", std::make_exception_ptr(std::runtime_error("cv::Exception")));
    EXPECT_EQ(other.kind, Kind::Failed);
    EXPECT_EQ(other.reason, "cv::Exception");
    EXPECT_EQ(suiteExitCode({missing, memory}), 0);
    EXPECT_EQ(suiteExitCode({missing, other}), 1);
}
