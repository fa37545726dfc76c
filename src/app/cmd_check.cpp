// racelab check: the GPU frame against the CPU reference under the scene's rule (CS149's for circles), with
// the first wrong pixels and a picture of where they are (judge/scene_check.hpp). For animated scenes the
// GPU's particle state is copied back first, so both draw the same frame. --repeat renders the frame again
// and tells a race (runs differ) from a bug (wrong the same way every run); --sanitize runs a --kernel under
// compute-sanitizer (app/kernel_sanitize.hpp). With --view the same frame is also drawn in a comparison view.
#include <algorithm>
#include <chrono>
#include <cstdio>

#include "app/commands.hpp"
#include "frame/frame_judgement.hpp"
#include "app/kernel_access_checks.hpp"
#include "app/kernel_sanitize.hpp"
#include "frame/offline_frame.hpp"
#include "frame/race_view.hpp"
#include "app/scene_setup.hpp"
#include "scenes/scene_registry.hpp"
#include "core/errors.hpp"
#include "core/gpu_timing.hpp"
#include "core/image_compare.hpp"
#include "core/image_io.hpp"

namespace racelab {
namespace {

// check --kernel where no CUDA device is: the kernel is compiled for the scene's family all the same, so a
// learner on a laptop sees its compiler errors, and the rest is said not to have run (exit 2: racelab's
// limit, not the kernel's fault) instead of refused before compiling.
int compileOnlyWithoutDevice(const SceneSelection& selection, const std::string& why) {
    const std::string scene = selection.scene.empty() ? defaultSceneName() : selection.scene;
    CompileOptions compile;
    compile.path = selection.kernel;
    compile.family = findScene(scene).family->name;
    const CompileOutcome outcome = compileWithoutDevice(compile);
    std::fputs(describeCompile(compile, outcome).c_str(), stdout);
    if (outcome.compiled || outcome.toolMissing) {
        std::printf("not checked: %s; the frame, the reference and the race checks need a CUDA device\n", why.c_str());
        return 2;
    }
    std::printf("FAIL\n");
    return 1;
}

}  // namespace

int runCheck(const CheckOptions& options) {
    SceneSelection selection = options.selection;
    if (selection.backend == "cpu") throw UsageError("check compares the GPU with the CPU: it needs --backend cuda");
    if (options.sanitize && selection.kernel.empty())
        throw UsageError("--sanitize runs a user kernel under compute-sanitizer: it needs --kernel FILE");
    if ((options.races || options.checked) && selection.kernel.empty())
        throw UsageError("--races and --checked run a user kernel instrumented: they need --kernel FILE");
    if (!options.pixel.empty()) {
        if (!options.races) throw UsageError("--pixel lists the accesses --races records: give --races too");
        selection.kernelTracedPixel = parsePixel(options.pixel, "--pixel");
    }
    if (std::string why; !selection.kernel.empty() && !cudaUsable(&why)) return compileOnlyWithoutDevice(selection, why);
    const auto asked = std::chrono::steady_clock::now();
    selection.backend = "cuda";
    // One instrumented build for everything check does: the frame it judges is the frame the findings are about.
    selection.kernelAccessChecks = accessChecksFor(options.races, options.checked);
    if (selection.kernelAccessChecks) selection.kernelTimeout = std::max(selection.kernelTimeout, kInstrumentedFrameSeconds);
    PreparedScene prepared = prepareScene(selection, "1024x1024");
    const RaceView view = parseRaceView(options.comparison.view);
    if (view != RaceView::Plain) requireWritable(options.viewOut);
    if (options.repeat >= 2) requireWritable(options.heat);
    Scene& scene = *prepared.scene;
    CudaStream stream;
    const auto& variant = scene.variants()[static_cast<std::size_t>(prepared.variant)];
    // A racy variant without --repeat is still drawn twice: a race shows as pixels that change between them.
    const int runs = options.repeat >= 2 ? options.repeat : (variant.correct ? 1 : 2);
    // The findings as soon as the instrumented frame is in: they are about the run the verdict below judges.
    bool accessesClean = true;
    const auto reportFindings = [&] {
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - asked).count();
        accessesClean = reportAccessFindings(*prepared.kernel, seconds, selection.kernelTracedPixel);
        std::fflush(stdout);
    };
    const FrameJudgement judged = judgeFrame(scene, prepared.variant, prepared.size, runs, stream.get(), options.firstWrong, nullptr,
                                             selection.kernelAccessChecks ? std::function<void()>(reportFindings) : nullptr);
    const judge::SceneCheckReport& report = judged.check;
    bool pass = report.pass;
    std::printf("%s %dx%d frame %ld, variant %s\n", scene.name().c_str(), report.width, report.height,
                options.selection.frame, variant.name.c_str());
    std::fputs(judge::formatSceneCheck(report, scene.name()).c_str(), stdout);
    if (options.repeat >= 2) {
        std::fputs(judge::formatRepeatReport(*judged.repeat, scene.name()).c_str(), stdout);
        writePng(judged.repeat->heat, options.heat);
        std::printf("heat image: %s\n", options.heat.c_str());
        pass = judged.pass();
    } else if (!variant.correct) {
        const ImageComparison unstable = compareImages(judged.runs[1], judged.runs[0], 0.f);
        std::printf("races found: %ld pixels wrong against the reference; %ld pixels changed between two renders of "
                    "the same frame (--repeat N tells a race from a bug)\n",
                    report.wrongPixels, unstable.differingPixels);
    }
    if (view != RaceView::Plain) {
        // The view of this frame: good beside the racy variant (heat: that many renders of this one frame).
        FrameControls controls = comparisonControls(options.comparison, prepared.variant);
        controls.paused = true;
        const int renders = view == RaceView::Heat ? controls.heatFrames : 1;
        OfflineView view = renderOfflineView(scene, controls, prepared.size, renders, stream.get());
        writePng(view.image, options.viewOut);
        std::printf("view %s: %s (image: %s)\n", options.comparison.view.c_str(), describeRace(scene, view.race).c_str(),
                    options.viewOut.c_str());
    }
    if (!report.pass) {
        writePng(report.diff, options.diff);
        std::printf("diff image: %s (wrong pixels in red)\n", options.diff.c_str());
    }
    pass = accessesClean && pass;
    if (options.sanitize) {
        // Its own runs, each with the kernel's worker under one tool: this process's kernels stay unsanitized.
        prepared = PreparedScene{};
        std::fflush(stdout);
        pass = sanitizeKernel(selection) && pass;
    }
    std::printf("%s\n", pass ? "PASS" : "FAIL");
    return pass ? 0 : 1;
}

}  // namespace racelab
