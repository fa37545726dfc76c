// What a user kernel's form means to those who show, measure or grade it (app/, ui/, the bench notes): a
// launch list (kernels racelab compiles with NVRTC and launches itself) or a whole-file solution (a course's
// whole program, host code and all, built with nvcc). Each form answers these questions once, in its runner
// (launch_list_runner.cpp, whole_file_runner.cpp), so that no caller asks which form it is.
#pragma once

namespace racelab::userkernel {

struct KernelForm {
    const char* compiler;           // what builds it: "NVRTC", "nvcc"
    const char* compiledWhere;      // bench's note: the compiler and where it runs
    const char* benchName;          // what bench calls it: "user kernel", "whole-file solution"
    const char* benchGpuSide;       // what the GPU side of bench's ratio times
    const char* workerMeasure;      // after "in its worker" in bench's times: how the worker's time is taken
    const char* handoffMeasure;     // what bench's hand-over time holds
    bool stepsAreCalls = false;     // its steps are the course's calls (clearImage, advanceAnimation, render)
    bool runsHostCode = false;      // its own host code runs in the worker, in racelab's sandbox where there is one
    bool animatesInWorker = false;  // a timed frame moves its own animation on (racelab's steps are replayed to it)
    bool accessChecksCover = false; // racelab's access checks (--races, find the race, the inspector) instrument it
    // --checked (every access bounds-checked, a stray one skipped) covers it: a whole file's own buffers and
    // module variables are not all racelab's to know, so there its instrumented build looks for races only.
    bool checkedModeCovers = false;
    bool reportsImageTime = false;  // its worker times getImage and the image's copy (UserKernelStatus::imageMs)
    bool recordedAsWholeFile = false;  // bench's record: "whole_file"
};

}  // namespace racelab::userkernel
