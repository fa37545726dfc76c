// The subcommands. Each takes its parsed options and returns the process exit code.
#pragma once
#include <string>
#include <vector>

#include "app/scene_selection.hpp"
#include "frame/comparison_options.hpp"

namespace racelab {

struct ViewOptions {
    SceneSelection selection;
    ComparisonOptions comparison;
    std::string present = "auto";
    std::string record;
    std::string screenshot;
    std::string video;         // record a video from the first frame (.mp4, .webm, .gif: video/video_format.hpp)
    double videoFps = 0;       // 0: the frames' own times; F: each drawn frame is 1/F s of video
    bool videoPanel = false;   // the whole window rather than the scene's area
    std::string videoQueue = "auto";  // drop | wait | auto (wait with --frames, drop otherwise)
    std::vector<std::string> presses;  // FRAME:KEY, keys pressed by the script (app/viewer/viewer_keys.hpp)
    std::string inspect;               // X,Y: the pixel inspector's pixel once find the race (F) has findings
    long frames = 0;  // 0: until the window closes
    bool vsync = true;
    int inFlight = 2;         // frames queued before the loop waits (frame/frame_loop.hpp); 1: one at a time
    bool stepTiming = false;  // start with per-step timing on (the panel's "where the time goes" open)
    bool simulateInteropFailure = false;
    double soakSeconds = 0;  // > 0: drive the viewer through every scene for this long (app/soak_driver.hpp)
};

// racelab serve: view's frame loop without a window, shown in a browser (app/serve/, src/web/).
struct ServeOptions {
    SceneSelection selection;
    ComparisonOptions comparison;
    std::string present = "auto";
    std::string bind = "127.0.0.1";   // only this machine, unless asked (docs/REMOTE.md)
    int port = 8149;                  // 0: any free port
    std::string maxSize = "1920x1080";  // the largest frame a browser window may ask for
    double fps = 60;                  // the loop's cap (0: as fast as it renders)
    int jpegQuality = 80;
    std::string video = "h264";       // h264: the stream to browsers that decode it (JPEG to the rest); off
    double maxMbps = 8;               // the H.264 stream's peak rate
    long frames = 0;                  // stop after N frames (0: until interrupted)
    bool paused = false;              // start paused on --frame
};

struct BenchOptions {
    SceneSelection selection;
    std::string present = "interop";
    long frames = 200;
    long warmup = 20;
    bool cpu = false;
    bool graph = true;  // measured frames as CUDA graphs where the scene allows (core/frame_graph.hpp)
    int inFlight = 2;   // the throughput pass's frames in flight (app/bench_throughput.hpp); 1: no such pass
    bool suite = false;
    std::vector<std::string> filters;  // --suite: fnmatch globs of the presets to run (empty: all)
    bool simulateInteropFailure = false;
    std::string csv, json;
    bool races = false, checked = false;  // time the --kernel's instrumented build (check --races, --checked)
};

struct RenderOptions {
    SceneSelection selection;
    ComparisonOptions comparison;
    std::string out;
};

struct CheckOptions {
    SceneSelection selection;
    ComparisonOptions comparison;
    std::string viewOut = "racelab-check-view.png";  // with --view: the comparison view's image
    std::string diff = "racelab-check-diff.png";
    int firstWrong = 5;   // wrong pixels listed with their values
    int repeat = 0;       // >= 2: render the frame that many times and report nondeterminism (judge/repeat_report.hpp)
    std::string heat = "racelab-check-heat.png";  // with --repeat: where the heat image of the runs goes
    bool sanitize = false;  // run the --kernel under compute-sanitizer (memcheck, racecheck) and name its lines
    bool races = false;     // an instrumented build of the --kernel: the racing lines (app/kernel_access_checks.hpp)
    bool checked = false;   // the same build skips (and reports) every access outside the kernel's buffers
    std::string pixel;      // with --races, "X,Y": every access to that pixel listed in order (the pixel inspector)
};

// racelab grade: submissions (a .cu file or a folder of them) on every scene of a family, or shards merged.
struct GradeOptions {
    std::string path;                  // a .cu file or a folder (judge/grade_shards.hpp)
    std::string family = "circles";
    std::vector<std::string> scenes;   // empty or {"course"}: the family's course set; {"all"}; or NAME[@FRAME]s
    std::string size = "1024x1024";    // the course's
    std::string reference = "course";  // "course" (the family's course-level reference; good where it has none),
                                       // "good", or the teacher's solution (a kernel file or a whole-file solution)
    int repeat = 3;                    // renders compared per scene (nondeterminism); 1: no repeat
    // The measure (judge::TimingMeasure): the least of `runs` runs' means of `frames` frames, after `warmup`.
    int runs = 3;
    long frames = 4, warmup = 2;
    double budget = 60;                // seconds a submission's scenes may take in all; 0: none
    double timeout = 5.0;              // a frame's time limit in the worker
    bool noSandbox = false;            // whole-file submissions run even without bubblewrap
    bool checked = false;              // every submission's instrumented build: no stray access reaches the GPU
    std::string rule;                  // judge/score_rule.hpp; "" is CS149's
    std::string shard = "0/1";
    std::vector<std::string> merge;    // shard JSON files to join instead of grading
    std::string json, csv, html;
};


// racelab frames: an animated scene's frames as PNG files and/or videos.
struct FrameExportOptions {
    SceneSelection selection;
    long frames = 600;
    long every = 1;  // write every n-th frame
    double fps = 30;  // of the videos
    std::string outDir, gif, mp4, video;
    bool ppm = false;  // --out-dir's frames as PPM (P6), the course's own format, instead of PNG
};

// racelab compile: a user kernel compiled for a GPU architecture, no GPU needed (app/cmd_compile.cpp).
struct CompileOptions {
    std::string path;
    std::string family;        // "": any (the family whose header the file includes is named)
    std::string architecture;  // "": the lowest the build carries SASS for
    bool races = false;        // the instrumented build that check --races runs, built and described
};
struct CompileOutcome {
    bool compiled = false;
    bool toolMissing = false;  // NVRTC or racelab's kernel headers missing: racelab's limit, not the kernel's
    bool fromCache = false;
    double compileMs = 0;
    std::string architecture, family;
    std::string builtAs;   // what it was built as, after "compiles for sm_XX": e.g. " (the circles family's contract)"
    std::string messages;  // FILE:LINE:COL: error: ... blocks, or why it could not compile
    std::string instrumented;  // --races: what the instrumented build checks and leaves plain ("" otherwise)
};
void checkCompileOptions(const CompileOptions& options);
CompileOutcome compileWithoutDevice(const CompileOptions& options);
// The messages and one closing line: "FILE: compiles for sm_75 (the circles family's contract)".
std::string describeCompile(const CompileOptions& options, const CompileOutcome& outcome);

// racelab new-kernel: writes a family's starter kernel.
struct NewKernelOptions {
    std::string family, file;
    bool force = false;
};


// What view and frames refuse about their video and script options before any work (also --dry-parse).
void checkViewScriptOptions(const ViewOptions& options);
void checkServeOptions(const ServeOptions& options);
void checkFrameExportVideoOptions(const FrameExportOptions& options);

int runView(const ViewOptions& options);
int runServe(const ServeOptions& options);
int runNewKernel(const NewKernelOptions& options);
int runCompile(const CompileOptions& options);
int runFrameExport(const FrameExportOptions& options);
int runBench(const BenchOptions& options);
int runRender(const RenderOptions& options);
int runCheck(const CheckOptions& options);
int runGrade(const GradeOptions& options);
int runList(bool withParameters);

}  // namespace racelab
