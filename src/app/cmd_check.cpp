// racelab check: the GPU frame against the CPU reference under the scene's rule (CS149's for circles).
// For animated scenes the GPU's particle state is copied back first, so both draw the same frame. With
// --view the same frame is also drawn in a comparison view (good beside the racy variant) and measured.
#include <cstdio>

#include "app/commands.hpp"
#include "app/offline_frame.hpp"
#include "app/scene_setup.hpp"
#include "core/errors.hpp"
#include "core/gpu_timing.hpp"
#include "core/image_compare.hpp"
#include "core/image_io.hpp"

namespace racelab {

int runCheck(const CheckOptions& options) {
    SceneSelection selection = options.selection;
    if (selection.backend == "cpu") throw UsageError("check compares the GPU with the CPU: it needs --backend cuda");
    selection.backend = "cuda";
    PreparedScene prepared = prepareScene(selection, "1024x1024");
    const RaceView view = parseRaceView(options.comparison.view);
    if (view != RaceView::Plain) requireWritable(options.viewOut);
    Scene& scene = *prepared.scene;
    CudaStream stream;
    HostImage gpu = renderOffline(scene, prepared.variant, prepared.size, stream.get());
    scene.syncStateToHost(stream.get());
    HostImage cpu(prepared.size.width, prepared.size.height);
    scene.renderReference(cpu, true);

    const CheckRule rule = scene.checkRule();
    HostImage diff;
    ImageComparison result = compareImages(gpu, cpu, rule.channelTolerance, &diff, scene.referenceAmbiguity());
    const bool pass = result.differingPixels <= rule.maxDifferingPixels;
    const auto& variant = scene.variants()[static_cast<std::size_t>(prepared.variant)];
    std::printf("%s %dx%d frame %ld, variant %s: %ld of %ld pixels differ (largest channel difference %d/255)\n",
                scene.name().c_str(), gpu.width, gpu.height, options.selection.frame, variant.name.c_str(),
                result.differingPixels, result.totalPixels, result.maxChannelDifference);
    std::printf("rule: %s\n", rule.description.c_str());
    if (scene.referenceAmbiguity())
        std::printf("counted apart: %ld differing pixels whose rays graze a triangle edge\n", result.differingIgnored);
    if (!variant.correct) {
        // A race shows twice: wrong pixels, and pixels that change between two renders of the same frame.
        HostImage again = renderOffline(scene, prepared.variant, prepared.size, stream.get());
        ImageComparison unstable = compareImages(again, gpu, 0.f);
        std::printf("races found: %ld pixels wrong against the reference; %ld pixels changed between two renders of "
                    "the same frame\n", result.differingPixels, unstable.differingPixels);
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
    if (!pass) {
        writePng(diff, options.diff);
        std::printf("FAIL (diff image: %s, differing pixels in red)\n", options.diff.c_str());
        return 1;
    }
    std::printf("PASS\n");
    return 0;
}

}  // namespace racelab
