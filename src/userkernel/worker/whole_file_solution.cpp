#include "userkernel/worker/whole_file_solution.hpp"

#include <dlfcn.h>

#include "core/address_sanitizer_build.hpp"
#include "core/errors.hpp"

namespace racelab::userkernel {
namespace {

constexpr int kHarnessAbi = 1;  // racelab_harness_entry.cu's racelab_harness_abi()

}  // namespace

WholeFileSolution::WholeFileSolution(const std::string& libraryPath, std::string label) : label_(std::move(label)) {
    // RTLD_LOCAL: the solution's symbols (its own loadCircleScene, say) never bind to racelab's. In an
    // AddressSanitizer build (the CPU tests load solutions in-process), RTLD_NODELETE too: what a solution
    // leaves allocated would otherwise be reported at exit from "<unknown module>", as if racelab's.
    library_ = dlopen(libraryPath.c_str(), RTLD_NOW | RTLD_LOCAL | (kBuiltWithAddressSanitizer ? RTLD_NODELETE : 0));
    if (!library_) {
        const char* why = dlerror();
        throw Error(label_ + ": the built solution does not load (" + (why ? why : "dlopen failed") + ")");
    }
    const auto abi = reinterpret_cast<int (*)()>(entry("racelab_harness_abi"));
    if (abi() != kHarnessAbi)
        throw Error(label_ + ": built against another version of racelab's harness (" + std::to_string(abi()) + ", this racelab's " +
                    std::to_string(kHarnessAbi) + "): save it again to rebuild");
}

// The renderer is destroyed, as the course's harness does at its end; the library stays open: the worker ends
// soon after, and unloading a library whose static objects hold CUDA memory would only add ways to fail.
WholeFileSolution::~WholeFileSolution() {
    if (renderer_) reinterpret_cast<void (*)(void*)>(entry("racelab_harness_destroy"))(renderer_);
}

void* WholeFileSolution::entry(const char* name) const {
    void* found = dlsym(library_, name);
    if (!found) throw Error(label_ + ": the built solution lacks racelab's entry " + name + ": save it again to rebuild");
    return found;
}

void WholeFileSolution::call(const char* entryName, const char* what) {
    if (reinterpret_cast<int (*)(void*)>(entry(entryName))(renderer_) != 0)
        throw Error(label_ + ": " + what + ": " + reinterpret_cast<const char* (*)()>(entry("racelab_harness_error"))());
}

void WholeFileSolution::startScene(const WholeFileHarness& harness, const WholeFileScene& scene, int width, int height) {
    if (renderer_) throw Error(label_ + ": the worker has a renderer already (a new scene needs a new worker)");
    if (!harness.handOverScene) throw Error("the family's harness cannot hand a scene over");
    const int courseScene = harness.handOverScene(scene, [this](const char* name) { return entry(name); }, sceneData_);
    const auto errorText = reinterpret_cast<const char* (*)()>(entry("racelab_harness_error"));
    renderer_ = reinterpret_cast<void* (*)()>(entry("racelab_harness_create"))();
    if (!renderer_) throw Error(label_ + ": its constructor: " + errorText());
    // loadScene's seed: the course's harness passes its --seed; racelab hands the scene over made with its own.
    if (reinterpret_cast<int (*)(void*, int, int)>(entry("racelab_harness_load_scene"))(renderer_, courseScene,
                                                                                      static_cast<int>(scene.seed)) != 0)
        throw Error(label_ + ": loadScene: " + errorText());
    if (reinterpret_cast<int (*)(void*, int, int)>(entry("racelab_harness_alloc_output_image"))(renderer_, width, height) != 0)
        throw Error(label_ + ": allocOutputImage: " + errorText());
    call("racelab_harness_setup", "setup");
    scene_ = scene;
    steps_ = 0;
}

void WholeFileSolution::clearImage() { call("racelab_harness_clear_image", "clearImage"); }

void WholeFileSolution::advanceAnimation() {
    call("racelab_harness_advance_animation", "advanceAnimation");
    ++steps_;
}

void WholeFileSolution::render() { call("racelab_harness_render", "render"); }

const float* WholeFileSolution::image(int& width, int& height) {
    const auto read = reinterpret_cast<const float* (*)(void*, int*, int*)>(entry("racelab_harness_image"));
    const float* data = read(renderer_, &width, &height);
    if (!data) throw Error(label_ + ": getImage: " + reinterpret_cast<const char* (*)()>(entry("racelab_harness_error"))());
    return data;
}

}  // namespace racelab::userkernel
