// What a workload family declares about itself, so that the registry, the CLI, `list`, the viewer panel,
// the soak and `bench --suite` can use it without knowing its name: its presets, variants, parameters,
// the inputs it needs and the options it adds. A family lives in src/scenes/<family>/ with a workload.cpp
// that defines its descriptor with RACELAB_WORKLOAD(<family>); the build finds every such file
// (cmake/Workloads.cmake) and lists them, so adding a family edits no shared file.
#pragma once
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "scenes/kernel_contract.hpp"
#include "scenes/scene.hpp"
#include "scenes/scene_options.hpp"
#include "scenes/scene_parameters.hpp"

namespace CLI {
class App;
}

namespace racelab {

// A subcommand a family adds beyond the scene commands (e.g. mesh's `visibility`, the course task on a
// mesh). One handler per parsed command line: it owns its option values.
class FamilyCommandHandler {
public:
    virtual ~FamilyCommandHandler() = default;
    virtual void define(CLI::App& command) = 0;  // its options, help and footer
    virtual void checkWithoutRunning() const {}  // --dry-parse: the checks it makes before any work
    virtual int run() = 0;                       // the exit code
};

struct FamilyCommand {
    std::string name;         // e.g. "visibility"
    std::string description;  // its one-line help
    std::function<std::unique_ptr<FamilyCommandHandler>()> make;
};

struct PresetInfo {
    std::string name;         // within the family, e.g. "rand10k" (the scene is "circles/rand10k")
    std::string description;  // one line for `list` and the panel
    bool takesCount = false;  // --count changes it (what it counts: WorkloadFamily::countMeaning)
    // Too large to cycle through in a soak (e.g. 10,000 planes: 37 GB at 720p); bench --suite still runs it.
    bool heavy = false;
    bool slowOnCpu = false;   // seconds a frame on the cpu backend: a soak there leaves it out
    std::string benchSize;    // frame size bench --suite uses ("": the bench default)
    std::string needs;        // the extra option it cannot run without (an ExtraOption name), "" for none
    bool isDefault = false;   // the scene commands use it when no --scene is given (one preset in the project)
    // How `grade` judges it (app/grade_plan.hpp): at a frame where something is drawn (an animated scene may
    // start empty), with the asset (relative to the assets folder) it gets as its `needs` input, and a note
    // for the table (what it stands in for, why that frame).
    long gradeFrame = 0;
    std::string gradeInput;
    std::string gradeNote;
};

// An option a family adds to the scene commands (view, bench, render, check): `--NAME VALUE`, delivered to
// the family's scenes in SceneOptions::inputs[NAME]. Families that declare the same name share the option;
// its help joins each family's (extraSceneOptions).
struct ExtraOption {
    std::string name;  // e.g. "image"
    std::string help;  // e.g. "picture for fourier/image (PNG, JPEG or SVG)"
    bool takesDroppedFile = false;  // a file dropped on the viewer's window goes to the preset that needs it
};

struct WorkloadFamily {
    std::string name;         // e.g. "circles"
    std::string description;  // one line
    std::vector<VariantInfo> variants;
    std::vector<ParameterSpec> parameters;  // every parameter any of its scenes offers (a scene may hide some)
    std::string countMeaning;               // what --count sets, e.g. "circles"; "" when no preset takes one
    std::vector<ExtraOption> options;
    std::vector<FamilyCommand> commands;
    // The presets available here (a family may list files fetched at set-up time, so this is a function).
    std::function<std::vector<PresetInfo>()> presets;
    // Makes the scene `preset` of this family; throws UsageError / MissingInputError for bad input.
    std::function<std::unique_ptr<Scene>(const std::string& preset, const SceneOptions& options)> create;
    // How a user's kernel plugs in as a variant of this family's scenes (scenes/kernel_contract.hpp); none
    // when the family offers no contract.
    std::optional<KernelContract> kernelContract;
    // The presets `grade` takes by default, in order, where the family reproduces a course's grading (circles:
    // CS149's graded scenes); empty: every preset.
    std::vector<std::string> gradeScenes;
    // What `grade` times submissions against by default where the family reproduces a course: a solution at the
    // course's level that racelab ships, as the asset path of its file (circles: a whole-file solution,
    // "reference/circles/course_level/cudaRenderer.cu", taken as its folder); empty: racelab's `good`.
    std::string courseReference;
};

}  // namespace racelab

// Defines the function that returns a family's descriptor. The build generates the list of every
// RACELAB_WORKLOAD in src/scenes/*/workload.cpp, so the registry needs no edit when a family is added.
#define RACELAB_WORKLOAD(family) const ::racelab::WorkloadFamily& racelabWorkload_##family()
