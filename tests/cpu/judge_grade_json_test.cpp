// The grade table's JSON record (judge/grade_json.hpp) written and read back: the round trip keeps every field,
// a hand-written record reads, every validation error names its field, an older racelab's record is refused.
#include <gtest/gtest.h>

#include <filesystem>

#include "fresh_folder.hpp"
#include "core/errors.hpp"
#include "judge/base64.hpp"
#include "judge/grade_json.hpp"
#include "judge_sample_tables.hpp"
#include "read_file.hpp"

using namespace racelab;
using namespace racelab::judge;
using namespace judge_samples;
namespace fs = std::filesystem;

namespace {

std::string jsonErrorOf(nlohmann::json document) {
    try {
        gradeTableFromJson(document, "t.json");
    } catch (const UsageError& e) {
        return e.what();
    }
    return "no error";
}

}  // namespace

TEST(JudgeGradeWriters, JsonRoundTripKeepsEveryField) {
    GradeTable table = hostileTable();
    table.rows[0].timeMs = 0.1;            // a number with no short binary form
    table.rows[0].referenceMs = 1.0 / 3.0;
    table.rows[0].runsTimed = 2;
    table.rows[0].framesTimed = 1;
    table.rows[0].stepMedianMs = {{"clearImage", 0.012}, {"advanceAnimation", 0.0}, {"render", 0.088}};
    table.rows[0].firstPictureFloorMs = 2.125;
    table.rows[1].score = 5.5;
    table.facts.shard = Shard{2, 5};
    table.facts.rule = parseScoreRule("full=1.1,partial=exact");
    table.facts.measure = TimingMeasure{5, 7, 0};
    table.facts.budgetSeconds = 12.5;
    table.facts.sceneSet = "course";
    table.facts.scenes.push_back(GradedScene{"c/snow@240", "c/snow", 240, 1024, 768, "out of GPU memory", false});
    table.facts.referenceMs = {{"a/one", 0.7}, {"c/snow@240", 2.25}};  // a/two: not measured
    table.facts.firstPictureOverheadMs = {{"c/snow@240", 3.5}};
    const nlohmann::json document = nlohmann::json::parse(gradeJson(table).dump());
    EXPECT_EQ(document["schema"], "racelab-grade/2");
    const nlohmann::json& facts = document["facts"];
    EXPECT_EQ(facts["reference"], "=<img src=x onerror=alert(3)>.cu (sha256 00ff)");
    EXPECT_EQ(facts["measure"], nlohmann::json::parse(R"({"runs": 5, "frames": 7, "warmup": 0})"));
    EXPECT_EQ(facts["budget_seconds"], 12.5);
    EXPECT_EQ(facts["scene_set"], "course");
    EXPECT_EQ(facts["scenes"][2], nlohmann::json::parse(R"({"label": "c/snow@240", "scene": "c/snow", "frame": 240,
        "width": 1024, "height": 768, "note": "out of GPU memory", "graded": false})"));
    EXPECT_EQ(facts["reference_ms"], nlohmann::json::parse(R"({"a/one": 0.7, "c/snow@240": 2.25})"));
    EXPECT_EQ(facts["first_picture_overhead_ms"], nlohmann::json::parse(R"({"c/snow@240": 3.5})"));
    EXPECT_EQ(document["rows"][0]["time_ms"], 0.1);
    EXPECT_EQ(document["rows"][0]["first_picture_floor_ms"], 2.125);
    EXPECT_TRUE(document["rows"][1]["first_picture_floor_ms"].is_null());
    EXPECT_EQ(document["rows"][0]["runs_timed"], 2);
    EXPECT_EQ(document["rows"][0]["frames_timed"], 1);
    EXPECT_FALSE(document["rows"][0].contains("median_ms"));
    EXPECT_EQ(gradeTableFromJson(document, "t.json"), table);
    const fs::path dir = freshFolder("json");
    writeGradeJson(table, (dir / "grade.json").string());
    EXPECT_EQ(readGradeJson((dir / "grade.json").string()), table);
    fs::remove_all(dir);
}

TEST(JudgeGradeWriters, JsonReaderReadsAHandWrittenRecord) {
    const std::string text = R"json({
      "schema": "racelab-grade/2",
      "facts": {"racelab_commit": "abc123", "racelab_dirty": "true", "gpu": "GPU X", "driver": "580.65",
                "cuda_runtime": "13.0", "cuda_driver": "13.1", "date_utc": "2026-03-01T10:00:00Z",
                "rule": "correct=2,perf=7,full=1.2,zero=10,partial=ceil",
                "reference": "teacher.cu (sha256 00ff)", "measure": {"runs": 3, "frames": 4, "warmup": 2},
                "budget_seconds": 90, "scene_set": "course",
                "scenes": [{"label": "a/one", "scene": "a/one", "frame": 0, "width": 640, "height": 480,
                            "note": "", "graded": true},
                           {"label": "a/two@240", "scene": "a/two", "frame": 240, "width": 1024, "height": 1024,
                            "note": "the course's frame", "graded": true}],
                "reference_ms": {"a/two@240": 4.5, "a/one": 1.0}, "shard": "1/3"},
      "rows": [{"submission": "dora.cu", "scene": "a/two@240", "status": "pass", "wrong_pixels": 0,
                "differing_between_runs": 0, "time_ms": 1.5, "reference_ms": 1.0, "ratio": 1.5, "runs_timed": 1,
                "frames_timed": 4, "score": 7, "max_score": 9, "message": "printf: hello", "diff_png": null,
                "heat_png": null}]})json";
    const GradeTable table = gradeTableFromJson(nlohmann::json::parse(text), "hand.json");
    EXPECT_EQ(table.facts.racelabDirty, "true");
    EXPECT_EQ(table.facts.cudaDriver, "13.1");
    EXPECT_EQ(table.facts.shard, (Shard{1, 3}));
    EXPECT_EQ(table.facts.reference, "teacher.cu (sha256 00ff)");
    EXPECT_EQ(table.facts.measure, (TimingMeasure{3, 4, 2}));
    EXPECT_EQ(table.facts.budgetSeconds, 90);
    EXPECT_EQ(table.facts.sceneSet, "course");
    ASSERT_EQ(table.facts.scenes.size(), 2u);
    EXPECT_EQ(table.facts.scenes[0], (GradedScene{"a/one", "a/one", 0, 640, 480, "", true}));
    EXPECT_EQ(table.facts.scenes[1], (GradedScene{"a/two@240", "a/two", 240, 1024, 1024, "the course's frame", true}));
    // Read back in the columns' order, whatever the document's.
    EXPECT_EQ(table.facts.referenceMs, (std::vector<std::pair<std::string, double>>{{"a/one", 1.0}, {"a/two@240", 4.5}}));
    ASSERT_EQ(table.rows.size(), 1u);
    EXPECT_EQ(table.rows[0].submission, "dora.cu");
    EXPECT_EQ(table.rows[0].scene, "a/two@240");
    EXPECT_EQ(table.rows[0].status, GradeStatus::Pass);
    EXPECT_EQ(table.rows[0].timeMs, 1.5);
    EXPECT_EQ(table.rows[0].ratio(), 1.5);
    EXPECT_EQ(table.rows[0].runsTimed, 1);
    EXPECT_EQ(table.rows[0].framesTimed, 4);
    EXPECT_EQ(table.rows[0].score, 7);
    EXPECT_EQ(table.rows[0].message, "printf: hello");
    EXPECT_TRUE(table.rows[0].diffPng.empty());
    // A record written before first pictures were kept: none on the row or in the facts.
    EXPECT_FALSE(table.rows[0].firstPictureFloorMs.has_value());
    EXPECT_TRUE(table.facts.firstPictureOverheadMs.empty());
}

TEST(JudgeGradeWriters, JsonReaderRefusesATableOfAnOlderRacelab) {
    const std::string text = R"({
      "schema": "racelab-grade/1",
      "facts": {"racelab_commit": "abc123", "racelab_dirty": "true", "gpu": "GPU X", "driver": "580.65",
                "cuda_runtime": "13.0", "cuda_driver": "13.1", "date_utc": "2026-03-01T10:00:00Z",
                "rule": "correct=2,perf=7,full=1.2,zero=10,partial=ceil", "scenes": ["a/one"], "shard": "1/3"},
      "rows": []})";
    EXPECT_EQ(jsonErrorOf(nlohmann::json::parse(text)),
              "t.json: schema: \"racelab-grade/1\" was written by an older racelab (its columns have no frame or size "
              "and its times no measure); grade again with this racelab, which writes \"racelab-grade/2\"");
}

TEST(JudgeGradeWriters, JsonReaderNamesWhatIsWrong) {
    const nlohmann::json good = gradeJson(plainTable());
    auto changed = [&](auto change) {
        nlohmann::json document = good;
        change(document);
        return jsonErrorOf(document);
    };
    EXPECT_EQ(changed([](auto&) {}), "no error");
    EXPECT_EQ(changed([](auto& d) { d["schema"] = "racelab-record/1"; }),
              "t.json: schema: \"racelab-record/1\" is not \"racelab-grade/2\" (not a racelab grade table)");
    EXPECT_EQ(changed([](auto& d) { d.erase("schema"); }), "t.json: document: the field \"schema\" is missing");
    EXPECT_EQ(changed([](auto& d) { d["rows"][2]["status"] = "passs"; }),
              "t.json: rows[2].status: \"passs\" is not one of pass, wrong, race, fault, timeout, compile-error, "
              "contract-error, not-run");
    EXPECT_EQ(changed([](auto& d) { d["rows"][1].erase("score"); }), "t.json: rows[1]: the field \"score\" is missing");
    EXPECT_EQ(changed([](auto& d) { d["rows"][0]["time_ms"] = "fast"; }),
              "t.json: rows[0].time_ms: expected a number, got string");
    EXPECT_EQ(changed([](auto& d) { d["rows"][0]["wrong_pixels"] = -3; }),
              "t.json: rows[0].wrong_pixels: expected a whole number >= 0, got -3");
    EXPECT_EQ(changed([](auto& d) { d["rows"][0]["runs_timed"] = 4; }),
              "t.json: rows[0].runs_timed: expected a whole number <= 3, got 4");
    EXPECT_EQ(changed([](auto& d) { d["rows"][0].erase("frames_timed"); }),
              "t.json: rows[0]: the field \"frames_timed\" is missing");
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
    EXPECT_EQ(changed([](auto& d) { d["rows"] = 3; }), "t.json: rows: expected an array");
}

TEST(JudgeGradeWriters, JsonReaderNamesWhatIsWrongInTheNewFacts) {
    const nlohmann::json good = gradeJson(plainTable());
    auto changed = [&](auto change) {
        nlohmann::json document = good;
        change(document);
        return jsonErrorOf(document);
    };
    EXPECT_EQ(changed([](auto& d) { d["facts"]["reference"] = ""; }),
              "t.json: facts.reference: empty (expected \"good\" or \"NAME (sha256 HEX)\")");
    EXPECT_EQ(changed([](auto& d) { d["facts"].erase("measure"); }), "t.json: facts: the field \"measure\" is missing");
    EXPECT_EQ(changed([](auto& d) { d["facts"]["measure"]["runs"] = 0; }),
              "t.json: facts.measure.runs: expected a whole number >= 1, got 0");
    EXPECT_EQ(changed([](auto& d) { d["facts"]["measure"]["frames"] = 2.5; }),
              "t.json: facts.measure.frames: expected a whole number >= 1, got 2.5");
    EXPECT_EQ(changed([](auto& d) { d["facts"]["measure"]["warmup"] = -1; }),
              "t.json: facts.measure.warmup: expected a whole number >= 0, got -1");
    EXPECT_EQ(changed([](auto& d) { d["facts"]["measure"] = 3; }), "t.json: facts.measure: expected an object, got number");
    EXPECT_EQ(changed([](auto& d) { d["facts"]["budget_seconds"] = -1; }),
              "t.json: facts.budget_seconds: expected a number >= 0 (0: no budget), got -1");
    EXPECT_EQ(changed([](auto& d) { d["facts"]["scene_set"] = "most"; }),
              "t.json: facts.scene_set: \"most\" is not one of course, all, chosen");
    // The scenes as the names an older racelab wrote.
    EXPECT_EQ(changed([](auto& d) { d["facts"]["scenes"] = {"a/one", "a/two"}; }),
              "t.json: facts.scenes[0]: expected an object, got string");
    EXPECT_EQ(changed([](auto& d) { d["facts"]["scenes"] = "a/one"; }),
              "t.json: facts.scenes: expected an array of columns {label, scene, frame, width, height, note, graded}");
    EXPECT_EQ(changed([](auto& d) { d["facts"]["scenes"][1] = d["facts"]["scenes"][0]; }),
              "t.json: facts.scenes[1].label: \"a/one\" is listed twice");
    EXPECT_EQ(changed([](auto& d) { d["facts"]["scenes"][1]["frame"] = 240; }),
              "t.json: facts.scenes[1].label: \"a/two\" is not \"a/two@240\", the label of the scene \"a/two\" at frame 240");
    EXPECT_EQ(changed([](auto& d) { d["facts"]["scenes"][0]["width"] = -5; }),
              "t.json: facts.scenes[0].width: expected a whole number >= 0, got -5");
    EXPECT_EQ(changed([](auto& d) { d["facts"]["scenes"][0]["height"] = 4294967296LL; }),
              "t.json: facts.scenes[0].height: expected a whole number <= 2147483647, got 4294967296");
    EXPECT_EQ(changed([](auto& d) { d["facts"]["scenes"][0]["graded"] = "yes"; }),
              "t.json: facts.scenes[0].graded: expected true or false, got string");
    EXPECT_EQ(changed([](auto& d) { d["facts"]["scenes"][0].erase("note"); }),
              "t.json: facts.scenes[0]: the field \"note\" is missing");
    EXPECT_EQ(changed([](auto& d) { d["facts"]["reference_ms"]["a/three"] = 1.0; }),
              "t.json: facts.reference_ms: \"a/three\" is not one of facts.scenes' labels");
    EXPECT_EQ(changed([](auto& d) { d["facts"]["reference_ms"]["a/one"] = "fast"; }),
              "t.json: facts.reference_ms.a/one: expected a number, got string");
    EXPECT_EQ(changed([](auto& d) { d["facts"]["reference_ms"] = nlohmann::json::array({1.0, 1.0}); }),
              "t.json: facts.reference_ms: expected an object of column label: milliseconds");
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

