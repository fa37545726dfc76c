// The options every scene command shares: which scene, variant, size, backend and kernel. The command line
// fills them (app/command_line.cpp); app/scene_setup.hpp turns them into a scene on a backend, so the frame
// engine below never sees a command-line option.
#pragma once
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace racelab {

struct SceneSelection {
    std::string scene;  // set to the default scene (scenes/scene_registry.hpp) when the options are defined
    std::string variant = "good";
    std::string size;
    std::string backend = "auto";  // auto | cuda | cpu
    unsigned seed = 0;
    int count = 0;
    std::vector<std::string> params;  // NAME=VALUE for the scene's parameters, e.g. shading=depth
    std::map<std::string, std::string> inputs;  // the options families add (--image ...), by name
    long frame = 0;                   // animation frame to start at, numbered as CS149's (frame 0: first picture)
    std::string kernel;               // a user kernel file: one more variant of the scene (src/userkernel/)
    double kernelTimeout = 2.0;       // the watchdog: seconds a user kernel's frame may take
    bool noSandbox = false;           // a whole-file solution runs without bubblewrap (userkernel/sandbox.hpp)
    bool variantGiven = false;        // --variant was given (else a --kernel is the variant shown)
    // Not an option: a program that starts the kernel's worker (check --sanitize: compute-sanitizer).
    std::vector<std::string> kernelLauncher;
    std::string kernelLauncherFolder;  // where that launcher writes (its report): writable in a sandbox
    // Not an option: an instrumented build of the kernel (check --races, --checked: racelab/access_check.cuh).
    unsigned kernelAccessChecks = 0;
    std::optional<std::pair<int, int>> kernelTracedPixel;  // and check --pixel: the pixel whose accesses are listed
};

}  // namespace racelab
