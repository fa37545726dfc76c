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
    // The version first: a library of another racelab may lack entries this one has, and that is the better
    // message.
    bind(entries_.abi, "racelab_harness_abi");
    if (entries_.abi() != kHarnessAbi)
        throw Error(label_ + ": built against another version of racelab's harness (" + std::to_string(entries_.abi()) +
                    ", this racelab's " + std::to_string(kHarnessAbi) + "): save it again to rebuild");
    bind(entries_.error, "racelab_harness_error");
    bind(entries_.create, "racelab_harness_create");
    bind(entries_.destroy, "racelab_harness_destroy");
    bind(entries_.loadScene, "racelab_harness_load_scene");
    bind(entries_.allocOutputImage, "racelab_harness_alloc_output_image");
    bind(entries_.setup, "racelab_harness_setup");
    bind(entries_.clearImage, "racelab_harness_clear_image");
    bind(entries_.advanceAnimation, "racelab_harness_advance_animation");
    bind(entries_.render, "racelab_harness_render");
    bind(entries_.image, "racelab_harness_image");
}

// The renderer is destroyed, as the course's harness does at its end; the library stays open: the worker ends
// soon after, and unloading a library whose static objects hold CUDA memory would only add ways to fail.
WholeFileSolution::~WholeFileSolution() {
    if (renderer_) entries_.destroy(renderer_);
}

WholeFileAccessEntries WholeFileSolution::accessEntries() const {
    WholeFileAccessEntries entries;
    const auto mode = reinterpret_cast<unsigned (*)()>(dlsym(library_, "racelabAccessModeBuilt"));
    entries.setHostHooks = dlsym(library_, "racelabSetHostHooks");
    entries.setAccessConfig = dlsym(library_, "racelabSetAccessConfig");
    if (mode && entries.setHostHooks && entries.setAccessConfig) entries.mode = mode();
    return entries;
}

void* WholeFileSolution::entry(const char* name) const {
    void* found = dlsym(library_, name);
    if (!found) throw Error(label_ + ": the built solution lacks racelab's entry " + name + ": save it again to rebuild");
    return found;
}

void WholeFileSolution::call(int (*function)(void*), const char* what) {
    if (function(renderer_) != 0) throw Error(label_ + ": " + what + ": " + entries_.error());
}

void WholeFileSolution::prepareScene(const WholeFileHarness& harness, const WholeFileScene& scene) {
    if (renderer_) throw Error(label_ + ": the worker has a renderer already (a new scene needs a new worker)");
    if (!harness.handOverScene) throw Error("the family's harness cannot hand a scene over");
    // The family's own entries (its scene's fields) are the family's to know: it looks them up by name.
    courseScene_ = harness.handOverScene(scene, [this](const char* name) { return entry(name); }, sceneData_);
    prepared_ = scene;
}

void WholeFileSolution::startScene(const WholeFileHarness& harness, const WholeFileScene& scene, int width, int height) {
    if (courseScene_ < 0 || !(prepared_ == scene)) prepareScene(harness, scene);
    renderer_ = entries_.create();
    if (!renderer_) throw Error(label_ + ": its constructor: " + entries_.error());
    // loadScene's seed: the course's harness passes its --seed; racelab hands the scene over made with its own.
    if (entries_.loadScene(renderer_, courseScene_, static_cast<int>(scene.seed)) != 0)
        throw Error(label_ + ": loadScene: " + entries_.error());
    if (entries_.allocOutputImage(renderer_, width, height) != 0) throw Error(label_ + ": allocOutputImage: " + entries_.error());
    call(entries_.setup, "setup");
    scene_ = scene;
    steps_ = 0;
}

void WholeFileSolution::clearImage() { call(entries_.clearImage, "clearImage"); }

void WholeFileSolution::advanceAnimation() {
    call(entries_.advanceAnimation, "advanceAnimation");
    ++steps_;
}

void WholeFileSolution::render() { call(entries_.render, "render"); }

const float* WholeFileSolution::image(int& width, int& height) {
    const float* data = entries_.image(renderer_, &width, &height);
    if (!data) throw Error(label_ + ": getImage: " + entries_.error());
    return data;
}

}  // namespace racelab::userkernel
