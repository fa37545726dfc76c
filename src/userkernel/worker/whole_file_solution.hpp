// A whole-file solution in the kernel worker: its shared library (whole_file_build.hpp made it) opened, and one
// renderer of the course's CudaRenderer driven through the harness entry's C functions, as the course's harness
// drives it: load the scene, allocate the image, set up once; then each frame clear, advance, render, read the
// image (the executor times those: kernel_executor.hpp). One renderer for the worker's life: solutions may keep
// state at file scope, as the course's harness (one renderer a process) lets them, so a new scene or size is
// a new worker (whole_file_runner.cpp).
#pragma once
#include <memory>
#include <string>

#include "scenes/kernel_contract.hpp"
#include "userkernel/worker/kernel_executor.hpp"

namespace racelab::userkernel {

class WholeFileSolution final : public WholeFileCalls {
public:
    // Opens the library and finds its harness entry's functions, of this racelab's version. Throws Error when it
    // is no racelab whole-file build (or another racelab's).
    WholeFileSolution(const std::string& libraryPath, std::string label);
    ~WholeFileSolution() override;
    WholeFileSolution(const WholeFileSolution&) = delete;
    WholeFileSolution& operator=(const WholeFileSolution&) = delete;

    // The scene's data made by the family's harness (racelab's code) ahead of the renderer, so that racelab's
    // clock on startScene holds the solution's calls alone (docs/GRADING.md, "Time that cannot be bought").
    void prepareScene(const WholeFileHarness& harness, const WholeFileScene& scene);
    // Makes the renderer: the scene handed over (prepared above, or made now), loadScene, allocOutputImage,
    // setup. Once a worker; throws Error with the solution's message when a call fails.
    void startScene(const WholeFileHarness& harness, const WholeFileScene& scene, int width, int height);
    bool started() const { return renderer_ != nullptr; }
    // The scene's animation steps the solution has taken (WholeFileScene::steps): the scene's as loaded, then one
    // per advanceAnimation.
    long long steps() const { return steps_; }
    const WholeFileScene& scene() const { return scene_; }

    void clearImage() override;
    void advanceAnimation() override;
    void render() override;
    const float* image(int& width, int& height) override;
    const std::string& label() const override { return label_; }

    // An instrumented build's own entries (racelabSetHostHooks, racelabSetAccessConfig and the mode it was built
    // with); all empty for a plain build. `warpClocks` and `orderBlocks` are racelab's to fill in.
    WholeFileAccessEntries accessEntries() const;

private:
    // racelab_harness_entry.cu's C functions, each found once, when the library opens.
    struct HarnessEntries {
        int (*abi)() = nullptr;
        const char* (*error)() = nullptr;  // why the last call failed (a C++ exception of the solution's)
        void* (*create)() = nullptr;
        void (*destroy)(void* renderer) = nullptr;
        int (*loadScene)(void* renderer, int scene, int seed) = nullptr;
        int (*allocOutputImage)(void* renderer, int width, int height) = nullptr;
        int (*setup)(void* renderer) = nullptr;
        int (*clearImage)(void* renderer) = nullptr;
        int (*advanceAnimation)(void* renderer) = nullptr;
        int (*render)(void* renderer) = nullptr;
        const float* (*image)(void* renderer, int* width, int* height) = nullptr;
    };

    void* entry(const char* name) const;
    template <class Function>
    void bind(Function*& slot, const char* name) const {
        slot = reinterpret_cast<Function*>(entry(name));
    }
    // A renderer call that returns non-zero on failure; throws Error with the solution's message then.
    void call(int (*function)(void*), const char* what);

    std::string label_;
    void* library_ = nullptr;
    HarnessEntries entries_;
    void* renderer_ = nullptr;
    std::shared_ptr<void> sceneData_;
    int courseScene_ = -1;  // the course's scene number of the prepared data; -1: none prepared
    WholeFileScene prepared_;
    WholeFileScene scene_;
    long long steps_ = 0;
};

}  // namespace racelab::userkernel
