// Course-style whole-file solutions for the CPU tests: a minimal cudaRenderer.h and cudaRenderer.cu as the
// course lays them out, built by racelab's nvcc build into a shared library and opened.
#pragma once
#include <gtest/gtest.h>

#include <dlfcn.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "fresh_folder.hpp"
#include "scenes/scene_registry.hpp"
#include "userkernel/build/whole_file_build.hpp"

namespace racelab::test {
namespace fs = std::filesystem;
using namespace racelab::userkernel;

#define REQUIRE_NVCC() \
    if (findNvcc().empty()) GTEST_SKIP() << nvccMissingAdvice()

inline const WholeFileHarness& circlesHarness() { return *findScene("circles/rgb").family->kernelContract->wholeFile; }

inline std::string write(const fs::path& path, const std::string& text) {
    std::ofstream(path) << text;
    return path.string();
}

// A minimal solution, as the course lays one out: the class in cudaRenderer.h, declaring `declaration` as its
// loadScene, and cudaRenderer.cu with `definition`; it remembers what it was given, and frees what it holds as
// the course's destructor does (the sanitize build's LeakSanitizer checks).
struct Solution {
    std::string header, source;
};
inline Solution minimalSolution(const std::string& declaration, const std::string& definition) {
    Solution s;
    s.header = R"(#include "circleRenderer.h"
#include "image.h"
class CudaRenderer : public CircleRenderer {
public:
    Image* image = nullptr;
    int numCircles = 0;
    float *position = nullptr, *velocity = nullptr, *color = nullptr, *radius = nullptr;
    ~CudaRenderer() { delete image; delete[] position; delete[] velocity; delete[] color; delete[] radius; }
    const Image* getImage() { return image; }
    void setup() {}
    )" + declaration + R"(
    void allocOutputImage(int w, int h) { image = new Image(w, h); }
    void clearImage() {}
    void render() {}
};
)";
    s.source = R"(#include "cudaRenderer.h"
#include "sceneLoader.h"
static int g_form = 0, g_circles = -1;
static float g_lastRadius = 0;
)" + definition + R"(
extern "C" int test_form() { return g_form; }
extern "C" int test_circles() { return g_circles; }
extern "C" float test_last_radius() { return g_lastRadius; }
)";
    return s;
}

// The scene as the harness entry takes it (racelab_harness_entry.cu's RacelabHarnessScene).
struct HarnessScene {
    int numCircles;
    const float *position, *velocity, *color, *radius;
};

struct Library {
    void* handle = nullptr;
    ~Library() {
        if (handle) dlclose(handle);
    }
    template <class F>
    F* symbol(const char* name) {
        return reinterpret_cast<F*>(dlsym(handle, name));
    }
};

// Builds `solution` in `folder` into folder/solution.so ("" when it does not build: the failure is recorded).
inline std::string buildLibrary(const fs::path& folder, const Solution& solution) {
    write(folder / "cudaRenderer.h", solution.header);
    const std::string file = write(folder / "cudaRenderer.cu", solution.source);
    const KernelBuild build = buildWholeFile({file, "sm_90"}, circlesHarness(), KernelCache(""));
    EXPECT_TRUE(build.ok) << build.messages();
    if (!build.ok) return "";
    const std::string so = (folder / "solution.so").string();
    std::ofstream(so, std::ios::binary).write(reinterpret_cast<const char*>(build.cubin.data()),
                                              static_cast<std::streamsize>(build.cubin.size()));
    return so;
}

// Builds `solution` in a folder of its own and opens the library.
inline void buildAndOpen(const std::string& name, const Solution& solution, Library& library) {
    const std::string so = buildLibrary(freshTestFolder("whole-file-" + name), solution);
    ASSERT_FALSE(so.empty());
    library.handle = dlopen(so.c_str(), RTLD_NOW | RTLD_LOCAL);
    ASSERT_NE(library.handle, nullptr) << dlerror();
}

}  // namespace racelab::test
