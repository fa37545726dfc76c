// racelab --dry-parse ...: everything run() would refuse before starting work, checked without building a
// scene, opening a window or touching a device. CLI11 has already checked option names, value types and
// ranges; this adds the names and values only racelab knows. The docs test (tests/cpu/docs_commands_test.cpp)
// runs every command quoted in README.md and docs/ this way.
#include <algorithm>
#include <filesystem>

#include "app/command_line.hpp"
#include "app/grading.hpp"
#include "core/errors.hpp"
#include "core/size_parse.hpp"
#include "scenes/scene_registry.hpp"

namespace racelab {
namespace {

// The checks prepareScene makes before it builds anything (app/scene_setup.cpp), with its messages.
void checkSelection(const SceneSelection& s, bool sceneIsUsed) {
    if (!s.size.empty()) parseSize(s.size);
    if (s.backend != "auto" && s.backend != "cuda" && s.backend != "cpu")
        throw UsageError("unknown backend '" + s.backend + "' (valid: auto, cuda, cpu)");
    if (s.count < 0) throw UsageError("--count must be positive");
    if (!sceneIsUsed) return;
    const SceneListing* listing = &findScene(s.scene);  // throws naming the valid scenes
    const auto& variants = listing->family->variants;
    const bool kernelVariant = !s.kernel.empty() && std::filesystem::path(s.kernel).stem().string() == s.variant;
    if (!s.kernel.empty() && !listing->family->kernelContract)
        throw UsageError("--kernel: the " + listing->family->name + " family takes no user kernel");
    if (!kernelVariant &&
        std::none_of(variants.begin(), variants.end(), [&](const VariantInfo& v) { return v.name == s.variant; })) {
        std::string valid;
        for (const auto& v : variants) valid += (valid.empty() ? "" : ", ") + v.name;
        throw UsageError("scene " + s.scene + " has no variant '" + s.variant + "' (valid: " + valid + ")");
    }
    // --param against the family's declared parameters (a scene may hide some of them; that needs it built).
    ParameterSet parameters(listing->family->parameters);
    for (const auto& assignment : s.params) {
        std::string name, value;
        splitAssignment(assignment, name, value);
        parameters.assign(name, value, s.scene);
    }
}

}  // namespace

void CommandLine::checkWithoutRunning() const {
    if (const SceneSelection* s = selection()) checkSelection(*s, !(*benchCommand && bench.suite));
    if (*benchCommand) {
        if (bench.frames <= 0) throw UsageError("--frames must be positive");
        if (bench.warmup < 0) throw UsageError("--warmup must be >= 0");
    }
    if (*viewCommand) checkViewScriptOptions(view);
    if (*serveCommand) checkServeOptions(serve);
    if (*framesCommand) checkFrameExportVideoOptions(frameExport);
    if (*gradeCommand) checkGradeOptions(grade);
    if (*compileCommand) checkCompileOptions(compile);
    for (const auto& [command, handler] : familyCommands)
        if (*command) handler->checkWithoutRunning();
}

}  // namespace racelab
