#include "app/scene_setup.hpp"

#include <cstdlib>

#include "app/offline_frame.hpp"
#include "core/errors.hpp"
#include "core/gpu_timing.hpp"
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

// NAME=VALUE: NAME is the start of a parameter's label ("shading", "planes", "radius min"); VALUE is a
// number, or for a choice the start of the choice's name ("depth") or its index.
void applySceneParameter(Scene& scene, const std::string& assignment) {
    auto equals = assignment.find('=');
    if (equals == std::string::npos || equals == 0)
        throw UsageError("--param '" + assignment + "' is not NAME=VALUE");
    const std::string name = assignment.substr(0, equals), value = assignment.substr(equals + 1);
    std::string known;
    for (auto& p : scene.parameters()) {
        known += (known.empty() ? "" : ", ") + p.label;
        if (p.label.rfind(name, 0) != 0) continue;
        if (!p.choices.empty()) {
            for (std::size_t i = 0; i < p.choices.size(); ++i)
                if (p.choices[i].rfind(value, 0) == 0 || value == std::to_string(i)) {
                    *p.intValue = static_cast<int>(i);
                    if (p.regenerates) scene.regenerate();
                    return;
                }
            throw UsageError("--param " + name + ": '" + value + "' is not one of its choices");
        }
        char* end = nullptr;
        double number = std::strtod(value.c_str(), &end);
        if (value.empty() || *end != '\0') throw UsageError("--param " + name + ": '" + value + "' is not a number");
        if (number < p.min || number > p.max)
            throw UsageError("--param " + name + ": " + value + " is outside [" + std::to_string(p.min) + ", " +
                             std::to_string(p.max) + "]");
        if (p.intValue) *p.intValue = static_cast<int>(number);
        else *p.floatValue = static_cast<float>(number);
        if (p.regenerates) scene.regenerate();
        return;
    }
    throw UsageError("--param: " + scene.name() + " has no parameter '" + name + "' (it has: " + known + ")");
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
    options.imagePath = selection.image;
    out.scene = createScene(selection.scene, options);
    out.variant = out.scene->variantIndex(selection.variant);
    for (const auto& assignment : selection.params) applySceneParameter(*out.scene, assignment);
    if (selection.frame > 0 && out.scene->animated()) {
        CudaStream stream;  // set-up work: its own stream, finished before the caller's stream starts
        advanceTo(*out.scene, selection.frame, stream.get());
        stream.synchronize();
    }
    return out;
}

}  // namespace racelab
