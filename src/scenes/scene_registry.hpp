// Every scene by name ("family/preset", e.g. circles/rand10k) and how to make one, read from the families'
// descriptors (scenes/workload.hpp). Nothing here knows a family by name.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "scenes/scene.hpp"
#include "scenes/scene_options.hpp"
#include "scenes/workload.hpp"

namespace racelab {

struct SceneListing {
    std::string name;  // family/preset
    const WorkloadFamily* family = nullptr;
    PresetInfo preset;
};

// The scene the commands use without --scene: the preset a family marks isDefault (the first scene otherwise).
std::string defaultSceneName();

// Every family the build found (src/scenes/*/workload.cpp), in folder order.
const std::vector<const WorkloadFamily*>& workloadFamilies();
// Every scene, read from the descriptors once (the presets are fixed for the life of the process).
const std::vector<SceneListing>& listScenes();
// The listing of `name`; throws UsageError naming the valid scenes when it is unknown.
const SceneListing& findScene(const std::string& name);
// Throws UsageError naming the valid scenes when `name` is unknown.
std::unique_ptr<Scene> createScene(const std::string& name, const SceneOptions& options);
// The extra options of every family, each name once (the CLI adds them to the scene commands).
std::vector<ExtraOption> extraSceneOptions();
// "circles for circles/rand10k|rand100k; planes (N) for planes/*": what --count means, for its help.
std::string countHelp();
// "circles (racelab/circles.cuh), ...": the families that take a user kernel, for help texts.
std::string kernelFamiliesHelp();
// The family `name` (given as --family) that takes a user kernel; UsageError naming those that do otherwise.
const WorkloadFamily& kernelFamilyNamed(const std::string& name);

}  // namespace racelab
