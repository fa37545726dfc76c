// view --soak SECONDS: drives the real viewer the way a long class would -- every scene and variant in
// turn, window resizes, minimize and restore, recording on and off -- and reports what could leak or
// break: GL errors, refused scene switches, and resident and GPU memory at the start, after the first
// full cycle (when every scene has been built once), and at the end.
#pragma once
#include <cstdio>
#include <string>
#include <vector>

#include "core/stopwatch.hpp"

namespace racelab {

struct SoakStep {
    bool finished = false;
    bool nextScene = false, nextVariant = false, toggleRecording = false, minimize = false, restore = false;
    int resizeWidth = 0, resizeHeight = 0;  // 0: keep
};

class SoakDriver {
public:
    SoakDriver(double seconds, int sceneCount);
    SoakStep step();  // once per frame
    void countFrame() { ++frames_; }
    void countGlError(unsigned error);
    void countRefusal(const std::string& why);
    void countSceneShown() { ++scenesShown_; }
    void printMemory(const char* when);
    // The final report; the exit code: 0 when nothing went wrong that should not.
    int finish();

private:
    double seconds_;
    int sceneCount_;
    Stopwatch clock_;
    double nextScene_ = 1.5, nextVariant_ = .5, nextResize_ = 3, nextMinimize_ = 7, nextRecording_ = 5, nextReport_ = 60;
    double restoreAt_ = -1;  // when the minimized window comes back; < 0 while it is not minimized
    int resizeIndex_ = 0;
    long frames_ = 0, glErrors_ = 0, refusals_ = 0, scenesShown_ = 0, switches_ = 0, resizes_ = 0, minimizes_ = 0,
         recordings_ = 0;
    bool cycled_ = false;
    double startRss_ = 0, startGpu_ = 0, cycledRss_ = 0, cycledGpu_ = 0;
};

}  // namespace racelab
