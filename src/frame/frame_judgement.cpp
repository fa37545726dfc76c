#include "frame/frame_judgement.hpp"

#include <algorithm>

#include "frame/offline_frame.hpp"

namespace racelab {

FrameJudgement judgeFrame(Scene& scene, int variant, Size2 size, int runs, cudaStream_t stream, int firstWrong,
                          const HostImage* reference, const std::function<void()>& afterFirstRun) {
    FrameJudgement j;
    for (int i = 0; i < std::max(runs, 1); ++i) {
        j.runs.push_back(renderOffline(scene, variant, size, stream));
        if (i == 0 && afterFirstRun) afterFirstRun();
    }
    HostImage drawn;
    if (!reference) {
        scene.syncStateToHost(stream);  // waits for the copy: the reference reads it next
        drawn = HostImage(size.width, size.height);
        scene.renderReference(drawn, true);
        reference = &drawn;
    }
    const CheckRule rule = scene.checkRule();
    j.check = judge::checkScene(*reference, j.runs[0], rule, firstWrong, scene.referenceAmbiguity());
    if (j.runs.size() >= 2) j.repeat = judge::repeatReport(j.runs, *reference, rule, scene.referenceAmbiguity());
    return j;
}

KernelCheckResult checkKernelHere(Scene& scene, int kernelVariant, Size2 size, int runs) {
    CudaStream stream;
    const FrameJudgement j = judgeFrame(scene, kernelVariant, size, std::max(runs, 2), stream.get(), 3);
    KernelCheckResult result;
    result.text = judge::formatSceneCheck(j.check, scene.name()) + judge::formatRepeatReport(*j.repeat, scene.name());
    result.wrong = !j.check.pass;
    result.race = j.repeat->verdict == judge::RepeatVerdict::Nondeterministic;
    result.pass = j.pass();
    return result;
}

}  // namespace racelab
