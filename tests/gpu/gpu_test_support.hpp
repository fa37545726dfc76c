// GPU tests skip, with the reason, where no CUDA device can be used (CI, or a build without nvcc).
#pragma once
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "frame/offline_frame.hpp"
#include "app/scene_setup.hpp"
#include "core/gpu_timing.hpp"
#include "core/image_compare.hpp"
#include "core/errors.hpp"
#include "scenes/scene_registry.hpp"

#define RACELAB_REQUIRE_CUDA_DEVICE()                                                      \
    do {                                                                                   \
        std::string racelab_why;                                                           \
        if (!racelab::cudaUsable(&racelab_why))                                            \
            GTEST_SKIP() << "GPU test skipped: no usable CUDA device (" << racelab_why << ")"; \
    } while (0)

namespace racelab::gputest {

// The presets a test can run anywhere: those that need no input (no --image) and are not heavy.
inline std::vector<SceneListing> lightScenes() {
    std::vector<SceneListing> out;
    for (const SceneListing& l : listScenes())
        if (l.preset.needs.empty() && !l.preset.heavy) out.push_back(l);
    return out;
}

// One light scene per family: the family's default preset if it has the project's default, else its first.
inline std::vector<std::string> oneSceneEachFamily() {
    std::vector<std::string> out;
    for (const WorkloadFamily* family : workloadFamilies()) {
        std::string pick;
        for (const SceneListing& l : lightScenes())
            if (l.family == family && (pick.empty() || l.preset.isDefault)) pick = l.name;
        if (!pick.empty()) out.push_back(pick);
    }
    return out;
}

// The scene on the cuda backend, or nullptr when it needs a file this machine does not have (a fetched mesh;
// such a scene reads it on its first frame, so the caller treats a MissingInputError there the same way).
inline std::unique_ptr<Scene> cudaSceneOrNull(const std::string& name) {
    SceneOptions options;
    options.backend = Backend::Cuda;
    try {
        return createScene(name, options);
    } catch (const MissingInputError&) {
        return nullptr;
    }
}

// Frame `frame` of the selected scene and variant (or --kernel) on the GPU against the CPU reference drawn
// from the same particle state, compared with the scene's CheckRule tolerance.
struct ReferenceComparison {
    ImageComparison result;
    HostImage gpu;
    PreparedScene prepared;
};
inline ReferenceComparison compareWithReference(SceneSelection selection, long frame) {
    selection.backend = "cuda";
    ReferenceComparison c;
    c.prepared = prepareScene(selection, selection.size);
    CudaStream stream;
    advanceTo(*c.prepared.scene, frame, stream.get());
    c.gpu = renderOffline(*c.prepared.scene, c.prepared.variant, c.prepared.size, stream.get());
    c.prepared.scene->syncStateToHost(stream.get());
    HostImage cpu(c.prepared.size.width, c.prepared.size.height);
    c.prepared.scene->renderReference(cpu, true);
    c.result = compareImages(c.gpu, cpu, c.prepared.scene->checkRule().channelTolerance);
    return c;
}

}  // namespace racelab::gputest
