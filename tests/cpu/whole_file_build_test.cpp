// Whole-file solutions on the CPU: nvcc builds a course-style cudaRenderer.cu (host code, thrust, its own
// allocations) with racelab's harness into a shared library without a GPU, so these run wherever the toolkit
// is. The library's harness entry points are called up to loadScene, which needs no GPU: every loadScene form
// the course has had reaches the solution with racelab's scene data.
#include <gtest/gtest.h>

#include <dlfcn.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/asset_paths.hpp"
#include "core/errors.hpp"
#include "core/gpu_timing.hpp"
#include "core/read_file.hpp"
#include "fresh_folder.hpp"
#include "app/grading.hpp"
#include "app/scene_setup.hpp"
#include "process_runner.hpp"
#include "racelab_with_own_cache.hpp"
#include "scenes/scene_registry.hpp"
#include "test_data.hpp"
#include "userkernel/user_kernel.hpp"
#include "userkernel/build/whole_file_build.hpp"
#include "userkernel/worker/whole_file_solution.hpp"
#include "course_style_solution.hpp"

namespace fs = std::filesystem;
using namespace racelab;
using namespace racelab::userkernel;
using namespace racelab::test;


TEST(WholeFileBuild, EveryCourseStyleSolutionCompilesWithNvccIntoALibrary) {
    REQUIRE_NVCC();
    // Racelab's test solutions, and the course-level reference grade times submissions against by default.
    std::vector<std::string> folders{fs::path(findAsset("reference/circles/course_level/cudaRenderer.cu")).parent_path().string()};
    for (const char* name : {"racy_per_circle", "per_pixel_2022", "tiled_thrust", "own_members", "snow_per_pixel",
                             "cheat_render_in_getimage", "cheat_thread_joined_in_getimage"})
        folders.push_back(racelab::testing::testDataPath(std::string("data/whole_file/") + name));
    for (const std::string& folder : folders) {
        const std::string name = fs::path(folder).filename().string();
        const ProcessResult r = runRacelabCompile("compile '" + folder + "' --arch sm_90");
        EXPECT_EQ(r.exitCode, 0) << name << "\n" << r.output;
        EXPECT_NE(r.output.find("compiles for sm_90 with nvcc into a shared library (a whole-file solution"),
                  std::string::npos) << r.output;
        EXPECT_EQ(r.output.find("warning"), std::string::npos) << name << ": racelab's headers warn\n" << r.output;
    }
    // The unchanged solution again: from the cache, without nvcc.
    const ProcessResult again = runRacelabCompile("compile '" + racelab::testing::testDataPath("data/whole_file/tiled_thrust") +
                                                  "' --arch sm_90");
    EXPECT_EQ(again.exitCode, 0) << again.output;
    EXPECT_NE(again.output.find(", from the cache"), std::string::npos) << again.output;
}

TEST(WholeFileBuild, TheSolutionFileIsFoundInAFolderOrByWhatItDefines) {
    const fs::path folder = freshTestFolder("whole-file-recognize");
    EXPECT_FALSE(wholeFileSolution(folder.string(), circlesHarness()));  // no cudaRenderer.cu in it
    const std::string renamed = write(folder / "mine.cu", "#include \"cudaRenderer.h\"\nvoid CudaRenderer::render() {}\n");
    EXPECT_EQ(wholeFileSolution(renamed, circlesHarness()).value_or(""), fs::absolute(renamed).string());
    const std::string launchList = write(folder / "kernel.cu", "#include <racelab/circles.cuh>\n__global__ void k() {}\n");
    EXPECT_FALSE(wholeFileSolution(launchList, circlesHarness()));
    write(folder / "cudaRenderer.cu", "void CudaRenderer :: render ( ) {}\n");
    EXPECT_EQ(wholeFileSolution(folder.string(), circlesHarness()).value_or(""), (folder / "cudaRenderer.cu").string());
    // A folder whose one .cu file has another name (a public solution's cudaRenderer_working72.cu) is that
    // file, as grade takes it; with two other .cu files and no cudaRenderer.cu it is none.
    const fs::path handedIn = freshTestFolder("whole-file-one-other-name");
    const std::string only = write(handedIn / "cudaRenderer_final.cu", "void CudaRenderer::render() {}\n");
    write(handedIn / "scan.cu_inl", "// a helper it includes\n");
    EXPECT_EQ(wholeFileSolution(handedIn.string(), circlesHarness()).value_or(""), fs::absolute(only).string());
    write(handedIn / "old.cu", "void CudaRenderer::render() {}\n");
    EXPECT_FALSE(wholeFileSolution(handedIn.string(), circlesHarness())) << "two candidates: which one is not guessed";
}

TEST(WholeFileBuild, AnErrorNamesTheSolutionsLineAndColumn) {
    REQUIRE_NVCC();
    const fs::path folder = freshTestFolder("whole-file-broken");
    // Line 5, column 5: an undefined name in host code.
    const std::string file = write(folder / "cudaRenderer.cu", R"(#include "cudaRenderer.h"
#include "image.h"
CudaRenderer::CudaRenderer() {}
void CudaRenderer::render() {
    notDeclaredAnywhere(1);
}
)");
    const ProcessResult r = runRacelabCompile("compile '" + folder.string() + "' --arch sm_90");
    EXPECT_EQ(r.exitCode, 1) << r.output;
    EXPECT_NE(r.output.find(file + ":5:5: error: identifier \"notDeclaredAnywhere\" is undefined"), std::string::npos)
        << r.output;
    EXPECT_NE(r.output.find("does not compile for sm_90"), std::string::npos) << r.output;
}

TEST(WholeFileBuild, EachLoadSceneFormReceivesRacelabsSceneData) {
    REQUIRE_NVCC();
    struct Form {
        const char* name;
        const char* declaration;
        const char* definition;
        int expectedForm;
    };
    const Form forms[] = {
        {"seed", "void loadScene(SceneName name, int seed = 0);",
         "void CudaRenderer::loadScene(SceneName n, int seed) { g_form = 1; loadCircleScene(n, numCircles, position, "
         "velocity, color, radius, seed); g_circles = numCircles; g_lastRadius = radius[numCircles - 1]; }",
         1},
        {"plain", "void loadScene(SceneName name);",
         "void CudaRenderer::loadScene(SceneName n) { g_form = 2; loadCircleScene(n, numCircles, position, velocity, "
         "color, radius); g_circles = numCircles; g_lastRadius = radius[numCircles - 1]; }",
         2},
        {"bench", "void loadScene(SceneName name, bool benchMode);",
         "void CudaRenderer::loadScene(SceneName n, bool bench) { g_form = bench ? 3 : 4; loadCircleScene(n, numCircles, "
         "position, velocity, color, radius); g_circles = numCircles; g_lastRadius = radius[numCircles - 1]; }",
         3},
        // The loader's forms without velocity, of renderers on the CMU starter that draw still scenes: one with
        // the benchMode switch passed on (a 2019 port), one without (a 2020 port).
        {"still_bench", "void loadScene(SceneName name, bool benchMode);",
         "void CudaRenderer::loadScene(SceneName n, bool bench) { g_form = bench ? 5 : 6; loadCircleScene(n, numCircles, "
         "position, color, radius, bench); g_circles = numCircles; g_lastRadius = radius[numCircles - 1]; }",
         5},
        {"still", "void loadScene(SceneName name);",
         "void CudaRenderer::loadScene(SceneName n) { g_form = 7; loadCircleScene(n, numCircles, position, color, "
         "radius); g_circles = numCircles; g_lastRadius = radius[numCircles - 1]; }",
         7},
    };
    const float position[9] = {.1f, .2f, .3f, .4f, .5f, .6f, .7f, .8f, .9f};
    const float color[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
    const float radius[3] = {.1f, .2f, .25f};
    const HarnessScene scene{3, position, nullptr, color, radius};
    for (const Form& form : forms) {
        SCOPED_TRACE(form.name);
        Library library;
        buildAndOpen(form.name, minimalSolution(form.declaration, form.definition), library);
        if (HasFatalFailure()) return;
        library.symbol<void(const HarnessScene*)>("racelab_harness_set_scene")(&scene);
        void* renderer = library.symbol<void*()>("racelab_harness_create")();
        ASSERT_NE(renderer, nullptr);
        EXPECT_EQ(library.symbol<int(void*, int, int)>("racelab_harness_load_scene")(renderer, 0, 7), 0)
            << library.symbol<const char*()>("racelab_harness_error")();
        EXPECT_EQ(library.symbol<int()>("test_form")(), form.expectedForm);
        EXPECT_EQ(library.symbol<int()>("test_circles")(), 3);
        EXPECT_FLOAT_EQ(library.symbol<float()>("test_last_radius")(), .25f);
        library.symbol<void(void*)>("racelab_harness_destroy")(renderer);
    }
}

// A folder carrying its year's circleRenderer.h numbers the scenes as that year did (CMU's from 2020 puts
// BOUNCING_BALLS before FIREWORKS): racelab's scene reaches it by name, and a scene its list lacks by number.
TEST(WholeFileBuild, AFolderWithItsOwnSceneListIsHandedTheSceneByName) {
    REQUIRE_NVCC();
    const fs::path folder = freshTestFolder("whole-file-own-scene-list");
    write(folder / "circleRenderer.h", R"(#ifndef OWN_LIST_H
#define OWN_LIST_H
struct Image;
typedef enum { CIRCLE_RGB, CIRCLE_RGBY, CIRCLE_TEST_10K, CIRCLE_TEST_100K, PATTERN, SNOWFLAKES, BOUNCING_BALLS,
               HYPNOSIS, FIREWORKS, SNOWFLAKES_SINGLE_FRAME, BIG_LITTLE, LITTLE_BIG } SceneName;
class CircleRenderer {
public:
    virtual ~CircleRenderer() {}
    virtual const Image* getImage() = 0;
    virtual void setup() = 0;
    virtual void loadScene(SceneName name) = 0;
    virtual void allocOutputImage(int width, int height) = 0;
    virtual void clearImage() = 0;
    virtual void advanceAnimation() = 0;
    virtual void render() = 0;
};
#endif
)");
    Solution solution = minimalSolution(
        "void loadScene(SceneName name);\n    void advanceAnimation() {}",
        "void CudaRenderer::loadScene(SceneName n) { g_form = static_cast<int>(n); loadCircleScene(n, numCircles, "
        "position, velocity, color, radius); }");
    const std::string so = buildLibrary(folder, solution);
    ASSERT_FALSE(so.empty());
    Library library;
    library.handle = dlopen(so.c_str(), RTLD_NOW | RTLD_LOCAL);
    ASSERT_NE(library.handle, nullptr) << dlerror();
    const float position[3] = {.5f, .5f, 0}, color[3] = {1, 1, 1}, radius[1] = {.1f};
    const HarnessScene scene{1, position, nullptr, color, radius};
    library.symbol<void(const HarnessScene*)>("racelab_harness_set_scene")(&scene);
    // racelab's numbers (course_scene_names.h) and the enumerator of the same name in the folder's list.
    const struct {
        int racelab, solution;
    } scenes[] = {{6, 8} /* FIREWORKS */, {8, 6} /* BOUNCING_BALLS */, {7, 7} /* HYPNOSIS */, {10, 10} /* BIG_LITTLE */,
                  {12, 12} /* CIRCLE_TEST_1M: not in its list */};
    for (const auto& s : scenes) {
        void* renderer = library.symbol<void*()>("racelab_harness_create")();
        ASSERT_NE(renderer, nullptr);
        EXPECT_EQ(library.symbol<int(void*, int, int)>("racelab_harness_load_scene")(renderer, s.racelab, 0), 0);
        EXPECT_EQ(library.symbol<int()>("test_form")(), s.solution) << "racelab's scene " << s.racelab;
        library.symbol<void(void*)>("racelab_harness_destroy")(renderer);
    }
}

// The worker's side: the harness's entries are found once, as the library opens, and the course's calls go
// through them up to getImage (a solution that allocates nothing on the GPU needs none). A library that is no
// racelab build is refused as it opens, not at its first call.
TEST(WholeFileBuild, TheWorkerFindsEveryHarnessEntryAsTheLibraryOpens) {
    REQUIRE_NVCC();
    const fs::path folder = freshTestFolder("whole-file-entries");
    const Solution solution = minimalSolution(
        "void loadScene(SceneName name, int seed = 0);",
        "void CudaRenderer::loadScene(SceneName n, int seed) { loadCircleScene(n, numCircles, position, velocity, color, "
        "radius, seed); }");
    const std::string so = buildLibrary(folder, solution);
    ASSERT_FALSE(so.empty());
    WholeFileSolution opened(so, "minimal");
    opened.startScene(circlesHarness(), WholeFileScene{"rgb", 0, 0, 0, 1}, 64, 48);
    opened.clearImage();
    opened.render();
    int width = 0, height = 0;
    EXPECT_NE(opened.image(width, height), nullptr);
    EXPECT_EQ(width, 64);
    EXPECT_EQ(height, 48);
    try {
        WholeFileSolution notOne("libm.so.6", "libm");
        ADD_FAILURE() << "a library without racelab's entries opened";
    } catch (const Error& e) {
        const std::string message = e.what();
        EXPECT_NE(message.find("libm: the built solution lacks racelab's entry racelab_harness_abi"), std::string::npos)
            << message;
    }
}

TEST(WholeFileBuild, ASolutionWithNoLoadSceneIsToldSo) {
    REQUIRE_NVCC();
    Library library;
    buildAndOpen("none", minimalSolution("", ""), library);
    if (HasFatalFailure()) return;
    void* renderer = library.symbol<void*()>("racelab_harness_create")();
    ASSERT_NE(renderer, nullptr);
    EXPECT_NE(library.symbol<int(void*, int, int)>("racelab_harness_load_scene")(renderer, 0, 0), 0);
    EXPECT_NE(std::string(library.symbol<const char*()>("racelab_harness_error")()).find("implements no loadScene"),
              std::string::npos);
    library.symbol<void(void*)>("racelab_harness_destroy")(renderer);
}

// --kernel takes a whole-file solution as a file or as its folder: the kernel runs the course's file, named
// after its folder (every submission's file is cudaRenderer.cu). A folder without one is refused.
TEST(WholeFileBuild, AsAKernelItIsTakenAsFileOrFolderAndNamedAfterItsFolder) {
    SceneSelection selection;
    selection.scene = "circles/rgb";
    const WorkloadFamily& circles = *findScene("circles/rgb").family;
    const std::string folder = racelab::testing::testDataPath("data/whole_file/per_pixel_2022");
    for (const std::string& path : {folder, folder + "/cudaRenderer.cu"}) {
        selection.kernel = path;
        const auto kernel = makeUserKernel(selection, circles, false);
        ASSERT_TRUE(kernel);
        EXPECT_STREQ(kernel->form().compiler, "nvcc") << path;
        EXPECT_EQ(fs::path(kernel->path()).filename(), "cudaRenderer.cu") << path;
        EXPECT_EQ(kernel->variantName(), "per_pixel_2022") << path;
    }
    selection.kernel = freshTestFolder("whole-file-empty-folder").string();
    EXPECT_THROW(makeUserKernel(selection, circles, false), UsageError);
}

TEST(WholeFileBuild, GradeWithoutAGpuCompilesAWholeFileSubmissionAndSaysItWasNotRun) {
    REQUIRE_NVCC();
    if (std::string why; cudaUsable(&why)) GTEST_SKIP() << "a CUDA device is here: the GPU tests grade whole-file solutions";
    // grade builds through the kernel cache: a folder of this test's, never the user's.
    setenv("RACELAB_KERNEL_CACHE", freshTestFolder("whole-file-grade-cache").c_str(), 1);
    const fs::path classFolder = freshTestFolder("whole-file-grade-class");
    fs::copy(racelab::testing::testDataPath("data/whole_file/per_pixel_2022"), classFolder / "per_pixel_2022");
    GradeOptions options;
    options.path = classFolder.string();
    options.scenes = {"circles/rgb", "circles/pattern"};
    const judge::GradeTable table = gradeSubmissions(options);
    ASSERT_EQ(table.rows.size(), 2u);
    for (const judge::GradeRow& row : table.rows) {
        EXPECT_EQ(row.submission, "per_pixel_2022");
        EXPECT_EQ(row.status, judge::GradeStatus::NotRun) << row.message;
        EXPECT_EQ(row.maxScore, 0) << "racelab's limit must cost no points";
        EXPECT_NE(row.message.find("with nvcc into a shared library"), std::string::npos) << row.message;
    }
}

// The course's scene names are declared once, in harness/circles/course_scene_names.h, for the two forms a
// kernel can take (racelab/circles.cuh for a launch list, the harness's circleRenderer.h for a whole file),
// which cannot include each other: a whole-file solution declares its own GlobalConstants. Both take the
// names from it, so both list the same names in the same order; neither declares its own.
TEST(WholeFileBuild, BothFormsNameTheCoursesScenesAlike) {
    const auto enumerators = [](const std::string& text) {
        const std::size_t begin = text.find("typedef enum {"), end = text.find("} SceneName;");
        std::vector<std::string> names;
        if (begin == std::string::npos || end == std::string::npos) return names;
        std::istringstream lines(text.substr(begin, end - begin));
        for (std::string line; std::getline(lines, line);) {
            const std::size_t comma = line.find(',');
            const std::size_t first = line.find_first_not_of(' ');
            if (comma != std::string::npos && first < comma) names.push_back(line.substr(first, comma - first));
        }
        return names;
    };
    const std::string include = contractHeaderFolder();
    const auto names = enumerators(readWholeFile(include + "/harness/circles/course_scene_names.h").value_or(""));
    ASSERT_EQ(names.size(), 14u);
    EXPECT_EQ(names.front(), "CIRCLE_RGB");
    EXPECT_EQ(names.back(), "MICRO_2M");
    const std::string launchList = readWholeFile(include + "/racelab/circles.cuh").value_or("");
    const std::string wholeFile = readWholeFile(include + "/harness/circles/circleRenderer.h").value_or("");
    EXPECT_NE(launchList.find("#include \"../harness/circles/course_scene_names.h\""), std::string::npos);
    EXPECT_NE(wholeFile.find("#include \"course_scene_names.h\""), std::string::npos);
    EXPECT_TRUE(enumerators(launchList).empty()) << "racelab/circles.cuh declares SceneName again";
    EXPECT_TRUE(enumerators(wholeFile).empty()) << "circleRenderer.h declares SceneName again";
}

// The entry file's object is kept apart from the solution's build: a save of the solution's .cu rebuilds with
// it, a save of its header compiles both again, and an error in that header, which both files include, is
// said once.
TEST(WholeFileBuild, ASaveRebuildsWithTheKeptEntryAndAHeaderErrorIsSaidOnce) {
    REQUIRE_NVCC();
    const fs::path folder = freshTestFolder("whole-file-rebuild");
    const fs::path cache = freshTestFolder("whole-file-rebuild-cache");
    fs::copy(racelab::testing::testDataPath("data/whole_file/per_pixel_2022"), folder / "solution");
    const std::string file = (folder / "solution" / "cudaRenderer.cu").string();
    const KernelBuild first = buildWholeFile({file, "sm_90"}, circlesHarness(), KernelCache(cache.string()));
    ASSERT_TRUE(first.ok) << first.messages();
    EXPECT_FALSE(first.inTwoChains);  // the path's first build: nvcc runs its steps, and its module id is kept
    std::ofstream(file, std::ios::app) << "// saved again\n";
    const KernelBuild edited = buildWholeFile({file, "sm_90"}, circlesHarness(), KernelCache(cache.string()));
    EXPECT_TRUE(edited.ok) << edited.messages();
    EXPECT_FALSE(edited.fromCache);
    EXPECT_TRUE(edited.inTwoChains);
    const std::string header = (folder / "solution" / "cudaRenderer.h").string();
    std::ofstream(header, std::ios::app) << "int brokenInTheHeader = notDeclared;\n";
    const KernelBuild broken = buildWholeFile({file, "sm_90"}, circlesHarness(), KernelCache(cache.string()));
    EXPECT_FALSE(broken.ok);
    EXPECT_EQ(errorCount(broken.diagnostics), 1) << broken.messages();
    fs::remove_all(folder);
    fs::remove_all(cache);
}
