#include "app/kernel_check_here.hpp"

#include <vector>

#include "app/offline_frame.hpp"
#include "core/gpu_timing.hpp"
#include "judge/repeat_report.hpp"
#include "judge/scene_check.hpp"

namespace racelab {

KernelCheckResult checkKernelHere(Scene& scene, int kernelVariant, Size2 size, int runs) {
    CudaStream stream;
    std::vector<HostImage> images;
    for (int i = 0; i < std::max(runs, 2); ++i) images.push_back(renderOffline(scene, kernelVariant, size, stream.get()));
    scene.syncStateToHost(stream.get());
    stream.synchronize();
    HostImage reference(size.width, size.height);
    scene.renderReference(reference, true);
    const CheckRule rule = scene.checkRule();
    const judge::SceneCheckReport check = judge::checkScene(reference, images[0], rule, 3, scene.referenceAmbiguity());
    const judge::RepeatReport repeat = judge::repeatReport(images, reference, rule, scene.referenceAmbiguity());
    KernelCheckResult result;
    result.text = judge::formatSceneCheck(check, scene.name()) + judge::formatRepeatReport(repeat, scene.name());
    result.wrong = !check.pass;
    result.race = repeat.verdict == judge::RepeatVerdict::Nondeterministic;
    result.pass = check.pass && repeat.verdict == judge::RepeatVerdict::Correct;
    return result;
}

}  // namespace racelab
