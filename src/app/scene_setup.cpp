#include "app/scene_setup.hpp"

#include "core/errors.hpp"
#include "scenes/scene_registry.hpp"
#ifdef RACELAB_HAVE_CUDA
#include "core/device_buffer.hpp"
#endif

namespace racelab {

bool cudaUsable(std::string* whyNot) {
#ifdef RACELAB_HAVE_CUDA
    return cudaDeviceAvailable(whyNot);
#else
    if (whyNot) *whyNot = "this build has no CUDA backend";
    return false;
#endif
}

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
    out.scene = createScene(selection.scene, options);
    out.variant = out.scene->variantIndex(selection.variant);
    return out;
}

}  // namespace racelab
