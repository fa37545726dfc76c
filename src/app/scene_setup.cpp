#include "app/scene_setup.hpp"

#include "app/offline_frame.hpp"
#include "core/errors.hpp"
#include "core/gpu_timing.hpp"
#include "scenes/scene_registry.hpp"
#ifdef RACELAB_HAVE_CUDA
#include "core/device_buffer.hpp"
#endif

namespace racelab {

PreparedScene prepareScene(const SceneSelection& selection, const std::string& defaultSize) {
    PreparedScene out;
    out.size = parseSize(selection.size.empty() ? defaultSize : selection.size);
    if (selection.backend != "auto" && selection.backend != "cuda" && selection.backend != "cpu")
        throw UsageError("unknown backend '" + selection.backend + "' (valid: auto, cuda, cpu)");
    std::string why;
    bool cuda = cudaUsable(&why);
    if (selection.backend == "cuda" && !cuda) throw UsageError("--backend cuda: " + why);
    if (selection.backend == "cpu" || !cuda) {
        out.backend = Backend::Cpu;
        if (selection.backend == "auto") out.backendNote = "cpu backend (" + why + ")";
    } else {
        out.backend = Backend::Cuda;
    }
    if (selection.count < 0) throw UsageError("--count must be positive");
    SceneOptions options;
    options.seed = selection.seed;
    options.count = selection.count;
    options.backend = out.backend;
    options.inputs = selection.inputs;
    out.scene = createScene(selection.scene.empty() ? defaultSceneName() : selection.scene, options);
    out.variant = out.scene->variantIndex(selection.variant);
    for (const auto& assignment : selection.params) {
        std::string name, value;
        splitAssignment(assignment, name, value);
        out.scene->setParameter(name, value);
    }
    if (selection.frame > 0 && out.scene->animated()) {
        CudaStream stream;  // set-up work: its own stream, finished before the caller's stream starts
        advanceTo(*out.scene, selection.frame, stream.get());
        stream.synchronize();
    }
    return out;
}

}  // namespace racelab
