// The instrumented build of a whole-file solution without a GPU (compile --races; whole_file_instrumented.hpp):
// nvcc's PTX of the solution rewritten with the launch lists' rewriter and assembled and embedded by nvcc's own
// steps again. The sites it checks are the solution's own lines in its own file; thrust's and CUB's kernels are
// left plain and said to be; the library carries racelab's access-check configuration for the worker to set;
// and the cache gives the same sites back. nvcc's dry-run lines are read as argument vectors.
#include <gtest/gtest.h>

#include <dlfcn.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#include <sanitizer/lsan_interface.h>
#define RACELAB_TEST_LSAN 1
#endif
#endif

#include "core/read_file.hpp"
#include "course_style_solution.hpp"  // HarnessScene
#include "fresh_folder.hpp"
#include "racelab_with_own_cache.hpp"
#include "scenes/scene_registry.hpp"
#include "test_data.hpp"
#include "userkernel/build/nvcc_steps.hpp"
#include "userkernel/build/whole_file_build.hpp"
#include "userkernel/racecheck/device/racelab/access_check_layout.cuh"

namespace fs = std::filesystem;
using namespace racelab;
using namespace racelab::userkernel;
using racelab::testing::testDataPath;

namespace {

#define REQUIRE_NVCC() \
    if (findNvcc().empty()) GTEST_SKIP() << nvccMissingAdvice()

const WholeFileHarness& circlesHarness() { return *findScene("circles/rgb").family->kernelContract->wholeFile; }

// A copy of tests/data/whole_file/NAME in a fresh folder; its solution file's path.
std::string copyOfSolution(const std::string& name) {
    const fs::path folder = freshTestFolder("whole-file-races-" + name);
    fs::copy(testDataPath("data/whole_file/" + name), folder, fs::copy_options::recursive);
    return (folder / "cudaRenderer.cu").string();
}

// The 1-based numbers of the lines of `file` that hold `text`.
std::set<int> linesHolding(const std::string& file, const std::string& text) {
    std::set<int> lines;
    std::istringstream in(readWholeFile(file).value_or(""));
    int number = 0;
    for (std::string line; std::getline(in, line);)
        if (++number, line.find(text) != std::string::npos) lines.insert(number);
    return lines;
}

std::string writeLibrary(const KernelBuild& build, const std::string& name) {
    const std::string path = (fs::path(build.sourcePath).parent_path() / name).string();
    std::ofstream(path, std::ios::binary).write(reinterpret_cast<const char*>(build.cubin.data()),
                                              static_cast<std::streamsize>(build.cubin.size()));
    return path;
}

// racelab/host_hooks_abi.cuh's structs as this test sees them: the CPU builds (the sanitize preset's among
// them) have no CUDA headers, and the layout is plain C (dim3: three unsigned).
struct Dim3 {
    unsigned x, y, z;
};
struct LaunchFacts {
    const void* function;
    const char* name;
    Dim3 grid, block;
    std::size_t dynamicShared, staticShared;
    int blocksPerMultiprocessor;
    void* stream;
};
struct HostHooks {
    void* context;
    void (*beforeLaunch)(void* context, const LaunchFacts* launch);
    void (*allocated)(void* context, const void* pointer, std::size_t bytes);
    void (*freeing)(void* context, const void* pointer);
};
using SetHostHooks = void (*)(const HostHooks*);

bool exportsAccessConfig(const std::string& library) {
    void* handle = dlopen(library.c_str(), RTLD_NOW | RTLD_LOCAL);
    EXPECT_NE(handle, nullptr) << dlerror();
    if (!handle) return false;
    using Mode = unsigned();
    const auto mode = reinterpret_cast<Mode*>(dlsym(handle, "racelabAccessModeBuilt"));
    const bool found = dlsym(handle, "racelabSetAccessConfig") != nullptr && mode && mode() == RACELAB_ACCESS_RACES;
    dlclose(handle);
    return found;
}

}  // namespace

// The course's racy starter, per circle: the read of the pixel and its write back are two sites at their lines.
TEST(WholeFileRacesBuild, TheSitesAreTheSolutionsOwnLines) {
    REQUIRE_NVCC();
    const std::string solution = copyOfSolution("racy_per_circle");
    const KernelBuild build = buildWholeFile({solution, "sm_90", 300, RACELAB_ACCESS_RACES}, circlesHarness(), KernelCache(""));
    ASSERT_TRUE(build.ok) << build.messages();
    ASSERT_TRUE(build.accessSites);
    ASSERT_FALSE(build.accessSites->sites.empty());
    std::set<int> loads, stores;
    for (const AccessSite& site : build.accessSites->sites) {
        EXPECT_EQ(site.file, build.sourcePath) << site.instruction;
        (site.kind == "load" ? loads : site.kind == "store" ? stores : loads).insert(site.line);
    }
    const std::set<int> read = linesHolding(solution, "float4 old = *pixel;"), written = linesHolding(solution, "*pixel = old;");
    ASSERT_EQ(read.size(), 1u);
    ASSERT_EQ(written.size(), 1u);
    EXPECT_TRUE(loads.count(*read.begin())) << "no load checked at line " << *read.begin();
    EXPECT_TRUE(stores.count(*written.begin())) << "no store checked at line " << *written.begin();
}

// The library the worker opens carries the function that sets racelab's access-check configuration (before a
// frame) and says the mode it was built for; the plain build of the same file has neither.
TEST(WholeFileRacesBuild, OnlyTheInstrumentedLibraryCarriesTheChecks) {
    REQUIRE_NVCC();
    const std::string solution = copyOfSolution("racy_per_circle");
    const KernelBuild plain = buildWholeFile({solution, "sm_90"}, circlesHarness(), KernelCache(""));
    const KernelBuild instrumented = buildWholeFile({solution, "sm_90", 300, RACELAB_ACCESS_RACES}, circlesHarness(), KernelCache(""));
    ASSERT_TRUE(plain.ok && instrumented.ok) << plain.messages() << instrumented.messages();
    EXPECT_FALSE(plain.accessSites);
    EXPECT_FALSE(exportsAccessConfig(writeLibrary(plain, "plain.so")));
    EXPECT_TRUE(exportsAccessConfig(writeLibrary(instrumented, "instrumented.so")));
}

// thrust's scan launches CUB's kernels: they stay plain, the note says so, and no site is in the toolkit's
// headers. The cache gives the same sites back.
TEST(WholeFileRacesBuild, ThrustAndCubStayPlainAndTheCacheKeepsTheSites) {
    REQUIRE_NVCC();
    const std::string solution = copyOfSolution("tiled_thrust");
    const fs::path cacheFolder = fs::path(solution).parent_path() / "cache";
    const KernelBuild build = buildWholeFile({solution, "sm_90", 300, RACELAB_ACCESS_RACES}, circlesHarness(), KernelCache(cacheFolder.string()));
    ASSERT_TRUE(build.ok) << build.messages();
    ASSERT_TRUE(build.accessSites);
    for (const AccessSite& site : build.accessSites->sites) EXPECT_EQ(site.file, build.sourcePath) << site.instruction;
    const std::vector<std::string>& notes = build.accessSites->notCovered;
    EXPECT_TRUE(std::any_of(notes.begin(), notes.end(), [](const std::string& n) {
        return n.find("thrust's and CUB's own code, left plain") != std::string::npos && n.find("0 kernels") == std::string::npos;
    })) << "no note of CUB's kernels left plain";
    const KernelBuild again = buildWholeFile({solution, "sm_90", 300, RACELAB_ACCESS_RACES}, circlesHarness(), KernelCache(cacheFolder.string()));
    ASSERT_TRUE(again.ok && again.fromCache);
    ASSERT_TRUE(again.accessSites);
    EXPECT_EQ(accessSitesJson(*again.accessSites), accessSitesJson(*build.accessSites));
}

// compile --races, without a GPU: it builds the instrumented form and says what it checks, where and what not.
TEST(WholeFileRacesBuild, CompileRacesSaysWhatItChecks) {
    REQUIRE_NVCC();
    const std::string solution = copyOfSolution("racy_per_circle");
    const ProcessResult r = runRacelabCompile("compile '" + fs::path(solution).parent_path().string() + "' --arch sm_90 --races");
    EXPECT_EQ(r.exitCode, 0) << r.output;
    EXPECT_NE(r.output.find("compiles for sm_90 with nvcc"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("instrumented for races: "), std::string::npos) << r.output;
    EXPECT_NE(r.output.find(" in cudaRenderer.cu"), std::string::npos) << r.output;
}

// As nvcc 13 prints them: variables, then commands with quoted arguments that may hold blanks.
TEST(NvccSteps, DryRunLinesBecomeArgumentVectors) {
    const std::string dryRun =
        "#$ _HERE_=/opt/cuda/bin\n"
        "#$ CICC_PATH=/opt/cuda/bin/../nvvm/bin\n"
        "#$ \"$CICC_PATH/cicc\" --c++17 --orig_src_path_name \"/home/a student/cudaRenderer.cu\" -o \"/k/x.ptx\"\n"
        "#$ ptxas -arch=sm_90 -m64  --generate-line-info \"/k/x.ptx\"  -o \"/k/x.sm_90.cubin\" \n"
        "not a step\n";
    const NvccSteps steps = readNvccSteps(dryRun);
    EXPECT_EQ(steps.variables.at("_HERE_"), "/opt/cuda/bin");
    ASSERT_EQ(steps.commands.size(), 2u);
    const std::vector<std::string> cicc{"/opt/cuda/bin/../nvvm/bin/cicc", "--c++17", "--orig_src_path_name",
                                        "/home/a student/cudaRenderer.cu", "-o", "/k/x.ptx"};
    EXPECT_EQ(steps.commands[0], cicc);
    const std::vector<std::string> ptxas{"ptxas", "-arch=sm_90", "-m64", "--generate-line-info", "/k/x.ptx", "-o", "/k/x.sm_90.cubin"};
    EXPECT_EQ(steps.commands[1], ptxas);
    EXPECT_EQ(splitNvccCommand(R"(a "b \"c\" d" e)"), (std::vector<std::string>{"a", "b \"c\" d", "e"}));
}

TEST(NvccSteps, AStepsProgramIsFoundInTheToolkitFirst) {
    REQUIRE_NVCC();
    const NvccSteps steps = readNvccSteps("#$ _HERE_=" + fs::path(findNvcc()).parent_path().string() + "\n#$ PATH=/nowhere\n");
    EXPECT_EQ(fs::path(nvccStepProgram(steps, "ptxas")).filename(), "ptxas");
    EXPECT_EQ(nvccStepProgram(steps, "no-such-program-here"), "");
    EXPECT_EQ(nvccStepProgram(steps, "/bin/sh"), "/bin/sh");
}

// The instrumented library's host code calls racelab's hooks: each launch reaches the worker's hook first, with
// the grid and block the solution gave it, and then the runtime (which, with no GPU here, refuses it, as the
// solution is told). Render of the racy starter launches one thread a circle, 256 a block; its clearImage a
// 16x16 block a 16x16 tile. The plain build has no hooks.
TEST(WholeFileRacesBuild, TheSolutionsLaunchesReachRacelabsHookFirst) {
    REQUIRE_NVCC();
    const std::string solution = copyOfSolution("racy_per_circle");
    const KernelBuild plain = buildWholeFile({solution, "sm_90"}, circlesHarness(), KernelCache(""));
    const KernelBuild instrumented = buildWholeFile({solution, "sm_90", 300, RACELAB_ACCESS_RACES}, circlesHarness(), KernelCache(""));
    ASSERT_TRUE(plain.ok && instrumented.ok) << plain.messages() << instrumented.messages();
    void* plainLibrary = dlopen(writeLibrary(plain, "plain.so").c_str(), RTLD_NOW | RTLD_LOCAL);
    ASSERT_NE(plainLibrary, nullptr) << dlerror();
    EXPECT_EQ(dlsym(plainLibrary, "racelabSetHostHooks"), nullptr);
    dlclose(plainLibrary);

    // RTLD_NODELETE: the CUDA runtime the library carries has started (its calls failed without a GPU); what
    // it holds stays where the sanitize build's leak check sees it reachable, as the worker's solutions do.
    void* library = dlopen(writeLibrary(instrumented, "instrumented.so").c_str(), RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE);
    ASSERT_NE(library, nullptr) << dlerror();
    const auto setHooks = reinterpret_cast<SetHostHooks>(dlsym(library, "racelabSetHostHooks"));
    ASSERT_NE(setHooks, nullptr);
    struct Seen {
        std::vector<std::pair<unsigned, unsigned>> launches;  // grid.x * grid.y, block.x * block.y
    } seen;
    HostHooks hooks{};
    hooks.context = &seen;
    hooks.beforeLaunch = [](void* context, const LaunchFacts* launch) {
        static_cast<Seen*>(context)->launches.emplace_back(launch->grid.x * launch->grid.y, launch->block.x * launch->block.y);
    };
    setHooks(&hooks);
    auto symbol = [&](const char* name) { return dlsym(library, name); };
    std::vector<float> position(3 * 1000, .5f), color(3 * 1000, .5f), radius(1000, .01f);
    using racelab::test::HarnessScene;
    const HarnessScene scene{1000, position.data(), nullptr, color.data(), radius.data()};
    reinterpret_cast<void (*)(const HarnessScene*)>(symbol("racelab_harness_set_scene"))(&scene);
    void* renderer = reinterpret_cast<void* (*)()>(symbol("racelab_harness_create"))();
    ASSERT_NE(renderer, nullptr);
    reinterpret_cast<int (*)(void*, int, int)>(symbol("racelab_harness_load_scene"))(renderer, 0, 0);
    reinterpret_cast<int (*)(void*, int, int)>(symbol("racelab_harness_alloc_output_image"))(renderer, 64, 32);
    reinterpret_cast<int (*)(void*)>(symbol("racelab_harness_setup"))(renderer);
    reinterpret_cast<int (*)(void*)>(symbol("racelab_harness_clear_image"))(renderer);
    reinterpret_cast<int (*)(void*)>(symbol("racelab_harness_render"))(renderer);
    setHooks(nullptr);
    reinterpret_cast<int (*)(void*)>(symbol("racelab_harness_render"))(renderer);  // no hook now: not seen
    // The course's Image has no destructor: its pixels outlive the renderer, as in the course's harness (and a
    // worker, which ends). The sanitize build's leak check is told so.
    int width = 0, height = 0;
    const float* pixels = reinterpret_cast<const float* (*)(void*, int*, int*)>(symbol("racelab_harness_image"))(renderer, &width, &height);
#ifdef RACELAB_TEST_LSAN
    if (pixels) __lsan_ignore_object(pixels);
#endif
    EXPECT_EQ(width, 64);
    reinterpret_cast<void (*)(void*)>(symbol("racelab_harness_destroy"))(renderer);
    dlclose(library);
    const std::vector<std::pair<unsigned, unsigned>> expected{{4u * 2u, 256u}, {4u, 256u}};  // clear: 64x32 in 16x16 tiles
    EXPECT_EQ(seen.launches, expected);
}
