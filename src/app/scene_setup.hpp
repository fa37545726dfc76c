// Turns the user's scene selection into a scene on a backend, validating everything first so that bad
// input fails before any window, context or large allocation exists.
#pragma once
#include <memory>

#include "app/scene_selection.hpp"
#include "core/gpu_timing.hpp"  // cudaUsable
#include "core/size_parse.hpp"
#include "scenes/scene.hpp"
#include "scenes/workload.hpp"

namespace racelab {

namespace userkernel {
class UserKernel;
}

struct PreparedScene {
    std::unique_ptr<Scene> scene;  // with --kernel: the family's scene wrapped with the user's kernel as a variant
    std::shared_ptr<userkernel::UserKernel> kernel;  // with --kernel
    int variant = 0;
    Size2 size;
    Backend backend = Backend::Cpu;
    std::string backendNote;  // why the backend is what it is (e.g. no CUDA device)
};

// With --kernel: `liveKernel` (the viewer) recompiles the kernel on every save and does not wait for it;
// otherwise the first build is waited for, and a kernel that does not compile or load is an Error naming why
// (check, bench, render and frames exit non-zero with the same message).
PreparedScene prepareScene(const SceneSelection& selection, const std::string& defaultSize, bool liveKernel = false);

// The user kernel of `selection` for scenes of `family` (nullptr without --kernel); UsageError when the
// family takes none.
std::shared_ptr<userkernel::UserKernel> makeUserKernel(const SceneSelection& selection, const WorkloadFamily& family,
                                                       bool live);

}  // namespace racelab
