// racelab grade's runner: each submission's kernel on every scene of a family, contained in its worker
// (userkernel/user_kernel.hpp) under a time limit, into the rows of a grade table (judge/grade_table.hpp).
// Per scene: correctness against the CPU reference by the scene's rule, `repeat` renders compared to tell a
// race from a bug, and for a correct scene the median time of its launches in the worker (CUDA events there)
// against the median kernel stage of racelab's good variant in the same run, scored by the rule.
// Scenes, their references and good's times are made once and shared by all submissions.
#pragma once
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/commands.hpp"
#include "core/host_image.hpp"
#include "core/size_parse.hpp"
#include "judge/grade_shards.hpp"
#include "judge/grade_table.hpp"
#include "scenes/scene.hpp"

namespace racelab {

// The scenes `options` grades (its --scenes, or every scene of the family in the registry's order); throws
// UsageError for an unknown family, one that takes no kernel, or a scene of another family.
std::vector<std::string> gradedScenes(const GradeOptions& options);
// What --dry-parse and runGrade refuse before any work: a path and --merge together or neither, a bad
// --shard, --rule or --size, an unknown family or scene.
void checkGradeOptions(const GradeOptions& options);

// The submissions of `options.path` in its shard, graded (a progress line on stderr), with the run's facts:
// the table `racelab grade` prints and writes. Throws UsageError where no CUDA device can be used.
judge::GradeTable gradeSubmissions(const GradeOptions& options);

class Grader {
public:
    explicit Grader(const GradeOptions& options);
    ~Grader();
    // Called before each scene of each submission, for a progress line.
    std::function<void(const std::string& submission, const std::string& scene)> onScene;
    // One row per scene, in the order of the scenes; never throws for what a submission does.
    std::vector<judge::GradeRow> grade(const judge::Submission& submission);

private:
    struct SceneEntry {
        std::unique_ptr<Scene> scene;
        HostImage reference;
        std::optional<double> goodMs;
    };
    SceneEntry& entry(const std::string& name);
    double goodMs(SceneEntry& entry);

    GradeOptions options_;
    std::vector<std::string> scenes_;
    Size2 size_;
    judge::ScoreRule rule_;
    std::map<std::string, SceneEntry> entries_;
};

}  // namespace racelab
