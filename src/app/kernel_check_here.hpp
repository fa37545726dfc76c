// The viewer's "check" button: the user's kernel on the scene as it stands (its current frame and size),
// checked as `racelab check --kernel FILE --repeat N` does: against the CPU reference by the scene's rule, and
// N renders compared to tell a race from a bug (judge/scene_check.hpp, judge/repeat_report.hpp).
#pragma once
#include <string>

#include "core/size_parse.hpp"
#include "scenes/scene.hpp"

namespace racelab {

struct KernelCheckResult {
    std::string text;        // the check's and the repeat's reports, as the terminal prints them
    bool pass = false;       // right by the rule and the same in every run
    bool race = false;       // runs differed
    bool wrong = false;      // wrong against the reference (in the first run)
};

KernelCheckResult checkKernelHere(Scene& scene, int kernelVariant, Size2 size, int runs = 4);

}  // namespace racelab
