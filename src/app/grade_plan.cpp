#include "app/grade_plan.hpp"

#include <algorithm>
#include <charconv>
#include <filesystem>

#include "core/asset_paths.hpp"
#include "core/digest.hpp"
#include "core/errors.hpp"
#include "core/read_file.hpp"
#include "scenes/scene_registry.hpp"
#include "userkernel/build/nvcc_facts.hpp"

namespace racelab {
namespace {

namespace fs = std::filesystem;

// "circles/snow@240" -> ("circles/snow", 240); "circles/rgb" -> ("circles/rgb", -1: the preset's own frame).
std::pair<std::string, long> splitFrame(const std::string& item) {
    const std::size_t at = item.rfind('@');
    if (at == std::string::npos) return {item, -1};
    const std::string name = item.substr(0, at), digits = item.substr(at + 1);
    long frame = -1;
    const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), frame);
    if (digits.empty() || error != std::errc() || end != digits.data() + digits.size() || frame < 0 || frame > 1'000'000)
        throw UsageError("--scenes: '" + item + "': the frame after @ must be a whole number from 0 to 1000000");
    return {name, frame};
}

PlannedScene planScene(const SceneListing& listing, long frame) {
    PlannedScene planned;
    const PresetInfo& preset = listing.preset;
    planned.column.scene = listing.name;
    planned.column.frame = frame >= 0 ? frame : preset.gradeFrame;
    planned.column.label = judge::gradedSceneLabel(listing.name, planned.column.frame);
    if (frame < 0 || frame == preset.gradeFrame) planned.column.note = preset.gradeNote;
    if (!preset.needs.empty()) {
        // The scene cannot be made without its input: graded, it is made with the asset its preset names.
        // Without one (or where the asset is missing) the grader says racelab could not prepare it.
        if (!preset.gradeInput.empty()) {
            const std::string asset = findAsset(preset.gradeInput);
            if (!asset.empty()) {
                planned.options.inputs[preset.needs] = asset;
                planned.column.note = "made with racelab's " + preset.gradeInput + " as its --" + preset.needs;
            }
        }
    }
    return planned;
}

}  // namespace

std::string referenceIdentity(const std::string& path) {
    Digest digest;
    std::vector<fs::path> files;
    if (fs::is_directory(path)) {
        for (const auto& entry : fs::recursive_directory_iterator(path))
            if (entry.is_regular_file()) files.push_back(entry.path());
        std::sort(files.begin(), files.end());
    } else {
        files.push_back(path);
    }
    for (const fs::path& file : files) {
        digest.add(fs::relative(file, fs::is_directory(path) ? fs::path(path) : file.parent_path()).string());
        digest.add(readWholeFile(file.string()).value_or(""));
    }
    const std::string name = fs::path(path).filename().empty() ? fs::path(path).parent_path().filename().string()
                                                                : fs::path(path).filename().string();
    return name + " (digest " + digest.hex().substr(0, 16) + ")";
}

GradePlan planGrade(const GradeOptions& options) {
    GradePlan plan;
    plan.rule = judge::parseScoreRule(options.rule);
    const WorkloadFamily& family = kernelFamilyNamed(options.family);
    std::vector<const SceneListing*> ofFamily;
    for (const SceneListing& listing : listScenes())
        if (listing.family == &family) ofFamily.push_back(&listing);

    std::vector<std::pair<std::string, long>> wanted;
    const bool all = options.scenes.size() == 1 && options.scenes[0] == "all";
    const bool course = options.scenes.empty() || (options.scenes.size() == 1 && options.scenes[0] == "course");
    if (course && !family.gradeScenes.empty()) {
        plan.sceneSet = "course";
        for (const std::string& preset : family.gradeScenes) wanted.emplace_back(family.name + "/" + preset, -1);
    } else if (course || all) {
        plan.sceneSet = "all";
        for (const SceneListing* listing : ofFamily) wanted.emplace_back(listing->name, -1);
    } else {
        plan.sceneSet = "chosen";
        for (const std::string& item : options.scenes) {
            if (item == "all" || item == "course")
                throw UsageError("--scenes: '" + item + "' stands alone (not in a list with other scenes)");
            wanted.push_back(splitFrame(item));
        }
    }
    for (const auto& [name, frame] : wanted) {
        const SceneListing& listing = findScene(name);  // throws naming the valid scenes
        if (listing.family != &family)
            throw UsageError("--scenes: " + name + " is not a scene of the " + family.name + " family");
        PlannedScene planned = planScene(listing, frame);
        const auto same = [&](const PlannedScene& p) { return p.column.label == planned.column.label; };
        if (std::any_of(plan.scenes.begin(), plan.scenes.end(), same))
            throw UsageError("--scenes: " + planned.column.label + " is listed twice");
        plan.scenes.push_back(std::move(planned));
    }
    const bool courseReference = options.reference.empty() || options.reference == "course";
    plan.reference = courseReference ? (family.courseReference.empty() ? "good" : fs::path(findAsset(family.courseReference)).parent_path().string())
                            : options.reference;
    if (courseReference && plan.reference != "good" && userkernel::findNvcc().empty()) {
        // The course-level reference is a whole file, which nvcc builds; without nvcc launch lists still grade.
        plan.reference = "good";
        plan.referenceNote = "timed against good, not the course-level reference: that reference is a whole-file "
                             "solution and nvcc, which builds it, is not here (" + userkernel::nvccMissingAdvice() + ")";
    }
    if (plan.reference != "good" && !fs::exists(plan.reference))
        throw UsageError("--reference: '" + options.reference + "' is neither a file nor a folder (nor 'course' or 'good')");
    plan.referenceName = plan.reference == "good" ? "good" : referenceIdentity(plan.reference);
    return plan;
}

}  // namespace racelab
