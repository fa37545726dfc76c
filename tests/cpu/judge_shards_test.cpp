// Shards: "K/N" parsing, which submissions each shard grades (all shards together: each exactly once), the
// listing of a submissions folder, and merging shard records into the table of one unsharded run.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <unistd.h>

#include "fresh_folder.hpp"
#include "core/errors.hpp"
#include "judge/grade_json.hpp"
#include "judge/grade_shards.hpp"
#include "judge_sample_tables.hpp"

using namespace racelab;
using namespace racelab::judge;
using namespace judge_samples;
namespace fs = std::filesystem;

namespace {

void touch(const fs::path& path) { std::ofstream(path) << "__global__ void k() {}\n"; }

std::string shardErrorOf(const std::string& text) {
    try {
        parseShard(text);
    } catch (const UsageError& e) {
        return e.what();
    }
    return "no error";
}

std::vector<Submission> named(const std::vector<std::string>& names) {
    std::vector<Submission> all;
    for (const auto& name : names) all.push_back({name, name, {}});
    return all;
}

std::vector<std::string> namesOf(const std::vector<Submission>& submissions) {
    std::vector<std::string> names;
    for (const auto& s : submissions) names.push_back(s.name);
    return names;
}

// The unsharded run: five submissions, two scenes, in the canonical order.
GradeTable wholeRun() {
    GradeTable t = plainTable();
    t.rows.push_back(timed(row("dora.cu", "a/one", GradeStatus::Pass, 9), 0.5, 1.0));
    t.rows.push_back(row("dora.cu", "a/two", GradeStatus::Timeout, 0));
    t.rows.push_back(timed(row("erin", "a/one", GradeStatus::Pass, 7), 1.5, 1.0));
    t.rows.push_back(timed(row("erin", "a/two", GradeStatus::Pass, 9), 1.1, 1.0));
    sortRows(t);
    return t;
}

// What shard K/N of that run would have written: the rows of its submissions, its own shard and date.
GradeTable shardOf(const GradeTable& whole, const Shard& shard, const std::string& date) {
    std::vector<std::string> submissions;
    for (const auto& r : whole.rows)
        if (submissions.empty() || submissions.back() != r.submission) submissions.push_back(r.submission);
    GradeTable part;
    part.facts = whole.facts;
    part.facts.shard = shard;
    part.facts.dateUtc = date;
    for (std::size_t i = 0; i < submissions.size(); ++i)
        if (inShard(i, shard))
            for (const auto& r : whole.rows)
                if (r.submission == submissions[i]) part.rows.push_back(r);
    return part;
}

std::string mergeErrorOf(const std::vector<GradeTable>& shards, const std::vector<std::string>& origins) {
    try {
        mergeGradeTables(shards, origins);
    } catch (const UsageError& e) {
        return e.what();
    }
    return "no error";
}

}  // namespace

TEST(JudgeShards, ParsesKOverN) {
    EXPECT_EQ(parseShard("0/1"), (Shard{0, 1}));
    EXPECT_EQ(parseShard("2/3"), (Shard{2, 3}));
    EXPECT_EQ(shardText(Shard{4, 7}), "4/7");
    const std::string form = " (the form is K/N: grade every N-th submission from the K-th, 0 <= K < N, e.g. 0/4)";
    EXPECT_EQ(shardErrorOf("3/3"), "shard \"3/3\": K must be in 0..2" + form);
    EXPECT_EQ(shardErrorOf("-1/3"), "shard \"-1/3\": K must be in 0..2" + form);
    EXPECT_EQ(shardErrorOf("1/0"), "shard \"1/0\": N must be at least 1" + form);
    EXPECT_EQ(shardErrorOf("2"), "shard \"2\": no '/'" + form);
    EXPECT_EQ(shardErrorOf("a/3"), "shard \"a/3\": K 'a' is not a whole number" + form);
    EXPECT_EQ(shardErrorOf("1/3x"), "shard \"1/3x\": N '3x' is not a whole number" + form);
    EXPECT_EQ(shardErrorOf("/3"), "shard \"/3\": K '' is not a whole number" + form);
}

TEST(JudgeShards, EveryNthSubmissionFromK) {
    const auto all = named({"a", "b", "c", "d", "e", "f", "g"});
    EXPECT_EQ(namesOf(submissionsOfShard(all, {0, 3})), (std::vector<std::string>{"a", "d", "g"}));
    EXPECT_EQ(namesOf(submissionsOfShard(all, {1, 3})), (std::vector<std::string>{"b", "e"}));
    EXPECT_EQ(namesOf(submissionsOfShard(all, {2, 3})), (std::vector<std::string>{"c", "f"}));
    EXPECT_EQ(namesOf(submissionsOfShard(all, {0, 1})), namesOf(all));
    EXPECT_TRUE(submissionsOfShard(all, {7, 9}).empty());  // more shards than submissions: some get none
    for (int n = 1; n <= 9; ++n) {
        std::multiset<std::string> graded;
        for (int k = 0; k < n; ++k)
            for (const auto& s : submissionsOfShard(all, {k, n})) graded.insert(s.name);
        EXPECT_EQ(graded, (std::multiset<std::string>{"a", "b", "c", "d", "e", "f", "g"})) << "N = " << n;
    }
}

TEST(JudgeShards, ListsFilesAndFoldersSortedBytewise) {
    const fs::path dir = freshFolder("list");
    touch(dir / "b.cu");
    touch(dir / "a.cu");
    touch(dir / "Zed.cu");                // 'Z' (0x5a) sorts before 'a' (0x61)
    touch(dir / "\xc3\xa4.cu");           // UTF-8 a-umlaut: 0xc3 sorts after every ASCII name
    touch(dir / "notes.txt");             // not a kernel
    touch(dir / ".hidden.cu");            // hidden: skipped
    fs::create_directories(dir / ".git");
    fs::create_directories(dir / "carol");
    touch(dir / "carol" / "kernel.cu");
    touch(dir / "carol" / "README");
    fs::create_directories(dir / "dave");  // nothing to grade
    fs::create_directories(dir / "erin");
    touch(dir / "erin" / "x.cu");
    touch(dir / "erin" / "y.cu");
    const auto listed = listSubmissions(dir.string());
    EXPECT_EQ(namesOf(listed), (std::vector<std::string>{"Zed.cu", "a.cu", "b.cu", "carol", "dave", "erin", "\xc3\xa4.cu"}));
    EXPECT_EQ(listed[1].source, (dir / "a.cu").string());
    EXPECT_EQ(listed[3].source, (dir / "carol" / "kernel.cu").string());
    EXPECT_TRUE(listed[3].problem.empty());
    EXPECT_EQ(listed[4].source, "");
    EXPECT_EQ(listed[4].problem, "the folder holds no .cu file (a submission is one .cu file, or a folder with one)");
    EXPECT_EQ(listed[5].problem, "the folder holds 2 .cu files (x.cu, y.cu); a submission is one .cu file, or a folder with one");
    // One file is one submission.
    const auto single = listSubmissions((dir / "a.cu").string());
    ASSERT_EQ(single.size(), 1u);
    EXPECT_EQ(single[0], (Submission{"a.cu", (dir / "a.cu").string(), {}}));
    EXPECT_THROW(listSubmissions((dir / "missing").string()), UsageError);
    fs::remove_all(dir);
}

TEST(JudgeShards, MergingShardRecordsGivesTheUnshardedTable) {
    const GradeTable whole = wholeRun();
    const fs::path dir = freshFolder("merge");
    // Shard 1 started first: the merged date is its date, which the whole run has.
    writeGradeJson(shardOf(whole, {0, 2}, "2026-03-01T10:05:00Z"), (dir / "a.json").string());
    writeGradeJson(shardOf(whole, {1, 2}, whole.facts.dateUtc), (dir / "b.json").string());
    const GradeTable a = readGradeJson((dir / "a.json").string()), b = readGradeJson((dir / "b.json").string());
    ASSERT_EQ(a.rows.size(), 6u);  // alice.cu, carl, erin
    ASSERT_EQ(b.rows.size(), 4u);  // bob, dora.cu
    EXPECT_EQ(mergeGradeTables({b, a}, {"b.json", "a.json"}), whole);
    // Three shards, given out of order: the same table.
    EXPECT_EQ(mergeGradeTables({shardOf(whole, {2, 3}, whole.facts.dateUtc), shardOf(whole, {0, 3}, whole.facts.dateUtc),
                                shardOf(whole, {1, 3}, whole.facts.dateUtc)},
                               {"x", "y", "z"}),
              whole);
    fs::remove_all(dir);
}

TEST(JudgeShards, MergeRefusesShardsTimedOrJudgedDifferently) {
    const GradeTable whole = wholeRun();
    const GradeTable a = shardOf(whole, {0, 2}, whole.facts.dateUtc);
    const GradeTable b = shardOf(whole, {1, 2}, whole.facts.dateUtc);
    const std::string prefix = "cannot merge the grade tables: a.json and b.json: ";
    const auto differing = [&](auto change) {
        GradeTable other = b;
        change(other.facts);
        return mergeErrorOf({a, other}, {"a.json", "b.json"});
    };
    EXPECT_EQ(differing([](GradeFacts& f) { f.reference = "teacher.cu (sha256 00ff)"; }),
              prefix + "the reference differs: \"good\" against \"teacher.cu (sha256 00ff)\"");
    EXPECT_EQ(differing([](GradeFacts& f) { f.measure.runs = 1; }),
              prefix + "the timing measure differs: \"the least of 3 runs, each the mean of 4 frames, after 2 untimed\" "
                       "against \"the least of 1 run, each the mean of 4 frames, after 2 untimed\"");
    EXPECT_EQ(differing([](GradeFacts& f) { f.measure.warmup = 0; }),
              prefix + "the timing measure differs: \"the least of 3 runs, each the mean of 4 frames, after 2 untimed\" "
                       "against \"the least of 3 runs, each the mean of 4 frames, after 0 untimed\"");
    EXPECT_EQ(differing([](GradeFacts& f) { f.budgetSeconds = 0; }),
              prefix + "the budget differs: \"60 s a submission\" against \"none\"");
    EXPECT_EQ(differing([](GradeFacts& f) { f.sceneSet = "all"; }), prefix + "the scene set differs: \"chosen\" against \"all\"");
    EXPECT_EQ(differing([](GradeFacts& f) { f.scenes[1] = GradedScene{"a/two@240", "a/two", 240, 128, 64, "", true}; }),
              prefix + "the frame of the scene \"a/two\" differs: 0 against 240");
    EXPECT_EQ(differing([](GradeFacts& f) { f.scenes[0].width = 512, f.scenes[0].height = 384; }),
              prefix + "the size of the scene \"a/one\" differs: 256x256 against 512x384");
    EXPECT_EQ(differing([](GradeFacts& f) { f.scenes[1].graded = false, f.scenes[1].note = "out of GPU memory"; }),
              prefix + "the column \"a/two\" differs: graded against not graded");
    // A note is words, not what was judged; reference times are each shard's own (the rows keep theirs).
    EXPECT_EQ(differing([](GradeFacts& f) { f.scenes[0].note = "said otherwise"; }), "no error");
    GradeTable otherTimes = b;
    otherTimes.facts.referenceMs = {{"a/one", 0.5}};
    EXPECT_EQ(mergeGradeTables({otherTimes, a}, {"b.json", "a.json"}).facts.referenceMs,
              (std::vector<std::pair<std::string, double>>{{"a/one", 0.5}}));  // the first table given
}

TEST(JudgeShards, MergeRefusesShardsThatAreNotOneRun) {
    const GradeTable whole = wholeRun();
    const GradeTable a = shardOf(whole, {0, 2}, whole.facts.dateUtc);
    const GradeTable b = shardOf(whole, {1, 2}, whole.facts.dateUtc);
    GradeTable otherRule = b;
    otherRule.facts.rule = parseScoreRule("full=1.5");
    EXPECT_EQ(mergeErrorOf({a, otherRule}, {"a.json", "b.json"}),
              "cannot merge the grade tables: a.json and b.json: the rule differs: "
              "\"correct=2,perf=7,full=1.2,zero=10,partial=ceil\" against \"correct=2,perf=7,full=1.5,zero=10,partial=ceil\"");
    GradeTable otherCommit = b;
    otherCommit.facts.racelabCommit = "def456";
    EXPECT_EQ(mergeErrorOf({a, otherCommit}, {"a.json", "b.json"}),
              "cannot merge the grade tables: a.json and b.json: the racelab commit differs: \"abc123\" against \"def456\"");
    GradeTable otherGpu = b;
    otherGpu.facts.gpu = "GPU Y";
    EXPECT_NE(mergeErrorOf({a, otherGpu}, {"a.json", "b.json"}).find("the GPU differs: \"GPU X\" against \"GPU Y\""),
              std::string::npos);
    GradeTable otherScenes = b;
    otherScenes.facts.scenes.pop_back();
    EXPECT_EQ(mergeErrorOf({a, otherScenes}, {"a.json", "b.json"}),
              "cannot merge the grade tables: a.json and b.json: the scenes differ: [a/one, a/two] against [a/one]");
    GradeTable twice = b;
    twice.rows.push_back(a.rows.front());  // alice.cu graded in both shards
    EXPECT_EQ(mergeErrorOf({a, twice}, {"a.json", "b.json"}),
              "cannot merge the grade tables: the submission \"alice.cu\" is in a.json and in b.json");
    EXPECT_EQ(mergeErrorOf({a}, {"a.json"}), "cannot merge the grade tables: shard 1/2 is missing");
    EXPECT_EQ(mergeErrorOf({a, a}, {"a.json", "c.json"}), "cannot merge the grade tables: a.json and c.json are both shard 0/2");
    EXPECT_EQ(mergeErrorOf({a, shardOf(whole, {1, 3}, whole.facts.dateUtc)}, {"a.json", "d.json"}),
              "cannot merge the grade tables: a.json is shard 0/2 but d.json is shard 1/3 (all shards must be K/N of one N)");
    EXPECT_EQ(mergeErrorOf({}, {}), "cannot merge the grade tables: no tables given");
}
