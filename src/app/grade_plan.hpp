// Which columns `racelab grade` judges: the scene set and, for each scene, the frame it is judged at and the
// input it is made with. By default a family's course set where it has one (circles: CS149's 8 graded scenes,
// snowsingle among them, a still frame of snow's flakes), else every scene
// of the family; `--scenes all` for every scene; or a list, each NAME or NAME@FRAME. A scene that needs an
// input (an --image) is made with the asset its preset names for grading. Needs no GPU: the sizes that fit
// are the grader's (app/grading.hpp).
#pragma once
#include <string>
#include <vector>

#include "app/commands.hpp"
#include "judge/grade_table.hpp"
#include "scenes/scene_options.hpp"

namespace racelab {

struct PlannedScene {
    judge::GradedScene column;  // label, scene, frame, note; the size is the grader's to set
    SceneOptions options;       // with the input the scene needs when graded
};

struct GradePlan {
    std::string sceneSet;  // "course", "all" or "chosen"
    std::vector<PlannedScene> scenes;
    judge::ScoreRule rule;  // --rule, read here once: the grader, its rows and the table's facts take this one
    // What submissions are timed against: "good", or the path of a solution (the teacher's, or for --reference
    // course, the default, the course-level one racelab ships for the family; `good` where it ships none).
    std::string reference = "good";
    std::string referenceName = "good";  // as the facts name it: "good" or referenceIdentity(reference)
    std::string referenceNote;  // why the default is good where the course-level reference cannot be built here
};

// Throws UsageError for a bad --rule, an unknown family, one that takes no kernel, an unknown scene, a scene of
// another family, a bad @FRAME, a scene listed twice, or a --reference that is no file or folder.
GradePlan planGrade(const GradeOptions& options);

// A teacher's --reference as the facts name it: its name and a digest of its source text (every file of a
// folder), so that two tables timed against different versions of it say so: "NAME (digest HEX16)".
std::string referenceIdentity(const std::string& path);

}  // namespace racelab
