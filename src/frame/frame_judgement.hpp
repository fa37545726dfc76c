// One frame of a variant judged as `racelab check` judges it, shared by check, the viewer's check button
// (and K), grade and the tests: `runs` renders of the frame as the scene stands, the CPU reference of the same
// state, the check of the first run against it by the scene's rule, and with two runs or more the
// nondeterminism report over all of them (judge/scene_check.hpp, judge/repeat_report.hpp).
#pragma once
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/gpu_timing.hpp"
#include "core/host_image.hpp"
#include "core/size_parse.hpp"
#include "judge/repeat_report.hpp"
#include "judge/scene_check.hpp"
#include "scenes/scene.hpp"

namespace racelab {

struct FrameJudgement {
    std::vector<HostImage> runs;
    judge::SceneCheckReport check;
    std::optional<judge::RepeatReport> repeat;  // with two runs or more
    bool pass() const { return check.pass && (!repeat || repeat->verdict == judge::RepeatVerdict::Correct); }
};

// `reference`: the frame's CPU reference when the caller already has it (grade draws each scene's once);
// otherwise it is drawn here, after the runs, from the state the GPU drew (animated scenes copy it back).
// `afterFirstRun`: called once the first run is drawn, before the others and the reference (check --races
// reports that run's findings at once: the verdict is about the same run).
FrameJudgement judgeFrame(Scene& scene, int variant, Size2 size, int runs, cudaStream_t stream,
                          int firstWrong = judge::kDefaultFirstWrongPixels, const HostImage* reference = nullptr,
                          const std::function<void()>& afterFirstRun = {});

// The viewer's check: four runs on the frame on screen, the reports as the terminal prints them.
struct KernelCheckResult {
    std::string text;
    bool pass = false;   // right by the rule and the same in every run
    bool race = false;   // runs differed
    bool wrong = false;  // wrong against the reference (in the first run)
};
KernelCheckResult checkKernelHere(Scene& scene, int kernelVariant, Size2 size, int runs = 4);

}  // namespace racelab
