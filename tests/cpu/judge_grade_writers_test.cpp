// The grade table: its basics (facts from the provenance, statuses, canonical order, totals) and its writers: the
// aligned terminal table, CSV (RFC 4180, formula-safe) and the HTML page with hostile names, and the JSON record
// read back (round trip, a hand-written record, validation errors).
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

std::string jsonErrorOf(nlohmann::json document) {
    try {
        gradeTableFromJson(document, "t.json");
    } catch (const UsageError& e) {
        return e.what();
    }
    return "no error";
}

}  // namespace

TEST(JudgeGradeWriters, TerminalTableIsAlignedWithDetailsOfWhatFailed) {
    const std::string expected =
        "racelab grade: 3 submissions, 2 scenes, rule correct=2,perf=7,full=1.2,zero=10,partial=ceil, shard 0/1\n"
        "  racelab abc123 (dirty: false), GPU GPU X, driver 580.65, CUDA 13.0 (driver supports 13.0), "
        "2026-03-01T10:00:00Z\n"
        "\n"
        "submission  a/one          a/two          total\n"
        "alice.cu    9 1.00x        6 2.00x        15/18\n"
        "bob         wrong          race           0/18\n"
        "carl        compile-error  compile-error  0/18\n"
        "\n"
        "not passed:\n"
        "  bob, a/one: wrong, 120 wrong pixels\n"
        "  bob, a/two: race, 7 wrong pixels, 30 pixels differ between runs\n"
        "  carl, every scene: compile-error\n"
        "      kernel.cu(1): error: expected ';'\n";
    EXPECT_EQ(formatGradeTable(plainTable()), expected);
}

TEST(JudgeGradeWriters, TerminalTableDisarmsControlCharacters) {
    const std::string text = formatGradeTable(hostileTable());
    EXPECT_EQ(text.find('\x1b'), std::string::npos);
    EXPECT_NE(text.find("+SUM(1)\\x1b[31m"), std::string::npos) << text;
    EXPECT_NE(text.find("evil\", <script>alert(1)</script>\\x0a.cu"), std::string::npos) << text;  // one line
    EXPECT_NE(text.find("@evil\\x09tab"), std::string::npos) << text;
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
    const std::vector<std::string> header{"submission", "scene", "status", "score", "max_score", "median_ms",
                                          "reference_ms", "ratio", "wrong_pixels", "differing_between_runs", "message",
                                          "racelab_commit", "racelab_dirty", "gpu", "driver", "cuda_runtime",
                                          "cuda_driver", "date_utc", "rule", "shard", "step_median_ms"};
    EXPECT_EQ(records[0], header);
    for (const auto& record : records) ASSERT_EQ(record.size(), header.size());
    EXPECT_EQ(records[1][0], "'=cmd|' /C calc'!A0.cu");
    EXPECT_EQ(records[1][2], "fault");
    EXPECT_EQ(records[1][10], "'+SUM(1)\x1b[31m");
    EXPECT_EQ(records[2][10], "'@evil\ttab");
    EXPECT_EQ(records[3][0], kScriptName);  // the quote and newline survive inside one field
    EXPECT_EQ(records[3][10], "kernel.cu(3): error: expected a \";\"\n=cmd|' /C calc'!A0 & <img src=x onerror=alert(2)>");
    EXPECT_EQ(records[3][11], "abc123");
    EXPECT_EQ(records[3][13], "GPU X");
    EXPECT_EQ(records[3][14], "580.65");
    EXPECT_EQ(records[3][18], "correct=2,perf=7,full=1.2,zero=10,partial=ceil");
    EXPECT_EQ(records[3][19], "0/1");
    const auto plain = parseCsv(gradeCsv(plainTable()));
    EXPECT_EQ(plain[2], (std::vector<std::string>{"alice.cu", "a/two", "pass", "6", "9", "2", "1", "2", "0", "0", "",
                                                  "abc123", "false", "GPU X", "580.65", "13.0", "13.0",
                                                  "2026-03-01T10:00:00Z", "correct=2,perf=7,full=1.2,zero=10,partial=ceil",
                                                  "0/1", ""}));
    EXPECT_EQ(plain[3][5], "");  // not measured: empty
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

TEST(JudgeGradeWriters, HtmlPageShowsTheTableAndTheFailures) {
    const fs::path dir = freshFolder("html") / "page";
    GradeTable table = plainTable();
    table.rows[0].message = "printf: hello";  // a passing kernel's output is shown too
    const std::string path = writeGradeHtml(table, dir.string());
    EXPECT_EQ(path, (dir / "index.html").string());
    const std::string page = readFile(path);
    EXPECT_NE(page.find("<td class=\"pass\">6<br><small>2.00x</small></td>"), std::string::npos);
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

TEST(JudgeGradeWriters, JsonRoundTripKeepsEveryField) {
    GradeTable table = hostileTable();
    table.rows[0].medianMs = 0.1;          // a number with no short binary form
    table.rows[0].referenceMs = 1.0 / 3.0;
    table.rows[0].stepMedianMs = {{"clearImage", 0.012}, {"advanceAnimation", 0.0}, {"render", 0.088}};
    table.rows[1].score = 5.5;
    table.facts.shard = Shard{2, 5};
    table.facts.rule = scoreRuleText(parseScoreRule("full=1.1,partial=exact"));
    const nlohmann::json document = nlohmann::json::parse(gradeJson(table).dump());
    EXPECT_EQ(document["schema"], "racelab-grade/1");
    EXPECT_EQ(gradeTableFromJson(document, "t.json"), table);
    const fs::path dir = freshFolder("json");
    writeGradeJson(table, (dir / "grade.json").string());
    EXPECT_EQ(readGradeJson((dir / "grade.json").string()), table);
    fs::remove_all(dir);
}

TEST(JudgeGradeWriters, JsonReaderReadsAHandWrittenRecord) {
    const std::string text = R"({
      "schema": "racelab-grade/1",
      "facts": {"racelab_commit": "abc123", "racelab_dirty": "true", "gpu": "GPU X", "driver": "580.65",
                "cuda_runtime": "13.0", "cuda_driver": "13.1", "date_utc": "2026-03-01T10:00:00Z",
                "rule": "correct=2,perf=7,full=1.2,zero=10,partial=ceil", "scenes": ["a/one"], "shard": "1/3"},
      "rows": [{"submission": "dora.cu", "scene": "a/one", "status": "pass", "wrong_pixels": 0,
                "differing_between_runs": 0, "median_ms": 1.5, "reference_ms": 1.0, "ratio": 1.5, "score": 7,
                "max_score": 9, "message": "printf: hello", "diff_png": null, "heat_png": null}]})";
    const GradeTable table = gradeTableFromJson(nlohmann::json::parse(text), "hand.json");
    EXPECT_EQ(table.facts.racelabDirty, "true");
    EXPECT_EQ(table.facts.cudaDriver, "13.1");
    EXPECT_EQ(table.facts.shard, (Shard{1, 3}));
    EXPECT_EQ(table.facts.scenes, std::vector<std::string>{"a/one"});
    ASSERT_EQ(table.rows.size(), 1u);
    EXPECT_EQ(table.rows[0].submission, "dora.cu");
    EXPECT_EQ(table.rows[0].status, GradeStatus::Pass);
    EXPECT_EQ(table.rows[0].medianMs, 1.5);
    EXPECT_EQ(table.rows[0].ratio(), 1.5);
    EXPECT_EQ(table.rows[0].score, 7);
    EXPECT_EQ(table.rows[0].message, "printf: hello");
    EXPECT_TRUE(table.rows[0].diffPng.empty());
}

TEST(JudgeGradeWriters, JsonReaderNamesWhatIsWrong) {
    const nlohmann::json good = gradeJson(plainTable());
    auto changed = [&](auto change) {
        nlohmann::json document = good;
        change(document);
        return jsonErrorOf(document);
    };
    EXPECT_EQ(changed([](auto& d) { d["schema"] = "racelab-record/1"; }),
              "t.json: schema: \"racelab-record/1\" is not \"racelab-grade/1\" (not a racelab grade table)");
    EXPECT_EQ(changed([](auto& d) { d.erase("schema"); }), "t.json: document: the field \"schema\" is missing");
    EXPECT_EQ(changed([](auto& d) { d["rows"][2]["status"] = "passs"; }),
              "t.json: rows[2].status: \"passs\" is not one of pass, wrong, race, fault, timeout, compile-error, "
              "contract-error, not-run");
    EXPECT_EQ(changed([](auto& d) { d["rows"][1].erase("score"); }), "t.json: rows[1]: the field \"score\" is missing");
    EXPECT_EQ(changed([](auto& d) { d["rows"][0]["median_ms"] = "fast"; }),
              "t.json: rows[0].median_ms: expected a number, got string");
    EXPECT_EQ(changed([](auto& d) { d["rows"][0]["wrong_pixels"] = -3; }),
              "t.json: rows[0].wrong_pixels: expected a whole number >= 0, got -3");
    EXPECT_EQ(changed([](auto& d) { d["rows"][0]["scene"] = "a/three"; }),
              "t.json: rows[0].scene: \"a/three\" is not one of facts.scenes");
    EXPECT_EQ(changed([](auto& d) { d["rows"][1]["scene"] = "a/one"; }),
              "t.json: rows[1]: a second row for submission \"alice.cu\" and scene \"a/one\"");
    EXPECT_EQ(changed([](auto& d) { d["rows"][2]["diff_png"] = base64Encoded({'G', 'I', 'F', '8', '9', 'a', 0, 0}); }),
              "t.json: rows[2].diff_png: not a PNG (no PNG signature)");
    EXPECT_NE(changed([](auto& d) { d["rows"][2]["diff_png"] = "not*base64"; }).find("rows[2].diff_png: not base64"),
              std::string::npos);
    EXPECT_EQ(changed([](auto& d) { d["facts"]["rule"] = "full=1.2"; }),
              "t.json: facts.rule: \"full=1.2\" is not in the canonical form "
              "\"correct=2,perf=7,full=1.2,zero=10,partial=ceil\"");
    EXPECT_NE(changed([](auto& d) { d["facts"]["rule"] = "speed=2"; }).find("t.json: facts.rule: score rule \"speed=2\": unknown key"),
              std::string::npos);
    EXPECT_NE(changed([](auto& d) { d["facts"]["shard"] = "3/3"; }).find("t.json: facts.shard: shard \"3/3\": K must be in 0..2"),
              std::string::npos);
    EXPECT_EQ(changed([](auto& d) { d["facts"]["scenes"] = {"a/one", "a/one"}; }),
              "t.json: facts.scenes[1]: \"a/one\" is listed twice");
    EXPECT_EQ(changed([](auto& d) { d["rows"] = 3; }), "t.json: rows: expected an array");
}

TEST(JudgeGradeWriters, JsonFilesThatAreNotRecords) {
    const fs::path dir = freshFolder("badjson");
    const std::string path = (dir / "broken.json").string();
    { std::ofstream(path) << "{\"schema\": "; }
    try {
        readGradeJson(path);
        FAIL() << "no error";
    } catch (const UsageError& e) {
        EXPECT_EQ(std::string(e.what()).rfind(path + ": not JSON (", 0), 0u) << e.what();
    }
    EXPECT_THROW(readGradeJson((dir / "missing.json").string()), UsageError);
    // A kernel's printf output need not be UTF-8: the record is still written, the bad byte replaced.
    GradeTable table = plainTable();
    table.rows[0].message = "bytes \xff\xfe end";
    writeGradeJson(table, (dir / "bytes.json").string());
    EXPECT_EQ(readGradeJson((dir / "bytes.json").string()).rows[0].message, "bytes \xEF\xBF\xBD\xEF\xBF\xBD end");
    fs::remove_all(dir);
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
    const GradeFacts f = gradeFacts(p, parseScoreRule("full=1.5"), {"a/one"}, Shard{1, 4});
    EXPECT_EQ(f.racelabCommit, p.gitCommit);
    EXPECT_EQ(f.racelabDirty, "true");
    EXPECT_EQ(f.gpu, "NVIDIA H100 80GB HBM3");
    EXPECT_EQ(f.driver, "unknown");  // Provenance has no display driver version
    EXPECT_EQ(f.cudaRuntime, "13.0");
    EXPECT_EQ(f.cudaDriver, "13.1");
    EXPECT_EQ(f.dateUtc, "2026-03-02T08:00:00Z");
    EXPECT_EQ(f.rule, "correct=2,perf=7,full=1.5,zero=10,partial=ceil");
    EXPECT_EQ(f.shard, (Shard{1, 4}));
    EXPECT_EQ(statusOf(RepeatVerdict::Correct), GradeStatus::Pass);
    EXPECT_EQ(statusOf(RepeatVerdict::WrongDeterministic), GradeStatus::Wrong);
    EXPECT_EQ(statusOf(RepeatVerdict::Nondeterministic), GradeStatus::Race);
    for (const char* name : {"pass", "wrong", "race", "fault", "timeout", "compile-error", "contract-error", "not-run"})
        EXPECT_EQ(statusName(parseStatus(name).value()), name);
    EXPECT_FALSE(parseStatus("PASS").has_value());
}

TEST(JudgeGradeTable, RowsSortBySubmissionBytewiseThenSceneOrder) {
    GradeTable t;
    t.facts.scenes = {"z/last-but-first", "a/second"};
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
