// racelab's side of a whole-file solution: compiled with the solution's cudaRenderer.cu into one shared
// library (userkernel/whole_file_build.hpp), it gives the kernel worker a C entry for each call the course's
// harness makes -- create, loadScene, allocOutputImage, setup, clearImage, advanceAnimation, render, getImage --
// and implements the harness functions a solution calls back (loadCircleScene, getNoiseTables, vec2CellNoise)
// from the scene data and noise tables the worker hands over first. Every entry returns 0 on success, or
// non-zero with racelab_harness_error() saying why (a C++ exception of the solution's, or a form missing).
#include <exception>
#include <string>
#include <type_traits>
#include <utility>

// Angle brackets: searched in nvcc's -I order, the solution's folder first, so a folder that carries the
// course's own headers of its year (its render/ folder as handed in) is built with those, as its own
// cudaRenderer.cu is; quotes would find racelab's, beside this file, first, and two SceneNames would clash.
#include <cudaRenderer.h>
#include <image.h>
#include <noise.h>
#include <sceneLoader.h>

extern "C" {
// The scene as the worker hands it over (racelab's own data, equal to the course's loader's).
struct RacelabHarnessScene {
    int numCircles;
    const float* position;  // 3 floats a circle
    const float* velocity;  // 3 floats a circle
    const float* color;     // 3 floats a circle
    const float* radius;    // 1 float a circle
};
}

namespace {

RacelabHarnessScene g_scene{};
const int* g_permX = nullptr;
const int* g_permY = nullptr;
const float* g_values = nullptr;
bool g_loadSceneMissing = false;
std::string g_error;

float* copyOf(const float* from, long count) {
    float* to = new float[count > 0 ? count : 1];
    for (long i = 0; i < count; ++i) to[i] = from ? from[i] : 0.f;
    return to;
}

// The loadScene form the solution's own class declares: with a seed (2025), without (2012-2024), or with
// benchMode (a 2019 port of the starter). Found on CudaRenderer itself, so a folder carrying the course's own
// circleRenderer.h works as well as racelab's.
template <class R, class = void>
struct HasSeedForm : std::false_type {};
template <class R>
struct HasSeedForm<R, std::void_t<decltype(static_cast<void (R::*)(SceneName, int)>(&R::loadScene))>> : std::true_type {};
template <class R, class = void>
struct HasPlainForm : std::false_type {};
template <class R>
struct HasPlainForm<R, std::void_t<decltype(static_cast<void (R::*)(SceneName)>(&R::loadScene))>> : std::true_type {};
template <class R, class = void>
struct HasAdvance : std::false_type {};
template <class R>
struct HasAdvance<R, std::void_t<decltype(std::declval<R&>().advanceAnimation())>> : std::true_type {};

// racelab hands over a scene by its number in racelab's own list (course_scene_names.h, CS149's order). A
// folder carrying its own circleRenderer.h numbers the scenes as its year did: CMU's 2012 list ended with
// FIREWORKS after SNOWFLAKES_SINGLE_FRAME, 2014's had no animated scene but snow, CMU's from 2020 puts
// BOUNCING_BALLS before FIREWORKS. So the scene is handed over by name: the solution's enumerator of the same
// name, found by SFINAE on whichever SceneName the solution's headers declared; the number itself where its
// list has no such name (the solution has no code for that scene).
#define RACELAB_SCENE_BY_NAME(number, NAME)                                                        \
    template <class E, class = void>                                                               \
    struct Has_##NAME : std::false_type {};                                                        \
    template <class E>                                                                             \
    struct Has_##NAME<E, std::void_t<decltype(E::NAME)>> : std::true_type {};                      \
    template <class E>                                                                             \
    bool named_##NAME(int racelabNumber, E& out) {                                                 \
        if constexpr (Has_##NAME<E>::value) {                                                      \
            if (racelabNumber == number) {                                                         \
                out = E::NAME;                                                                     \
                return true;                                                                       \
            }                                                                                      \
        }                                                                                          \
        return false;                                                                              \
    }
RACELAB_SCENE_BY_NAME(0, CIRCLE_RGB)
RACELAB_SCENE_BY_NAME(1, CIRCLE_RGBY)
RACELAB_SCENE_BY_NAME(2, CIRCLE_TEST_10K)
RACELAB_SCENE_BY_NAME(3, CIRCLE_TEST_100K)
RACELAB_SCENE_BY_NAME(4, PATTERN)
RACELAB_SCENE_BY_NAME(5, SNOWFLAKES)
RACELAB_SCENE_BY_NAME(6, FIREWORKS)
RACELAB_SCENE_BY_NAME(7, HYPNOSIS)
RACELAB_SCENE_BY_NAME(8, BOUNCING_BALLS)
RACELAB_SCENE_BY_NAME(9, SNOWFLAKES_SINGLE_FRAME)
RACELAB_SCENE_BY_NAME(10, BIG_LITTLE)
RACELAB_SCENE_BY_NAME(11, LITTLE_BIG)
RACELAB_SCENE_BY_NAME(12, CIRCLE_TEST_1M)
RACELAB_SCENE_BY_NAME(13, MICRO_2M)
#undef RACELAB_SCENE_BY_NAME

template <class E>
E solutionScene(int racelabNumber) {
    E scene = static_cast<E>(racelabNumber);
    (void)(named_CIRCLE_RGB(racelabNumber, scene) || named_CIRCLE_RGBY(racelabNumber, scene) ||
        named_CIRCLE_TEST_10K(racelabNumber, scene) || named_CIRCLE_TEST_100K(racelabNumber, scene) ||
        named_PATTERN(racelabNumber, scene) || named_SNOWFLAKES(racelabNumber, scene) ||
        named_FIREWORKS(racelabNumber, scene) || named_HYPNOSIS(racelabNumber, scene) ||
        named_BOUNCING_BALLS(racelabNumber, scene) || named_SNOWFLAKES_SINGLE_FRAME(racelabNumber, scene) ||
        named_BIG_LITTLE(racelabNumber, scene) || named_LITTLE_BIG(racelabNumber, scene) ||
        named_CIRCLE_TEST_1M(racelabNumber, scene) || named_MICRO_2M(racelabNumber, scene));
    return scene;
}

template <class R>
void loadSceneOf(R& renderer, SceneName name, int seed) {
    if constexpr (HasSeedForm<R>::value) renderer.loadScene(name, seed);
    else if constexpr (HasPlainForm<R>::value) renderer.loadScene(name);
    else renderer.loadScene(name, true);  // benchMode: racelab runs it as the course's benchmark does
}

template <class R>
void advanceOf(R& renderer) {
    if constexpr (HasAdvance<R>::value) renderer.advanceAnimation();
}

template <class Call>
int guarded(Call call) {
    try {
        g_error.clear();
        call();
        return 0;
    } catch (const std::exception& e) {
        g_error = std::string("the solution threw: ") + e.what();
    } catch (...) {
        g_error = "the solution threw something that is no std::exception";
    }
    return 1;
}

CudaRenderer& as(void* renderer) { return *static_cast<CudaRenderer*>(renderer); }

}  // namespace

void racelabHarnessNoLoadScene() { g_loadSceneMissing = true; }

void loadCircleScene(SceneName sceneName, int& numCircles, float*& position, float*& velocity, float*& color,
                     float*& radius, int seed) {
    (void)sceneName;
    (void)seed;  // racelab hands over the scene it shows, made with its own seed
    numCircles = g_scene.numCircles;
    position = copyOf(g_scene.position, 3L * numCircles);
    velocity = copyOf(g_scene.velocity, 3L * numCircles);
    color = copyOf(g_scene.color, 3L * numCircles);
    radius = copyOf(g_scene.radius, numCircles);
}

void loadCircleScene(SceneName sceneName, int& numCircles, float*& position, float*& velocity, float*& color,
                     float*& radius) {
    loadCircleScene(sceneName, numCircles, position, velocity, color, radius, 0);
}

// The forms without velocity: the scene's circles stand still, so there is none to hand over. benchMode only
// chose, in the port that has it, between the benchmark's scene sizes, which racelab's scene data already
// fixes.
void loadCircleScene(SceneName sceneName, int& numCircles, float*& position, float*& color, float*& radius) {
    float* velocity = nullptr;
    loadCircleScene(sceneName, numCircles, position, velocity, color, radius, 0);
    delete[] velocity;
}

void loadCircleScene(SceneName sceneName, int& numCircles, float*& position, float*& color, float*& radius,
                     bool benchMode) {
    (void)benchMode;
    loadCircleScene(sceneName, numCircles, position, color, radius);
}

void getNoiseTables(int** permX, int** permY, float** value1D) {
    *permX = const_cast<int*>(g_permX);
    *permY = const_cast<int*>(g_permY);
    *value1D = const_cast<float*>(g_values);
}

void vec2CellNoise(float location[3], float result[2], int index) {
    if (!g_permX || !g_permY || !g_values) {
        result[0] = result[1] = 0.f;
        return;
    }
    const int ix = static_cast<int>(location[0]), iy = static_cast<int>(location[1]), iz = static_cast<int>(location[2]);
    int hash = g_permX[(static_cast<unsigned>(ix) * static_cast<unsigned>(index)) & 0xFFu];
    hash = g_permX[(hash + iy) & 0xFF];
    hash = g_permX[(hash + iz) & 0xFF];
    result[0] = g_values[hash];
    hash = g_permY[ix & 0xFF];
    hash = g_permY[(hash + iy) & 0xFF];
    hash = g_permY[(hash + iz) & 0xFF];
    result[1] = g_values[hash];
}

extern "C" {

int racelab_harness_abi() { return 1; }
const char* racelab_harness_error() { return g_error.c_str(); }

void racelab_harness_set_scene(const RacelabHarnessScene* scene) { g_scene = *scene; }
void racelab_harness_set_noise(const int* permX, const int* permY, const float* values) {
    g_permX = permX;
    g_permY = permY;
    g_values = values;
}

void* racelab_harness_create() {
    void* made = nullptr;
    guarded([&] { made = new CudaRenderer(); });
    return made;
}
void racelab_harness_destroy(void* renderer) { guarded([&] { delete &as(renderer); }); }

int racelab_harness_load_scene(void* renderer, int scene, int seed) {
    g_loadSceneMissing = false;
    const int failed = guarded([&] { loadSceneOf(as(renderer), solutionScene<SceneName>(scene), seed); });
    if (!failed && g_loadSceneMissing) {
        g_error = "CudaRenderer implements no loadScene (the course's forms: loadScene(SceneName, int seed), "
                  "loadScene(SceneName), loadScene(SceneName, bool benchMode))";
        return 1;
    }
    return failed;
}
int racelab_harness_alloc_output_image(void* renderer, int width, int height) {
    return guarded([&] { as(renderer).allocOutputImage(width, height); });
}
int racelab_harness_setup(void* renderer) { return guarded([&] { as(renderer).setup(); }); }
int racelab_harness_clear_image(void* renderer) { return guarded([&] { as(renderer).clearImage(); }); }
int racelab_harness_advance_animation(void* renderer) { return guarded([&] { advanceOf(as(renderer)); }); }
int racelab_harness_render(void* renderer) { return guarded([&] { as(renderer).render(); }); }
const float* racelab_harness_image(void* renderer, int* width, int* height) {
    const Image* image = nullptr;
    guarded([&] { image = as(renderer).getImage(); });
    if (!image) return nullptr;
    *width = image->width;
    *height = image->height;
    return image->data;
}

}  // extern "C"
