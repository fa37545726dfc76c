// The viewer panel's "your kernel" section: the kernel file's path (a field and a load button), its state
// (compiling, running, the compile error or the fault with the kernel's last output, in red until the next
// good save), the compile time and the last frame's time in the worker and for the hand-over; a check button
// and the last check's report; "find the race" and its findings (ui/race_finder_view.hpp).
#pragma once
#include <string>

#include "ui/race_finder_view.hpp"

namespace racelab {

namespace userkernel {
class UserKernel;
}

struct KernelPanelState {
    char path[1024] = {};                          // edited in the field
    const userkernel::UserKernel* kernel = nullptr;  // shown (nullptr: none loaded)
    std::string sceneFamily;                        // the shown scene's family
    bool familyTakesKernel = false;
    std::string checkReport;  // the last check's report ("" before the first)
    bool checkPassed = false;
    std::string raceFindings;  // view --races: the racing lines last printed (printed again when they change)
    RaceFinderView races;      // find the race
};

struct KernelPanelActions {
    bool load = false;       // load the file in `path` as the scene's kernel
    bool recompile = false;  // compile the loaded file again now
    bool check = false;      // check the kernel on the current scene (frame/frame_judgement.hpp)
    RaceFinderActions races;
};

KernelPanelActions drawKernelPanel(KernelPanelState& state);

}  // namespace racelab
