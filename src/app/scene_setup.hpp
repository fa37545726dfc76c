// Turns the user's scene selection into a scene on a backend, validating everything first so that bad
// input fails before any window, context or large allocation exists.
#pragma once
#include <memory>

#include "app/commands.hpp"
#include "core/gpu_timing.hpp"  // cudaUsable
#include "core/size_parse.hpp"
#include "scenes/scene.hpp"

namespace racelab {

struct PreparedScene {
    std::unique_ptr<Scene> scene;
    int variant = 0;
    Size2 size;
    Backend backend = Backend::Cpu;
    std::string backendNote;  // why the backend is what it is (e.g. no CUDA device)
};

PreparedScene prepareScene(const SceneSelection& selection, const std::string& defaultSize);

}  // namespace racelab
