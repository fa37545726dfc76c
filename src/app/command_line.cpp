#include "app/command_line.hpp"

#include "userkernel/racecheck/device/racelab/access_check_layout.cuh"  // --races, --checked

#include <cstdio>
#include <string>
#include <vector>

#include "frame/race_view.hpp"
#include "core/errors.hpp"
#include "core/provenance.hpp"
#include "scenes/scene_registry.hpp"
#include "userkernel/build/compile_worker.hpp"
#include "userkernel/worker/worker_main.hpp"
#include "userkernel/worker/worker_process.hpp"

namespace racelab {
namespace {

void addSceneOptions(CLI::App& command, SceneSelection& s, const char* defaultSize) {
    if (s.scene.empty()) s.scene = defaultSceneName();
    command.add_option("--scene", s.scene, "scene name, see `racelab list`")->capture_default_str();
    command.add_option("--variant", s.variant, "the scene's variant: good, or a racy one (see `racelab list`), or the "
                                               "name of the --kernel file (its variant; the default with --kernel)")
        ->capture_default_str()
        ->each([&s](const std::string&) { s.variantGiven = true; });
    command.add_option("--kernel", s.kernel,
                       "your CUDA kernel file for the scene's family (`racelab new-kernel` writes a starter; "
                       "docs/YOUR_KERNEL.md): compiled with NVRTC, run in a worker process as one more variant, "
                       "named after the file; the viewer recompiles it on every save. Or a course's whole "
                       "cudaRenderer.cu (or its folder): built with nvcc, run in a sandboxed worker")
        ->check(CLI::ExistingPath);
    command.add_flag("--no-sandbox", s.noSandbox,
                     "run a whole-file solution's host code without racelab's sandbox (bubblewrap); its own limits "
                     "still hold (docs/HARDENING.md). Without bubblewrap it runs unsandboxed anyway, and says so");
    command.add_option("--kernel-timeout", s.kernelTimeout,
                       "seconds a user kernel's frame may take before its worker is stopped (the watchdog)")
        ->capture_default_str()
        ->check(CLI::Range(0.05, 3600.0));
    command.add_option("--size", s.size, std::string("frame size WxH (default ") + defaultSize + ")");
    command.add_option("--backend", s.backend, "cuda | cpu | auto (cuda when a CUDA device is usable)")->capture_default_str();
    command.add_option("--seed", s.seed, "seed for glibc srand() in scene generation")->capture_default_str();
    command.add_option("--count", s.count, "the size of a preset that takes one: " + countHelp() + " (0: the preset's)");
    // The options the workload families add (scenes/workload.hpp), each delivered by name.
    for (const ExtraOption& extra : extraSceneOptions()) command.add_option("--" + extra.name, s.inputs[extra.name], extra.help);
    command.add_option("--frame", s.frame,
                       "animation frame, numbered as CS149 does: frame 0 is the first picture (the loaded scene after "
                       "one 1/60 s step), frame N comes N steps later")
        ->capture_default_str()
        ->check(CLI::Range(0L, 1'000'000L));
    command.add_option("--param", s.params, "set a scene parameter, NAME=VALUE (repeatable), e.g. shading=depth, "
                                            "blend=seed, alpha=0.3; `racelab list --params` shows every scene's");
}

// Whether --present offers `none`: bench can time the kernels alone, on plain device memory with no GL at all;
// the viewer always shows its frames.
enum class PresentNone { Refused, Offered };

// --present, one list and one help text for every command that presents frames: the presenters of
// present/presenter.hpp (presentModeNamed), then `none` where offered.
void addPresentOption(CLI::App& command, std::string& present, PresentNone none) {
    std::vector<std::string> choices{"auto", "interop", "interop-texture", "interop-pbo", "staging"};
    std::string help =
        "auto (interop, else staging) | interop (the faster interop form) | interop-texture | interop-pbo | staging";
    if (none == PresentNone::Offered) {
        choices.push_back("none");
        help += " | none (kernels only, plain device memory)";
    }
    command.add_option("--present", present, help)->capture_default_str()->check(CLI::IsMember(choices));
}

void addComparisonOptions(CLI::App& command, ComparisonOptions& c) {
    command.add_option("--view", c.view,
                       "how the racy variant is shown beside the good one: plain (the variant alone), side (good | racy), "
                       "wipe (good left of a divider), diff (differing pixels magenta), heat (how often each pixel "
                       "differed over the last --heat-frames frames); with --variant good the first racy variant is compared")
        ->capture_default_str()
        ->check(CLI::IsMember({"plain", "side", "wipe", "diff", "heat"}));
    command.add_option("--wipe", c.wipe, "wipe view: the divider's position, 0..1 of the width")
        ->capture_default_str()
        ->check(CLI::Range(0.f, 1.f));
    command.add_option("--heat-frames", c.heatFrames,
                       "heat view: frames counted (render and view: the frames ending at --frame; check: that many "
                       "renders of --frame, the frame it checks)")
        ->capture_default_str()
        ->check(CLI::Range(1, kMaxHeatFrames));
}

}  // namespace

CommandLine::CommandLine() {
    app.description("racelab: CUDA kernels render every frame, which OpenGL shows without a trip through the host where "
                    "CUDA-GL interop works; each workload has "
                    "a correct (good) and a racy (bad) variant and a CPU reference.");
    app.require_subcommand(1);
    app.set_help_all_flag("--help-all", "help for every subcommand");
    // Which build this is, so that a log or a folder of results can name the commit it measured.
    app.set_version_flag("--version", [] {
        const Provenance p = currentProvenance();
        return "racelab " + p.racelabVersion + ", commit " + p.gitCommit.substr(0, 12) +
               (p.gitDirty == "true" ? " (dirty tree)" : p.gitDirty == "false" ? " (clean tree)" : "") + ", " +
               p.buildType + ", " + p.gpuCode;
    }, "print the version, the commit it was built from and the GPU code it runs, then exit");
    // Hidden (no group): the docs test runs every command quoted in README.md and docs/ with it.
    app.add_flag("--dry-parse", dryParse, "parse and check the options, then exit 0 without running")->group("");

    viewCommand = app.add_subcommand("view", "open the viewer window (headless render when there is no display)");
    addSceneOptions(*viewCommand, view.selection, "1280x720");
    addPresentOption(*viewCommand, view.present, PresentNone::Refused);
    addComparisonOptions(*viewCommand, view.comparison);
    viewCommand->add_option("--record", view.record, "record per-frame timings to this CSV (JSON summary beside it)");
    viewCommand->add_flag_callback(
        "--checked", [this] { view.selection.kernelAccessChecks |= RACELAB_ACCESS_CHECKED; },
        "run the --kernel instrumented so that no access outside its buffers reaches the GPU: a frame with one fails "
        "with the access's line, and the worker goes on");
    viewCommand->add_flag_callback(
        "--races", [this] { view.selection.kernelAccessChecks |= RACELAB_ACCESS_RACES; },
        "run the --kernel instrumented and print the pairs of lines that race whenever they change (check --races "
        "prints one frame's)");
    viewCommand->add_option("--inspect", view.inspect,
                            "X,Y (PNG coordinates): once find the race (F, e.g. --press 2:F) has its findings, open the pixel "
                            "inspector on that pixel, as a click on it does");
    viewCommand->add_option("--frames", view.frames, "quit after N frames (0: run until closed)");
    viewCommand->add_option("--screenshot", view.screenshot, "save the last frame (window with UI) as PNG");
    viewCommand->add_option("--video", view.video,
                            "record a video from the first frame: the scene's area as shown, any view (.mp4 H.264, "
                            ".webm VP9 or .gif, by the extension); C or the panel's button stops and starts it");
    viewCommand->add_option("--video-fps", view.videoFps,
                            "0: each video frame at the time it was drawn (the window's own rate); F: every drawn "
                            "frame is one video frame of 1/F s, smooth even when the window is slow (GIF: at most 50)")
        ->capture_default_str()
        ->check(CLI::Range(0.0, 240.0));
    viewCommand->add_flag("--video-panel", view.videoPanel, "record the whole window, the panel included");
    viewCommand->add_option("--video-queue", view.videoQueue,
                            "when the encoder falls behind: drop (frames are dropped and counted; the window never "
                            "waits), wait (every frame is recorded), auto (wait with --frames, drop otherwise)")
        ->capture_default_str()
        ->check(CLI::IsMember({"auto", "drop", "wait"}));
    viewCommand->add_option("--press", view.presses,
                            "FRAME:KEY presses a viewer key before frame FRAME (0: the first) is drawn, e.g. 60:B "
                            "(repeatable): a scripted run that switches variant, view or recording");
    viewCommand->add_flag("!--no-vsync", view.vsync, "start with vsync off");
    viewCommand->add_option("--in-flight", view.inFlight,
                            "frames queued before the loop waits for the oldest (1: one at a time, every stage "
                            "waited for, as bench's latency table)")
        ->capture_default_str()
        ->check(CLI::Range(1, 8));
    viewCommand->add_flag("--step-timing", view.stepTiming,
                          "start with per-step timing on: the panel splits the frame by stage and the kernel stage by "
                          "named GPU step (CUDA events around each; cuda backend)");
    viewCommand->add_option("--soak", view.soakSeconds,
                            "soak test: cycle every scene and variant, resize, minimize and record for SECONDS, then "
                            "report GL errors and resident/GPU memory at start and end; with --kernel, the kernel's "
                            "family only, the kernel reloaded every 2 s as if saved (a faulting one faults again)")
        ->check(CLI::Range(0.0, 86400.0));
    viewCommand->add_flag("--simulate-interop-failure", view.simulateInteropFailure,
                          "refuse the CUDA-GL registration, as some drivers do, to see the staging fallback");

    serveCommand = app.add_subcommand("serve", "view's frame loop headless, shown live in a browser: prints the URL to "
                                               "open (with its access token; docs/REMOTE.md for a remote machine)");
    addSceneOptions(*serveCommand, serve.selection, "1280x720");
    addPresentOption(*serveCommand, serve.present, PresentNone::Refused);
    addComparisonOptions(*serveCommand, serve.comparison);
    serveCommand->add_option("--port", serve.port, "TCP port to listen on (0: any free port)")
        ->capture_default_str()
        ->check(CLI::Range(0, 65535));
    serveCommand->add_option("--bind", serve.bind,
                             "IP address to listen on: 127.0.0.1 reaches this machine only (reach it from elsewhere "
                             "through ssh -L); 0.0.0.0 every network it is on")
        ->capture_default_str();
    serveCommand->add_option("--max-size", serve.maxSize, "the largest frame WxH a browser window may ask for")
        ->capture_default_str();
    serveCommand->add_option("--fps", serve.fps, "frames per second the loop draws at most (0: as fast as it can)")
        ->capture_default_str()
        ->check(CLI::Range(0.0, 1000.0));
    serveCommand->add_option("--jpeg-quality", serve.jpegQuality, "JPEG quality of the frames sent, 1..100")
        ->capture_default_str()
        ->check(CLI::Range(1, 100));
    serveCommand->add_option("--video", serve.video,
                             "h264: frames as an H.264 stream (NVENC, else x264) to browsers that decode it with "
                             "WebCodecs, JPEG to the rest; off: JPEG frames only")
        ->capture_default_str()
        ->check(CLI::IsMember({"h264", "off"}));
    serveCommand->add_option("--max-mbps", serve.maxMbps, "the H.264 stream's peak rate in Mbit/s")
        ->capture_default_str()
        ->check(CLI::Range(0.5, 200.0));
    serveCommand->add_option("--frames", serve.frames, "stop after N frames (0: run until interrupted)");
    serveCommand->add_flag("--paused", serve.paused, "start paused on --frame");

    benchCommand = app.add_subcommand("bench", "time the frame loop headless (EGL) and print per-stage statistics");
    addSceneOptions(*benchCommand, bench.selection, "1024x1024");
    addPresentOption(*benchCommand, bench.present, PresentNone::Offered);
    benchCommand->add_option("--frames", bench.frames, "frames measured")->capture_default_str();
    benchCommand->add_option("--warmup", bench.warmup, "frames run before measuring")->capture_default_str();
    benchCommand->add_flag("--cpu", bench.cpu, "also time the CPU reference (OpenMP) and print the speed-up");
    benchCommand->add_flag("--races", bench.races,
                           "time the --kernel's instrumented build as check --races runs it (every access recorded)");
    benchCommand->add_flag("--checked", bench.checked,
                           "time the --kernel's instrumented build as check --checked runs it (every access bounds-checked)");
    benchCommand->add_flag("--graph,!--no-graph", bench.graph,
                           "run each measured frame as one CUDA graph where the scene allows it (default; a frame that "
                           "waits for the host runs launch by launch). Either way bench then times some frames launch "
                           "by launch and prints both");
    benchCommand->add_option("--in-flight", bench.inFlight,
                              "after the measured frames (one at a time: the latency of a frame, stage by stage), "
                              "run as many again with N frames in flight and print frames per second by the wall "
                              "clock (throughput); 1: no throughput pass")
        ->capture_default_str()
        ->check(CLI::Range(1, 8));
    CLI::Option* suite = benchCommand->add_flag(
        "--suite", bench.suite,
        "run every scene preset that can run here and print one table; presets that cannot (no --image, mesh not "
        "fetched, too large for free memory) are listed with the reason. Exit 1 only when a preset failed");
    benchCommand->add_option("--filter", bench.filters,
                             "with --suite: only the presets matching this glob, e.g. 'circles/*' (repeatable or "
                             "comma-separated)")
        ->delimiter(',')
        ->needs(suite);
    benchCommand->add_option("--csv", bench.csv,
                             "write per-frame timings to this CSV: the stages in ms, the run's labels, and issue_ms "
                             "(the host's time issuing the frame's GPU work)");
    benchCommand->add_option("--json", bench.json, "write the summary as JSON");
    benchCommand->add_flag("--simulate-interop-failure", bench.simulateInteropFailure,
                           "refuse the CUDA-GL registration, as some drivers do, to measure the staging fallback");

    renderCommand = app.add_subcommand("render", "render one frame to a PNG or PPM (P6) file");
    addSceneOptions(*renderCommand, render.selection, "1024x1024");
    renderCommand->add_option("--out", render.out, "output path, .png or .ppm")->required();
    addComparisonOptions(*renderCommand, render.comparison);

    checkCommand = app.add_subcommand("check", "compare the GPU frame with the CPU reference (exit 0 pass, 1 fail, 2 not run: without a CUDA device a --kernel is only compiled)");
    addSceneOptions(*checkCommand, check.selection, "1024x1024");
    checkCommand->add_option("--diff", check.diff, "where to write the diff image on failure")->capture_default_str();
    addComparisonOptions(*checkCommand, check.comparison);
    checkCommand->add_option("--view-out", check.viewOut, "with --view: where to write the comparison view's image")
        ->capture_default_str();
    checkCommand->add_option("--first", check.firstWrong, "wrong pixels listed with their expected and drawn values")
        ->capture_default_str()
        ->check(CLI::Range(0, 1000));
    checkCommand
        ->add_option("--repeat", check.repeat,
                     "render the frame N times (N >= 2) and tell nondeterminism apart from error: pixels that differ "
                     "between runs (a race) or are wrong the same way every run (a bug); writes the heat image")
        ->check(CLI::Range(2, 1000));
    checkCommand->add_option("--heat", check.heat, "with --repeat: where to write the heat image of the runs")
        ->capture_default_str();
    checkCommand->add_flag("--sanitize", check.sanitize,
                           "also run the --kernel under compute-sanitizer (memcheck: out of bounds; racecheck: "
                           "shared-memory races) and print each report at the kernel's FILE:LINE with the line");
    checkCommand->add_flag("--races", check.races,
                           "run the --kernel instrumented: every global and shared load, store and atomic recorded, and "
                           "each pair of lines that race (write-write or read-write, within a block or across blocks) "
                           "printed with both lines, how many words and an example pixel");
    checkCommand->add_option("--pixel", check.pixel,
                             "with --races, X,Y (PNG coordinates: x right, y down): list every access to that pixel in "
                             "the frame in order, each with its thread and line, and whether its update was lost");
    checkCommand->add_flag("--checked", check.checked,
                           "run the --kernel instrumented so that no access outside its buffers, its shared memory or "
                           "its alignment reaches the GPU: each is skipped and printed with its line, address and the "
                           "nearest buffer; the worker and the GPU stay usable");

    gradeCommand = app.add_subcommand(
        "grade", "grade user kernels (a .cu file or a folder of submissions) by CS149's scenes and rule: correct, "
                 "race, fault, time against a reference (a course-level solution racelab ships, good, or the "
                 "teacher's: --reference), score; or --merge shard records into one table");
    gradeCommand->add_option("path", grade.path, "a kernel file, or a folder: each NAME.cu in it, or each subfolder "
                                                 "holding one .cu file (or a course-style cudaRenderer.cu), is a submission");
    gradeCommand->add_option("--family", grade.family, "the submissions' family: " + kernelFamiliesHelp())
        ->capture_default_str();
    gradeCommand->add_option("--scenes", grade.scenes,
                             "the columns, comma-separated: 'course' (the default where the family has one: circles' 8 "
                             "scenes CS149 grades), 'all' (every scene of the family), or scenes, each NAME or NAME@FRAME "
                             "(an animated scene at that frame; the default frame is one where something is drawn)")
        ->delimiter(',');
    gradeCommand->add_option("--size", grade.size, "frame size WxH (a scene too large for the GPU here is graded at the "
                                                   "largest size that fits, and the table says so)")
        ->capture_default_str();
    gradeCommand->add_option("--reference", grade.reference,
                             "what every submission is timed against, per scene, in the same run on the same GPU: 'course' "
                             "(a solution at the course's level that racelab ships, the shape of typical full-mark work: "
                             "circles' course_level; for a family without one, good), 'good' (racelab's tuned renderer) or "
                             "the teacher's own solution (a kernel file, or a whole-file solution), which must pass every scene")
        ->capture_default_str();
    gradeCommand->add_option("--repeat", grade.repeat, "renders of each scene compared to tell a race from a bug (1: one)")
        ->capture_default_str()
        ->check(CLI::Range(1, 100));
    gradeCommand->add_option("--runs", grade.runs, "timed runs per scene and side; the time is the least of the runs' means "
                                                   "(CS149's: 3)")
        ->capture_default_str()
        ->check(CLI::Range(1, 1000));
    gradeCommand->add_option("--frames", grade.frames, "frames a timed run (CS149's: 4, frames 0 to 3)")
        ->capture_default_str()
        ->check(CLI::Range(1L, 100000L));
    gradeCommand->add_option("--warmup", grade.warmup, "untimed frames before the runs")->capture_default_str()->check(CLI::Range(0L, 100000L));
    gradeCommand->add_option("--budget", grade.budget,
                             "seconds one submission's scenes may take in all (0: no budget). A slow submission is timed on "
                             "fewer frames (its rows say so); past its budget, its remaining scenes are timeouts")
        ->capture_default_str()
        ->check(CLI::Range(0.0, 86400.0));
    gradeCommand->add_option("--kernel-timeout", grade.timeout, "seconds a submission's frame may take before its worker is stopped")
        ->capture_default_str()
        ->check(CLI::Range(0.05, 3600.0));
    gradeCommand->add_flag("--no-sandbox", grade.noSandbox,
                           "grade whole-file submissions even where racelab's sandbox (bubblewrap) cannot start: their "
                           "host code then runs with racelab's own limits only. Without it they are not-run there");
    gradeCommand->add_flag("--checked", grade.checked,
                           "run every launch-list submission instrumented so that no access outside its buffers reaches "
                           "the GPU (a shared machine): such an access fails the scene as a fault, with its line. Its times "
                           "are the instrumented build's, slower than the plain one (docs/GRADING.md)");
    gradeCommand->add_option("--rule", grade.rule,
                             "the score rule: KEY=VALUE,... over CS149's (correct=2,perf=7,full=1.2,zero=10,partial=ceil); "
                             "e.g. full=1.5,partial=exact");
    gradeCommand->add_option("--shard", grade.shard, "K/N: grade every N-th submission from the K-th (0-based), for a job array")
        ->capture_default_str();
    gradeCommand->add_option("--merge", grade.merge, "join these shard records (--json of each shard) into one table")
        ->expected(1, -1);
    gradeCommand->add_option("--json", grade.json, "write the table as JSON (racelab-grade/2: facts, columns, rows, thumbnails)");
    gradeCommand->add_option("--csv", grade.csv, "write the table as CSV, a line per submission and scene");
    gradeCommand->add_option("--html", grade.html, "write DIR/index.html: one self-contained page of the table, thumbnails "
                                                   "and messages");
    gradeCommand->footer("A folder of submissions: racelab grade submissions/ --html report (docs/GRADING.md)");


    for (const WorkloadFamily* family : workloadFamilies())
        for (const FamilyCommand& c : family->commands) {
            CLI::App* command = app.add_subcommand(c.name, c.description + " [" + family->name + "]");
            auto handler = c.make();
            handler->define(*command);
            familyCommands.emplace_back(command, std::move(handler));
        }

    framesCommand = app.add_subcommand("frames", "write an animated scene's frames as PNG files and/or a video");
    addSceneOptions(*framesCommand, frameExport.selection, "800x450");
    framesCommand->add_option("--frames", frameExport.frames, "frames to draw (600 = one turn of a Fourier drawing at speed 1)")
        ->capture_default_str();
    framesCommand->add_option("--every", frameExport.every, "write every n-th frame")->capture_default_str();
    framesCommand->add_option("--out-dir", frameExport.outDir, "folder for frame-00000.png, ... (optional with a video)");
    framesCommand->add_flag("--ppm", frameExport.ppm, "write --out-dir's frames as PPM (P6), frame-00000.ppm, ...: the format the "
                                                      "course's render -f dumps, for comparing the two frame by frame");
    framesCommand->add_option("--gif", frameExport.gif, "also write the frames as a GIF");
    framesCommand->add_option("--mp4", frameExport.mp4, "also write the frames as an H.264 MP4");
    framesCommand->add_option("--video", frameExport.video, "also write the frames as a video: .mp4, .webm or .gif");
    framesCommand->add_option("--fps", frameExport.fps, "the videos' frame rate (GIF: at most 50)")
        ->capture_default_str()
        ->check(CLI::Range(1.0, 240.0));

    newKernelCommand = app.add_subcommand("new-kernel", "write a starter kernel of a family to FILE, to run with --kernel");
    newKernelCommand->add_option("family", newKernel.family, "the family: " + kernelFamiliesHelp())->required();
    newKernelCommand->add_option("file", newKernel.file, "the file to write, e.g. my_renderer.cu")->required();
    newKernelCommand->add_flag("--force", newKernel.force, "overwrite FILE if it exists");
    newKernelCommand->footer("Then: racelab view --scene <a scene of the family> --kernel FILE (docs/YOUR_KERNEL.md)");

    compileCommand = app.add_subcommand(
        "compile", "compile a user kernel for a GPU architecture with NVRTC, no GPU needed: its FILE:LINE:COL: "
                   "error: lines, exit 0 when it compiles, 1 when it does not, 2 when racelab cannot compile here");
    compileCommand->add_option("file", compile.path, "the kernel file, e.g. my_renderer.cu")->required();
    compileCommand->add_option("--family", compile.family,
                               "the family it is written for (its contract header must be included): " + kernelFamiliesHelp());
    compileCommand->add_option("--arch", compile.architecture,
                               "the GPU architecture, e.g. sm_90 (default: the lowest this racelab carries code for)");
    compileCommand->add_flag("--races", compile.races,
                             "build the instrumented form check --races runs (every load, store and atomic of your "
                             "code checked; a whole file's thrust and CUB kernels left plain) and say what it checks");

    // Hidden (no group): the process racelab starts to run a user kernel in a CUDA context of its own.
    workerCommand = app.add_subcommand("kernel-worker", "")->group("");
    workerCommand->add_option("--socket-fd", workerSocket)->required();
    workerCommand->add_option("--device", workerDevice)->required();
    // Hidden too: the process NVRTC compiles a user's kernel in (userkernel/compile_worker.hpp).
    compileWorkerCommand = app.add_subcommand("compile-worker", "")->group("");
    compileWorkerCommand->add_option("--socket-fd", workerSocket)->required();
    compileWorkerCommand->add_option("--address-bytes", compileWorkerAddressBytes);

    listCommand = app.add_subcommand("list", "list the scenes, their variants and (--params) their parameters");
    listCommand->add_flag("--params", listParams, "also list every family's parameters: name, range or choices, default");

}

const SceneSelection* CommandLine::selection() const {
    if (*viewCommand) return &view.selection;
    if (*serveCommand) return &serve.selection;
    if (*benchCommand) return &bench.selection;
    if (*renderCommand) return &render.selection;
    if (*checkCommand) return &check.selection;
    if (*framesCommand) return &frameExport.selection;
    return nullptr;
}

int CommandLine::run() {
    if (*viewCommand) return runView(view);
    if (*serveCommand) return runServe(serve);
    if (*benchCommand) return runBench(bench);
    if (*renderCommand) return runRender(render);
    if (*checkCommand) return runCheck(check);
    if (*gradeCommand) return runGrade(grade);
    for (const auto& [command, handler] : familyCommands)
        if (*command) return handler->run();
    if (*framesCommand) return runFrameExport(frameExport);
    if (*newKernelCommand) return runNewKernel(newKernel);
    if (*compileCommand) return runCompile(compile);
    if (*workerCommand || *compileWorkerCommand) userkernel::endWithParent();
    if (*workerCommand) return userkernel::runKernelWorker(workerSocket, workerDevice);
    if (*compileWorkerCommand) return userkernel::runCompileWorker(workerSocket, compileWorkerAddressBytes);
    return runList(listParams);
}

}  // namespace racelab
