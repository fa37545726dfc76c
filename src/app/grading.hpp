// racelab grade's runner: each submission's kernel on every column of the plan (app/grade_plan.hpp), contained
// in its worker (userkernel/user_kernel.hpp) under a time limit a frame and a budget a submission, into the rows
// of a grade table (judge/grade_table.hpp). Per column: correctness against the CPU reference by the scene's
// rule, `repeat` renders compared to tell a race from a bug, and for a correct scene its time by the table's
// measure (the least of its runs' means; judge::TimingMeasure) against the reference's -- racelab's good, or a
// teacher's own solution (--reference) -- measured the same way in the same run, scored by the rule.
// Columns, their CPU references and the reference's times are made once, before the first submission.
#pragma once
#include <functional>
#include <memory>
#include <random>
#include <optional>
#include <string>
#include <vector>

#include "app/commands.hpp"
#include "app/grade_plan.hpp"
#include "core/host_image.hpp"
#include "core/size_parse.hpp"
#include "judge/grade_shards.hpp"
#include "judge/grade_table.hpp"
#include "scenes/scene.hpp"

namespace racelab {

namespace userkernel {
class UserKernel;
}

// What --dry-parse and runGrade refuse before any work: a path and --merge together or neither, a bad
// --shard, --rule, --size or --scenes, an unknown family, a --reference that is not a file or folder.
void checkGradeOptions(const GradeOptions& options);

// The submissions of `options.path` in its shard, graded (progress on stderr), with the run's facts: the
// table `racelab grade` prints and writes. Throws UsageError where the teacher's --reference fails a scene.
judge::GradeTable gradeSubmissions(const GradeOptions& options);

class Grader {
public:
    explicit Grader(const GradeOptions& options);  // plans the columns itself (planGrade)
    Grader(const GradeOptions& options, GradePlan plan);
    ~Grader();
    // Makes every column: its scene at its frame, at the size asked for or the largest that fits (halving
    // each side), its CPU reference, and the reference's time. A column racelab cannot make here is kept,
    // not graded, with why. Throws UsageError when the teacher's reference is not correct on a column.
    void prepare();
    std::vector<judge::GradedScene> columns() const;
    std::vector<std::pair<std::string, double>> referenceTimes() const;  // label -> ms, where measured
    std::vector<std::pair<std::string, double>> firstPictureOverheads() const;  // label -> ms, where drawn
    std::string referenceName() const;  // judge::GradeFacts::reference

    // Called before each column of each submission, for a progress line ("" submission: the reference).
    std::function<void(const std::string& submission, const std::string& label)> onScene;
    // One row per column, in order; never throws for what a submission does.
    std::vector<judge::GradeRow> grade(const judge::Submission& submission);

private:
    struct Column;
    std::shared_ptr<userkernel::UserKernel> makeKernel(const std::string& source) const;
    bool prepareColumn(Column& column);
    double timeReference(Column& column);
    // Judges and times `kernel` on `column` into `row`; `secondsForIt`: the budget's share for this column.
    void gradeColumn(Column& column, const std::shared_ptr<userkernel::UserKernel>& kernel, judge::GradeRow& row,
                     double secondsForIt);

    GradeOptions options_;
    GradePlan plan_;  // its columns and its score rule
    std::vector<std::pair<std::string, double>> byLabel(std::optional<double> Column::*value) const;
    judge::TimingMeasure measure_;
    std::vector<std::unique_ptr<Column>> columns_;
    std::shared_ptr<userkernel::UserKernel> teacher_;  // --reference; null: good
    std::mt19937 random_{std::random_device{}()};        // which timed frame of an animation's run is judged
    bool prepared_ = false;
};

}  // namespace racelab
