// Every scene by name ("family/preset", e.g. circles/rand10k) and how to make one.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "scenes/scene.hpp"

namespace racelab {

struct SceneOptions {
    unsigned seed = 0;
    int count = 0;  // 0: the preset's default (only some scenes take a count)
    Backend backend = Backend::Cuda;
    std::string imagePath;  // fourier/image: the picture to draw
};

struct SceneListing {
    std::string name;
    std::string description;
    std::vector<std::string> variants;
};

inline constexpr const char* kDefaultScene = "circles/rand10k";

std::vector<SceneListing> listScenes();
// Throws UsageError naming the valid scenes when `name` is unknown.
std::unique_ptr<Scene> createScene(const std::string& name, const SceneOptions& options);

}  // namespace racelab
