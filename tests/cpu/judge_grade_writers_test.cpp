// The grade table: its basics (facts from the provenance, statuses, canonical order, totals) and its writers: the
// aligned terminal table, CSV (RFC 4180, formula-safe) and the HTML page with hostile names. The JSON record:
// judge_grade_json_test.cpp.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <unistd.h>

#include "fresh_folder.hpp"
#include "core/errors.hpp"
#include "judge/base64.hpp"
#include "judge/grade_csv.hpp"
#include "judge/grade_html.hpp"
#include "judge/grade_json.hpp"
#include "judge/grade_terminal.hpp"
#include "judge/text_escape.hpp"
#include "judge_sample_tables.hpp"
#include "read_file.hpp"

using namespace racelab;
using namespace racelab::judge;
using namespace judge_samples;
namespace fs = std::filesystem;

namespace {

// A small RFC 4180 reader, independent of the writer: fields, quoted fields with "" for a quote, CRLF records.
std::vector<std::vector<std::string>> parseCsv(const std::string& text) {
    std::vector<std::vector<std::string>> records(1);
    std::string field;
    bool quoted = false, wasQuoted = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (quoted) {
            if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') field += '"', ++i;
            else if (c == '"') quoted = false;
            else field += c;
        } else if (c == '"' && field.empty() && !wasQuoted) {
            quoted = wasQuoted = true;
        } else if (c == ',') {
            records.back().push_back(field), field.clear(), wasQuoted = false;
        } else if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') {
            records.back().push_back(field), field.clear(), wasQuoted = false, ++i;
            records.emplace_back();
        } else {
            EXPECT_NE(c, '\n') << "a bare LF outside quotes at byte " << i;
            field += c;
        }
    }
    EXPECT_TRUE(field.empty() && records.back().empty()) << "the last record does not end with CRLF";
    records.pop_back();
    return records;
}

std::string lowercase(std::string text) {
    std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return text;
}

}  // namespace

TEST(JudgeGradeWriters, TerminalTableIsAlignedWithDetailsOfWhatFailed) {
    const std::string expected =
        "racelab grade: 3 submissions, 2 scenes, rule correct=2,perf=7,full=1.2,zero=10,partial=ceil, shard 0/1\n"
        "  racelab abc123 (dirty: false), GPU GPU X, driver 580.65, CUDA 13.0 (driver supports 13.0), "
        "2026-03-01T10:00:00Z\n"
        "  timed against good: the least of 3 runs, each the mean of 4 frames, after 2 untimed; budget 60 s a "
        "submission\n"
        "  scenes (chosen):\n"
        "    a/one  frame 0, 256x256\n"
        "    a/two  frame 0, 128x64\n"
        "\n"
        "submission  a/one          a/two          total\n"
        "alice.cu    9 1.00x        6 2.00x*       15/18\n"
        "bob         wrong          race           0/18\n"
        "carl        compile-error  compile-error  0/18\n"
        "\n"
        "* timed on fewer runs × frames than the measure (the budget ran short):\n"
        "  alice.cu, a/two: 1×2 of 3×4\n"
        "\n"
        "not passed:\n"
        "  bob, a/one: wrong, 120 wrong pixels\n"
        "  bob, a/two: race, 7 wrong pixels, 30 pixels differ between runs\n"
        "  carl, every scene: compile-error\n"
        "      kernel.cu(1): error: expected ';'\n";
    EXPECT_EQ(formatGradeTable(plainTable()), expected);
}

TEST(JudgeGradeWriters, TerminalTableSaysEachColumnsFrameSizeAndNote) {
    GradeTable table = plainTable();
    table.facts.reference = "teacher.cu (sha256 00ff)";
    table.facts.budgetSeconds = 0;
    table.facts.sceneSet = "course";
    table.facts.scenes = {GradedScene{"a/one", "a/one", 0, 256, 256, "", true},
                          GradedScene{"a/two@240", "a/two", 240, 1024, 768, "the course's frame", true},
                          GradedScene{"a/big", "a/big", 0, 4096, 4096, "out of GPU memory", false}};
    for (GradeRow& r : table.rows)
        if (r.scene == "a/two") r.scene = "a/two@240";
    const std::string text = formatGradeTable(table);
    const std::string expected =
        "  timed against teacher.cu (sha256 00ff): the least of 3 runs, each the mean of 4 frames, after 2 untimed; "
        "budget none\n"
        "  scenes (course):\n"
        "    a/one      frame 0, 256x256\n"
        "    a/two@240  frame 240, 1024x768: the course's frame\n"
        "    a/big      frame 0, 4096x4096, not graded here: out of GPU memory\n"
        "\n"
        "submission  a/one          a/two@240      a/big  total\n";
    EXPECT_NE(text.find(expected), std::string::npos) << text;
    EXPECT_NE(text.find("  alice.cu, a/two@240: 1×2 of 3×4\n"), std::string::npos) << text;
}

TEST(JudgeGradeWriters, TerminalTableDisarmsControlCharacters) {
    const std::string text = formatGradeTable(hostileTable());
    EXPECT_EQ(text.find('\x1b'), std::string::npos);
    EXPECT_NE(text.find("+SUM(1)\\x1b[31m"), std::string::npos) << text;
    EXPECT_NE(text.find("evil\", <script>alert(1)</script>\\x0a.cu"), std::string::npos) << text;  // one line
    EXPECT_NE(text.find("@evil\\x09tab"), std::string::npos) << text;
    EXPECT_NE(text.find("<script>alert(4)</script>\\x1b[2J"), std::string::npos) << text;  // the column's note
}

TEST(JudgeGradeWriters, CsvFieldQuotesAndDisarmsFormulas) {
    EXPECT_EQ(csvField("plain"), "plain");
    EXPECT_EQ(csvField(""), "");
    EXPECT_EQ(csvField("a,b"), "\"a,b\"");
    EXPECT_EQ(csvField("say \"hi\""), "\"say \"\"hi\"\"\"");
    EXPECT_EQ(csvField("two\nlines"), "\"two\nlines\"");
    EXPECT_EQ(csvField("=cmd|' /C calc'!A0"), "'=cmd|' /C calc'!A0");
    EXPECT_EQ(csvField("+SUM(1)"), "'+SUM(1)");
    EXPECT_EQ(csvField("-2+3"), "'-2+3");
    EXPECT_EQ(csvField("@evil"), "'@evil");
    EXPECT_EQ(csvField("\tx"), "'\tx");
    EXPECT_EQ(csvField("\rx"), "\"'\rx\"");
    EXPECT_EQ(csvField("=1,2"), "\"'=1,2\"");
    EXPECT_EQ(csvField("a=1"), "a=1");  // only a leading sign is a formula
}

TEST(JudgeGradeWriters, CsvHasOneRecordPerRowWithTheRunsFacts) {
    const auto records = parseCsv(gradeCsv(hostileTable()));
    ASSERT_EQ(records.size(), 5u);
    const std::vector<std::string> header{
        "submission", "scene", "frame", "size", "status", "score", "max_score", "time_ms", "reference_ms", "ratio",
        "runs_timed", "frames_timed", "wrong_pixels", "differing_between_runs", "message", "racelab_commit",
        "racelab_dirty", "gpu", "driver", "cuda_runtime", "cuda_driver", "date_utc", "rule", "reference", "measure",
        "budget_seconds", "scene_set", "shard", "step_median_ms"};
    EXPECT_EQ(records[0], header);
    for (const auto& record : records) ASSERT_EQ(record.size(), header.size());
    EXPECT_EQ(records[1][0], "'=cmd|' /C calc'!A0.cu");
    EXPECT_EQ(records[1][4], "fault");
    EXPECT_EQ(records[1][14], "'+SUM(1)\x1b[31m");
    EXPECT_EQ(records[2][14], "'@evil\ttab");
    EXPECT_EQ(records[3][0], kScriptName);  // the quote and newline survive inside one field
    EXPECT_EQ(records[3][14], "kernel.cu(3): error: expected a \";\"\n=cmd|' /C calc'!A0 & <img src=x onerror=alert(2)>");
    EXPECT_EQ(records[3][15], "abc123");
    EXPECT_EQ(records[3][17], "GPU X");
    EXPECT_EQ(records[3][18], "580.65");
    EXPECT_EQ(records[3][22], "correct=2,perf=7,full=1.2,zero=10,partial=ceil");
    EXPECT_EQ(records[3][23], "'=<img src=x onerror=alert(3)>.cu (sha256 00ff)");  // a formula-like reference name
    EXPECT_EQ(records[3][27], "0/1");
    const auto plain = parseCsv(gradeCsv(plainTable()));
    EXPECT_EQ(plain[1], (std::vector<std::string>{"alice.cu", "a/one", "0", "256x256", "pass", "9", "9", "1", "1", "1",
                                                  "3", "4", "0", "0", "", "abc123", "false", "GPU X", "580.65", "13.0",
                                                  "13.0", "2026-03-01T10:00:00Z",
                                                  "correct=2,perf=7,full=1.2,zero=10,partial=ceil", "good",
                                                  "the least of 3 runs, each the mean of 4 frames, after 2 untimed", "60",
                                                  "chosen", "0/1", ""}));
    // Timed short: 1 run of 2 frames.
    EXPECT_EQ(plain[2], (std::vector<std::string>{"alice.cu", "a/two", "0", "128x64", "pass", "6", "9", "2", "1", "2",
                                                  "1", "2", "0", "0", "", "abc123", "false", "GPU X", "580.65", "13.0",
                                                  "13.0", "2026-03-01T10:00:00Z",
                                                  "correct=2,perf=7,full=1.2,zero=10,partial=ceil", "good",
                                                  "the least of 3 runs, each the mean of 4 frames, after 2 untimed", "60",
                                                  "chosen", "0/1", ""}));
    EXPECT_EQ(plain[3][7], "");   // not measured: empty time_ms
    EXPECT_EQ(plain[3][10], "0");  // and nothing timed
    EXPECT_EQ(plain[3][11], "0");
    GradeTable atFrame = plainTable();
    atFrame.facts.budgetSeconds = 0;
    atFrame.facts.scenes[1] = GradedScene{"a/two@240", "a/two", 240, 1024, 768, "", true};
    atFrame.rows[1].scene = "a/two@240";
    const auto framed = parseCsv(gradeCsv(atFrame));
    EXPECT_EQ(std::vector<std::string>(framed[2].begin() + 1, framed[2].begin() + 4),
              (std::vector<std::string>{"a/two@240", "240", "1024x768"}));
    EXPECT_EQ(framed[2][25], "");  // no budget: empty
    GradeTable withSteps = plainTable();
    withSteps.rows[0].stepMedianMs = {{"clearImage", 0.25}, {"advanceAnimation", 0}, {"render", 1.5}};
    EXPECT_EQ(parseCsv(gradeCsv(withSteps))[1].back(), "clearImage=0.25;advanceAnimation=0;render=1.5");
}

TEST(JudgeGradeWriters, HtmlEscapesEveryCharacterThatOpensMarkup) {
    EXPECT_EQ(htmlEscaped("<a href=\"x\">'&'</a>"), "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
}

TEST(JudgeGradeWriters, HtmlPageIsSelfContainedAndEscapesSubmissions) {
    const GradeTable table = hostileTable();
    const std::string page = gradeHtml(table);
    const std::string lower = lowercase(page);
    EXPECT_EQ(lower.find("<script"), std::string::npos);
    EXPECT_EQ(lower.find("<img src=x"), std::string::npos);
    EXPECT_EQ(lower.find("http:"), std::string::npos);
    EXPECT_EQ(lower.find("https:"), std::string::npos);
    EXPECT_EQ(lower.find("<link"), std::string::npos);
    EXPECT_EQ(lower.find("url("), std::string::npos);
    EXPECT_NE(page.find("evil&quot;, &lt;script&gt;alert(1)&lt;/script&gt;\n.cu"), std::string::npos);
    EXPECT_NE(page.find("=cmd|&#39; /C calc&#39;!A0 &amp; &lt;img src=x onerror=alert(2)&gt;"), std::string::npos);
    EXPECT_NE(page.find("<tr><th>reference</th><td>=&lt;img src=x onerror=alert(3)&gt;.cu (sha256 00ff)</td></tr>"),
              std::string::npos);
    EXPECT_NE(page.find("<td>&lt;script&gt;alert(4)&lt;/script&gt;\x1b[2J</td>"), std::string::npos);  // the note
    EXPECT_NE(page.find("<style>"), std::string::npos);
    EXPECT_NE(page.find("default-src 'none'"), std::string::npos);
    // The one thumbnail, embedded; every image is a data URI.
    const std::string uri = "src=\"data:image/png;base64," + base64Encoded(table.rows[0].diffPng) + "\"";
    EXPECT_NE(page.find(uri), std::string::npos);
    std::size_t images = 0;
    for (std::size_t at = page.find("<img"); at != std::string::npos; at = page.find("<img", at + 1)) {
        ++images;
        const std::size_t src = page.find(" src=\"", at);
        ASSERT_NE(src, std::string::npos);
        EXPECT_EQ(page.compare(src + 6, 15, "data:image/png;"), 0);
    }
    EXPECT_EQ(images, 1u);
}

TEST(JudgeGradeWriters, HtmlPageMarksAColumnThatIsNotGraded) {
    GradeTable table = plainTable();
    table.facts.scenes[1] = GradedScene{"a/two@240", "a/two", 240, 1024, 768, "out of GPU memory", false};
    const std::string page = gradeHtml(table);
    EXPECT_NE(page.find("<tr class=\"not-run\"><td>a/two@240</td><td>a/two</td><td>240</td><td>1024x768</td>"
                        "<td>not graded here: out of GPU memory</td><td>not measured</td></tr>"),
              std::string::npos) << page;
    EXPECT_NE(page.find("<th>a/two@240</th>"), std::string::npos);
}

TEST(JudgeGradeWriters, HtmlPageShowsTheTableAndTheFailures) {
    const fs::path dir = freshFolder("html") / "page";
    GradeTable table = plainTable();
    table.rows[0].message = "printf: hello";  // a passing kernel's output is shown too
    table.rows[1].message = "printf: short";
    table.facts.referenceMs = {{"a/two", 0.25}};  // a/one: the reference was not measured there
    table.facts.scenes[1].note = "the course's size";
    const std::string path = writeGradeHtml(table, dir.string());
    EXPECT_EQ(path, (dir / "index.html").string());
    const std::string page = readFile(path);
    EXPECT_NE(page.find("<tr><th>scene set</th><td>chosen</td></tr>\n"
                        "<tr><th>rule</th><td>correct=2,perf=7,full=1.2,zero=10,partial=ceil</td></tr>\n"
                        "<tr><th>reference</th><td>good</td></tr>\n"
                        "<tr><th>timing</th><td>the least of 3 runs, each the mean of 4 frames, after 2 untimed</td></tr>\n"
                        "<tr><th>budget</th><td>60 s a submission</td></tr>\n"),
              std::string::npos) << page;
    EXPECT_NE(page.find("<tr><td>a/one</td><td>a/one</td><td>0</td><td>256x256</td><td></td><td>not measured</td></tr>\n"
                        "<tr><td>a/two</td><td>a/two</td><td>0</td><td>128x64</td><td>the course&#39;s size</td>"
                        "<td>0.250 ms</td></tr>\n"),
              std::string::npos) << page;
    EXPECT_NE(page.find("<td class=\"pass\">9<br><small>1.00x</small></td>"), std::string::npos);
    EXPECT_NE(page.find("<td class=\"pass\">6<br><small>2.00x</small><br><small>timed 1×2 of 3×4</small></td>"),
              std::string::npos);
    EXPECT_NE(page.find("<h3>a/two: <span class=\"pass\">pass</span></h3>\n<p>0 wrong pixels, 0 pixels differ between "
                        "runs. Time 2.000 ms, reference 1.000 ms. Timed 1×2 of 3×4 (runs × frames: the budget ran "
                        "short). Score 6 of 9.</p>\n<pre>printf: short</pre>"),
              std::string::npos) << page;
    EXPECT_NE(page.find("<td class=\"race\">race</td>"), std::string::npos);
    EXPECT_NE(page.find("<td>15 / 18</td>"), std::string::npos);
    EXPECT_NE(page.find("120 wrong pixels, 0 pixels differ between runs"), std::string::npos);
    // carl's compile error hit both scenes and is told once.
    const std::string compileError = "<h3>a/one, a/two: <span class=\"compile-error\">compile-error</span></h3>\n"
                                     "<pre>kernel.cu(1): error: expected &#39;;&#39;</pre>";
    EXPECT_NE(page.find(compileError), std::string::npos) << page;
    EXPECT_EQ(page.find("expected &#39;;&#39;"), page.rfind("expected &#39;;&#39;"));
    EXPECT_NE(page.find("<h3>a/one: <span class=\"pass\">pass</span></h3>\n<p>0 wrong pixels, 0 pixels differ between "
                        "runs. Time 1.000 ms, reference 1.000 ms. Score 9 of 9.</p>\n<pre>printf: hello</pre>"),
              std::string::npos) << page;
    EXPECT_FALSE(fs::exists(path + ".tmp"));
    fs::remove_all(dir.parent_path());
}

TEST(JudgeGradeWriters, Base64MatchesTheRfcVectors) {
    const auto bytes = [](std::string_view s) { return std::vector<std::uint8_t>(s.begin(), s.end()); };
    // RFC 4648, section 10.
    EXPECT_EQ(base64Encoded(bytes("")), "");
    EXPECT_EQ(base64Encoded(bytes("f")), "Zg==");
    EXPECT_EQ(base64Encoded(bytes("fo")), "Zm8=");
    EXPECT_EQ(base64Encoded(bytes("foo")), "Zm9v");
    EXPECT_EQ(base64Encoded(bytes("foobar")), "Zm9vYmFy");
    EXPECT_EQ(base64Decoded("Zm9vYg==", "x"), bytes("foob"));
    EXPECT_EQ(base64Decoded("Zm9vYmE=", "x"), bytes("fooba"));
    EXPECT_THROW(base64Decoded("Zm9", "x"), UsageError);
    EXPECT_THROW(base64Decoded("Zm=v", "x"), UsageError);
    EXPECT_THROW(base64Decoded("Zm9v!A==", "x"), UsageError);
}

TEST(JudgeGradeTable, FactsComeFromTheProvenanceAndStatusesFromVerdicts) {
    Provenance p;
    p.gitCommit = "0123456789abcdef0123456789abcdef01234567";
    p.gitDirty = "true";
    p.device = "NVIDIA H100 80GB HBM3";
    p.cudaRuntime = "13.0";
    p.cudaDriver = "13.1";
    p.dateUtc = "2026-03-02T08:00:00Z";
    const GradedScene column{"a/one@3", "a/one", 3, 64, 32, "", true};
    const GradeFacts f = gradeFacts(p, parseScoreRule("full=1.5"), {column}, Shard{1, 4});
    EXPECT_EQ(f.racelabCommit, p.gitCommit);
    EXPECT_EQ(f.racelabDirty, "true");
    EXPECT_EQ(f.gpu, "NVIDIA H100 80GB HBM3");
    EXPECT_EQ(f.driver, "unknown");  // Provenance has no display driver version
    EXPECT_EQ(f.cudaRuntime, "13.0");
    EXPECT_EQ(f.cudaDriver, "13.1");
    EXPECT_EQ(f.dateUtc, "2026-03-02T08:00:00Z");
    EXPECT_EQ(scoreRuleText(f.rule), "correct=2,perf=7,full=1.5,zero=10,partial=ceil");
    EXPECT_EQ(f.shard, (Shard{1, 4}));
    EXPECT_EQ(f.scenes, std::vector<GradedScene>{column});
    EXPECT_EQ(f.labels(), std::vector<std::string>{"a/one@3"});
    EXPECT_EQ(f.column("a/one@3"), &f.scenes[0]);
    EXPECT_EQ(f.column("a/one"), nullptr);
    EXPECT_EQ(statusOf(RepeatVerdict::Correct), GradeStatus::Pass);
    EXPECT_EQ(statusOf(RepeatVerdict::WrongDeterministic), GradeStatus::Wrong);
    EXPECT_EQ(statusOf(RepeatVerdict::Nondeterministic), GradeStatus::Race);
    for (const char* name : {"pass", "wrong", "race", "fault", "timeout", "compile-error", "contract-error", "not-run"})
        EXPECT_EQ(statusName(parseStatus(name).value()), name);
    EXPECT_FALSE(parseStatus("PASS").has_value());
}

TEST(JudgeGradeTable, LabelsAndTheMeasureInWords) {
    EXPECT_EQ(gradedSceneLabel("circles/snow", 240), "circles/snow@240");
    EXPECT_EQ(gradedSceneLabel("circles/snow", 0), "circles/snow");
    EXPECT_EQ(measureText(TimingMeasure{}), "the least of 3 runs, each the mean of 4 frames, after 2 untimed");
    EXPECT_EQ(measureText(TimingMeasure{1, 1, 0}), "the least of 1 run, each the mean of 1 frame, after 0 untimed");
    const GradeFacts defaults;
    EXPECT_EQ(defaults.reference, "good");
    EXPECT_EQ(defaults.measure, (TimingMeasure{3, 4, 2}));  // the course's: checker.py's -b 0:4, least of three
}

TEST(JudgeGradeTable, RowsSortBySubmissionBytewiseThenSceneOrder) {
    GradeTable t;
    t.facts.scenes = {GradedScene{"z/last-but-first", "z/last-but-first", 0, 64, 64, "", true},
                      GradedScene{"a/second", "a/second", 0, 64, 64, "", true}};
    t.rows = {row("b", "a/second", GradeStatus::Pass, 9), row("B", "a/second", GradeStatus::Pass, 9),
              row("b", "z/last-but-first", GradeStatus::Pass, 9), row("\xc3\xa4", "a/second", GradeStatus::Pass, 9)};
    sortRows(t);
    std::vector<std::string> order;
    for (const auto& r : t.rows) order.push_back(r.submission + " " + r.scene);
    EXPECT_EQ(order, (std::vector<std::string>{"B a/second", "b z/last-but-first", "b a/second", "\xc3\xa4 a/second"}));
    const auto totals = submissionTotals(t);
    ASSERT_EQ(totals.size(), 3u);
    EXPECT_EQ(totals[1].score, 18);
    EXPECT_EQ(totals[1].maxScore, 18);
    EXPECT_EQ(totals[1].scenesPassed, 2);
}
