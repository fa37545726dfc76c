// A small harness shaped like the course's benchmark, for measuring racelab's own cost on a whole-file solution
// (docs/BENCHMARKS.md): the solution built exactly as racelab builds it (the same nvcc flags, the same
// library), driven in this one process with no worker, no hand-over and no window: load the scene, allocate the
// image, set up; then per frame clearImage, advanceAnimation and render, each timed by the wall clock up to a
// device synchronize, as the course's benchmark times them. Prints the medians over the timed frames.
//   racelab_course_harness SOLUTION SCENE [SIZE] [FRAMES] [WARMUP]
//   e.g. racelab_course_harness tests/data/whole_file/tiled_thrust circles/rand10k 1024 200 20
#include <cuda_runtime.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

#include "core/errors.hpp"
#include "core/gpu_timing.hpp"
#include "core/stats.hpp"
#include "core/temporary_path.hpp"
#include "scenes/scene_registry.hpp"
#include "userkernel/build/kernel_cache.hpp"
#include "core/temporary_path.hpp"
#include "userkernel/build/whole_file_build.hpp"
#include "userkernel/worker/whole_file_solution.hpp"

using namespace racelab;
using namespace racelab::userkernel;

namespace {

double timedMs(const std::function<void()>& call) {
    const auto start = std::chrono::steady_clock::now();
    call();
    const cudaError_t done = cudaDeviceSynchronize();
    if (done != cudaSuccess) throw Error(std::string("the solution faulted: ") + cudaGetErrorString(done));
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 3) {
        std::fprintf(stderr, "usage: %s SOLUTION SCENE [SIZE] [FRAMES] [WARMUP]\n", argv[0]);
        return 2;
    }
    try {
        const std::string scene = argv[2];
        const int size = argc > 3 ? std::atoi(argv[3]) : 1024;
        const int frames = argc > 4 ? std::atoi(argv[4]) : 200;
        const int warmup = argc > 5 ? std::atoi(argv[5]) : 20;
        const WholeFileHarness& harness = *findScene(scene).family->kernelContract->wholeFile;
        const std::optional<std::string> file = wholeFileSolution(argv[1], harness);
        if (!file) throw UsageError(std::string(argv[1]) + " holds no whole-file solution");
        const KernelBuild build = buildWholeFile({*file, cudaDeviceArchitecture()}, harness, KernelCache(KernelCache::defaultFolder()));
        if (!build.ok) throw Error(build.messages());
        const TemporaryFile library(build.cubin);
        WholeFileSolution solution(library.path(), *file);
        const std::string preset = scene.substr(scene.find('/') + 1);
        solution.startScene(harness, WholeFileScene{preset, 0, 0, 0, 1}, size, size);
        std::vector<double> clear, advance, render, total;
        for (int frame = 0; frame < warmup + frames; ++frame) {
            const double c = timedMs([&] { solution.clearImage(); });
            const double a = timedMs([&] { solution.advanceAnimation(); });
            const double r = timedMs([&] { solution.render(); });
            if (frame < warmup) continue;
            clear.push_back(c), advance.push_back(a), render.push_back(r), total.push_back(c + a + r);
        }
        std::printf("course-shaped harness: %s on %s at %dx%d, %d frames after %d warm-up, wall clock up to a device "
                    "synchronize (ms)\n",
                    argv[1], scene.c_str(), size, size, frames, warmup);
        const auto line = [](const char* name, const std::vector<double>& ms) {
            const Summary s = summarize(ms);
            std::printf("  %-18s median %.4f  p95 %.4f  min %.4f\n", name, s.p50, s.p95, s.min);
        };
        line("clearImage", clear);
        line("advanceAnimation", advance);
        line("render", render);
        line("total", total);
        return 0;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "racelab_course_harness: %s\n", e.what());
        return 1;
    }
}
