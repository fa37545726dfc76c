// The docs stay true: every racelab command quoted in README.md and docs/*.md parses with this racelab
// (tools/check-doc-commands.py runs each with the hidden --dry-parse flag), and the checker itself notices a
// command that does not parse and names the doc and line.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <unistd.h>

#include "process_runner.hpp"

namespace fs = std::filesystem;

namespace {

ProcessResult checkDocs(const std::string& sourceDir) {
    return runCommand("/usr/bin/python3 " RACELAB_SOURCE_DIR "/tools/check-doc-commands.py " RACELAB_BINARY " " + sourceDir);
}

}  // namespace

TEST(DocsCommands, EveryQuotedCommandParses) {
    ProcessResult r = checkDocs(RACELAB_SOURCE_DIR);
    EXPECT_EQ(r.exitCode, 0) << r.output;
    std::smatch m;
    ASSERT_TRUE(std::regex_search(r.output, m, std::regex(R"((\d+) documented commands checked, 0 do not parse)"))) << r.output;
    EXPECT_GE(std::stoi(m[1]), 30) << "the extraction lost commands:\n" << r.output;  // 40 when this test was written
    // The README's command list is among them, placeholders substituted.
    EXPECT_NE(r.output.find("ok   README.md:"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("racelab bench --scene circles/rand10k --size 1024x1024"), std::string::npos) << r.output;
}

TEST(DocsCommands, ABrokenCommandIsNamedWithItsDocLineAndError) {
    const fs::path dir = fs::temp_directory_path() / ("racelab-docs-" + std::to_string(getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir / "docs");
    std::ofstream(dir / "README.md") << "# x\n\n```sh\nbuild/bin/racelab bench --suite --frobnicate   # typo\n"
                                        "build/bin/racelab list\n```\n";
    std::ofstream(dir / "docs" / "guide.md") << "Run `racelab render --scene circles/nope --out x.png` or\n"
                                                "`racelab view --soak SECONDS` (a fragment) or `racelab check`.\n"
                                                "```\nsrc/   where racelab keeps its code\n```\n";
    ProcessResult r = checkDocs(dir.string());
    EXPECT_EQ(r.exitCode, 1) << r.output;
    EXPECT_NE(r.output.find("FAIL README.md:4: racelab bench --suite --frobnicate\n"
                            "    exit 109: The following argument was not expected: --frobnicate"),
              std::string::npos) << r.output;
    EXPECT_NE(r.output.find("FAIL docs/guide.md:1: racelab render --scene circles/nope --out x.png\n"
                            "    exit 2: racelab: error: unknown scene 'circles/nope'"),
              std::string::npos) << r.output;
    EXPECT_NE(r.output.find("ok   docs/guide.md:2: racelab view --soak 60"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("ok   docs/guide.md:2: racelab check"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("5 documented commands checked, 2 do not parse"), std::string::npos) << r.output;
    fs::remove_all(dir);
}

TEST(DryParse, ChecksWithoutRunning) {
    const fs::path out = fs::temp_directory_path() / ("racelab-dry-" + std::to_string(getpid()) + ".png");
    ProcessResult ok = runRacelab("--dry-parse render --backend cpu --scene circles/rand1M --size 4096x4096 --out " +
                                  out.string());
    EXPECT_EQ(ok.exitCode, 0) << ok.output;
    EXPECT_EQ(ok.output, "");
    EXPECT_FALSE(fs::exists(out)) << "--dry-parse rendered";
    const std::pair<const char*, const char*> refused[] = {
        {"bench --scene circles/nope", "unknown scene 'circles/nope'"},
        {"bench --scene planes/default --variant unordered", "scene planes/default has no variant 'unordered' (valid: good, bad)"},
        {"view --size 0x5", "dimensions must be positive"},
        {"view --backend nvidia", "unknown backend 'nvidia'"},
        {"bench --present pbo", "--present: pbo not in {auto,interop,interop-texture,interop-pbo,staging,none}"},
        {"bench --frames 0", "--frames must be positive"},
        {"visibility --rule exact --out x.txt", "unknown visibility rule 'exact'"},
    };
    for (const auto& [arguments, message] : refused) {
        ProcessResult r = runRacelab(std::string("--dry-parse ") + arguments);
        EXPECT_NE(r.exitCode, 0) << arguments;
        EXPECT_NE(r.output.find(message), std::string::npos) << arguments << "\n" << r.output;
    }
    // Hidden: not part of the documented interface.
    EXPECT_EQ(runRacelab("--help").output.find("dry-parse"), std::string::npos);
}
