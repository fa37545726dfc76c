// Hand-made grade tables for the judge tests: plain submissions, and hostile ones whose names and messages
// try to break out of a terminal, a page or a spreadsheet.
#pragma once
#include <filesystem>
#include <string>

#include "fresh_folder.hpp"
#include "core/image_io.hpp"
#include "judge/grade_table.hpp"

namespace judge_samples {

using namespace racelab;
using namespace racelab::judge;

// An empty folder of the judge tests' own.
inline std::filesystem::path freshFolder(const std::string& name) { return freshTestFolder("judge-" + name); }

inline GradeFacts sampleFacts() {
    GradeFacts f;
    f.racelabCommit = "abc123";
    f.racelabDirty = "false";
    f.gpu = "GPU X";
    f.driver = "580.65";
    f.cudaRuntime = "13.0";
    f.cudaDriver = "13.0";
    f.dateUtc = "2026-03-01T10:00:00Z";
    f.rule = ScoreRule{};
    f.reference = "good";
    f.measure = TimingMeasure{3, 4, 2};
    f.budgetSeconds = 60;
    f.sceneSet = "chosen";
    f.scenes = {GradedScene{"a/one", "a/one", 0, 256, 256, "", true}, GradedScene{"a/two", "a/two", 0, 128, 64, "", true}};
    f.referenceMs = {{"a/one", 1.0}, {"a/two", 1.0}};
    return f;
}

inline GradeRow row(std::string submission, std::string scene, GradeStatus status, double score) {
    GradeRow r;
    r.submission = std::move(submission);
    r.scene = std::move(scene);
    r.status = status;
    r.score = score;
    r.maxScore = 9;
    return r;
}

// Timed on the whole measure of sampleFacts (3 runs of 4 frames) unless `runs` and `frames` say less.
inline GradeRow timed(GradeRow r, double timeMs, double referenceMs, int runs = 3, int frames = 4) {
    r.timeMs = timeMs;
    r.referenceMs = referenceMs;
    r.runsTimed = runs;
    r.framesTimed = frames;
    return r;
}

inline std::vector<std::uint8_t> tinyPng(std::uint8_t red) {
    HostImage image(2, 2);
    for (int y = 0; y < 2; ++y)
        for (int x = 0; x < 2; ++x) image.at(x, y)[0] = red, image.at(x, y)[3] = 255;
    return encodePng(image);
}

// alice.cu passes both scenes (9 and 6 points; a/two timed on 1 run of 2 frames, its budget short), bob is
// wrong on one and racy on the other, carl does not compile.
inline GradeTable plainTable() {
    GradeTable t;
    t.facts = sampleFacts();
    t.rows.push_back(timed(row("alice.cu", "a/one", GradeStatus::Pass, 9), 1.0, 1.0));
    t.rows.push_back(timed(row("alice.cu", "a/two", GradeStatus::Pass, 6), 2.0, 1.0, 1, 2));
    GradeRow wrong = row("bob", "a/one", GradeStatus::Wrong, 0);
    wrong.wrongPixels = 120;
    wrong.diffPng = tinyPng(200);
    t.rows.push_back(wrong);
    GradeRow race = row("bob", "a/two", GradeStatus::Race, 0);
    race.wrongPixels = 7;
    race.differingBetweenRuns = 30;
    race.diffPng = tinyPng(100);
    race.heatPng = tinyPng(255);
    t.rows.push_back(race);
    for (const char* scene : {"a/one", "a/two"}) {
        GradeRow broken = row("carl", scene, GradeStatus::CompileError, 0);
        broken.message = "kernel.cu(1): error: expected ';'";
        t.rows.push_back(broken);
    }
    return t;
}

inline const std::string kScriptName = "evil\", <script>alert(1)</script>\n.cu";
inline const std::string kFormulaName = "=cmd|' /C calc'!A0.cu";
// A teacher's reference named like a formula and like markup, and a column note with markup and an escape.
inline const std::string kHostileReference = "=<img src=x onerror=alert(3)>.cu (sha256 00ff)";
inline const std::string kHostileNote = "<script>alert(4)</script>\x1b[2J";

// Names and messages that are code in some reader: HTML, a spreadsheet formula, terminal escapes.
inline GradeTable hostileTable() {
    GradeTable t;
    t.facts = sampleFacts();
    t.facts.reference = kHostileReference;
    t.facts.scenes[1].note = kHostileNote;
    for (const char* scene : {"a/one", "a/two"}) {
        GradeRow broken = row(kScriptName, scene, GradeStatus::CompileError, 0);
        broken.message = "kernel.cu(3): error: expected a \";\"\n=cmd|' /C calc'!A0 & <img src=x onerror=alert(2)>";
        t.rows.push_back(broken);
    }
    GradeRow fault = row(kFormulaName, "a/one", GradeStatus::Fault, 0);
    fault.message = "+SUM(1)\x1b[31m";
    fault.diffPng = tinyPng(50);
    t.rows.push_back(fault);
    GradeRow timeout = row(kFormulaName, "a/two", GradeStatus::Timeout, 0);
    timeout.message = "@evil\ttab";
    t.rows.push_back(timeout);
    sortRows(t);
    return t;
}

}  // namespace judge_samples
