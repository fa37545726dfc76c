// racelab bench: the frame loop headless (EGL device context, offscreen framebuffer) with per-stage
// statistics; --present none times the kernels on plain device memory; --cpu times the CPU reference too.
#include <algorithm>
#include <cstdio>
#include <memory>
#include <omp.h>

#include <nlohmann/json.hpp>

#include "app/bench_graph.hpp"
#include "app/bench_kernels.hpp"
#include "app/bench_record.hpp"
#include "app/bench_suite.hpp"
#include "app/bench_throughput.hpp"
#include "app/bench_user_kernel.hpp"
#include "app/kernel_access_checks.hpp"
#include "app/commands.hpp"
#include "frame/frame_loop.hpp"
#include "app/headless_session.hpp"
#include "app/progress_line.hpp"
#include "app/scene_setup.hpp"
#include "core/atomic_file.hpp"
#include "core/errors.hpp"
#include "core/gpu_timing.hpp"
#include "core/image_io.hpp"
#include "core/stats.hpp"
#include "core/stopwatch.hpp"
#include "core/fault_injection.hpp"
#include "core/interrupt.hpp"
#include "core/json_text.hpp"
#include "core/kernel_image.hpp"
#include "core/labelled_ratio.hpp"
#include "core/timing_recorder.hpp"
#include "present/headless_egl.hpp"
#include "present/presenter.hpp"
#include "scenes/scene_registry.hpp"
#include "userkernel/user_kernel.hpp"
#ifdef RACELAB_HAVE_CUDA
#include "app/device_limits.hpp"
#endif

namespace racelab {
namespace {

struct BenchResult {
    explicit BenchResult(const std::string& csv) : recorder(csv) {}
    TimingRecorder recorder;
    RunLabels labels;
    std::string statsLine;
    MeasuredLimits limits;
    std::vector<std::string> notes;
    KernelTable kernels;
    GraphComparison graph;
    ThroughputResult throughput;
    UserKernelBenchTimes userKernel;
    double issueP50Ms = 0;  // median of FrameTiming::issueMs over the measured frames; 0: not a CUDA run
};

// Measures and prints them beside every benchmark.
MeasuredLimits printDeviceLimits(Backend backend, cudaStream_t stream) {
#ifdef RACELAB_HAVE_CUDA
    if (backend != Backend::Cuda) return {};
    const DeviceLimits l = measureDeviceLimits(stream);
    std::printf("  limits measured now: empty kernel launch %.2f us, device-to-device copy %.0f GB/s (read + write), "
                "streaming read %.0f GB/s, device-to-host sync round trip %.1f us\n", l.emptyLaunchUs,
                l.copyBandwidthGBs, l.readBandwidthGBs, l.syncRoundTripUs);
    return {true, l.emptyLaunchUs, l.copyBandwidthGBs, l.readBandwidthGBs, l.syncRoundTripUs};
#else
    (void)backend, (void)stream;
    return {};
#endif
}

// The record's own account of the run (app/bench_record.hpp): how racelab was started, the limits measured
// beside it, its notes as printed; `indent`: the run's indentation in the record.
void addRunContext(TimingRecorder& recorder, const MeasuredLimits& limits, const std::vector<std::string>& notes,
                   int indent) {
    recorder.addFieldJson("command", jsonQuoted(commandLineOfThisProcess()));
    recorder.addFieldJson("limits", limitsJson(limits));
    recorder.addFieldJson("notes", notesJson(notes, indent));
}

PresentMode parsePresentMode(const std::string& name, bool& none) {
    none = name == "none";
    if (none) return PresentMode::Interop;
    if (const auto mode = presentModeNamed(name)) return *mode;
    throw UsageError("unknown --present '" + name + "' (valid: none, " + kPresentModeNames + ")");
}

// The options every run needs valid; the suite checks them once before its first preset.
void checkRunOptions(const BenchOptions& options) {
    bool none = false;
    parsePresentMode(options.present, none);
    if (options.frames <= 0) throw UsageError("--frames must be positive");
    if (options.warmup < 0) throw UsageError("--warmup must be >= 0");
}

std::unique_ptr<BenchResult> benchScene(const BenchOptions& options, PreparedScene& prepared, bool quiet) {
    checkRunOptions(options);
    bool none = false;
    PresentMode mode = parsePresentMode(options.present, none);
    const Size2 size = prepared.size;
    HeadlessSession session(prepared, mode, none ? HeadlessGl::None : HeadlessGl::Required);
    const cudaStream_t stream = session.stream();
    auto result = std::make_unique<BenchResult>(options.csv);
    result->labels = {prepared.scene->name(), prepared.scene->variants()[static_cast<std::size_t>(prepared.variant)].name,
                      backendName(prepared.backend), session.presenterName(), size.width, size.height};
    if (!quiet) {
        std::printf("bench %s %dx%d, variant %s, backend %s, present %s\n", result->labels.scene.c_str(), size.width,
                    size.height, result->labels.variant.c_str(), result->labels.backend.c_str(),
                    result->labels.presenter.c_str());
        std::printf("  GPU: %s\n", describeCudaDevice().c_str());
        std::printf("  GPU code: %s\n", describeGpuCodeForRun().c_str());
        result->limits = printDeviceLimits(prepared.backend, stream);
        if (session.surface()) std::printf("  GL: %s\n", session.surface()->description().c_str());
    }
    FrameLoop& loop = session.loop();
    loop.graph().setEnabled(options.graph);
    FrameControls controls;
    controls.variant = prepared.variant;
    controls.raceMeter = false;
    ProgressLine progress("bench " + result->labels.scene);
    Stopwatch clock;
    const long total = options.warmup + options.frames;
    long graphFrames = 0;
    std::vector<double> issueMs;  // per measured frame (FrameTiming::issueMs)
    for (long i = 0; i < total && !interruptSignal(); ++i) {
        if (i == options.warmup && prepared.kernel) prepared.kernel->recordFrameTimes(true);
        FrameTiming timing = loop.runFrame(controls);
        if (i >= options.warmup) result->recorder.add(i - options.warmup, clock.ms() / 1000.0, timing, result->labels);
        if (i >= options.warmup && prepared.backend == Backend::Cuda) issueMs.push_back(timing.issueMs);
        if (i >= options.warmup && loop.graph().lastRunWasGraph()) ++graphFrames;
        progress.update(i + 1, total, i < options.warmup ? "(warm-up)" : "");
    }
    progress.finish();
    if (!issueMs.empty()) {
        result->issueP50Ms = summarize(issueMs).p50;
        result->recorder.addFieldJson("host_issue", nlohmann::json{{"p50_ms", result->issueP50Ms}}.dump());
    }
    if (prepared.kernel) {
        prepared.kernel->recordFrameTimes(false);
        result->userKernel = summarizeUserKernel(prepared.kernel->recordedFrameTimes(), prepared.kernel->form());
        if (result->userKernel.measured)
            result->recorder.addFieldJson("user_kernel", userKernelTimesJson(prepared.kernel->variantName(), result->userKernel));
    }
    if (!interruptSignal()) {
        // Step by step, in frames of their own after the measured ones (the events would weigh on those).
        result->kernels = timeKernels(loop, controls, std::min<long>(options.frames, 100), prepared.backend == Backend::Cuda);
        if (!result->kernels.steps.empty()) result->recorder.setKernelsJson(kernelTableJson(result->kernels));
        // Then launch by launch, for the frame with and without the graph side by side (--graph off: both are).
        result->graph = timeWithoutGraph(loop, controls, std::min<long>(options.frames, 100), result->recorder.summary(1).p50,
                                         graphFrames, static_cast<long>(result->recorder.samples().size()),
                                         prepared.backend == Backend::Cuda);
        if (result->graph.measured) result->recorder.addFieldJson("graph", graphComparisonJson(result->graph));
        // Last, the same frames with several in flight: frames per second by the wall clock.
        if (options.inFlight > 1 && !interruptSignal()) {
            result->throughput = timeInFlight(loop, controls, options.inFlight, options.frames, std::min<long>(options.warmup, 20));
            if (result->throughput.measured) result->recorder.addFieldJson("throughput", throughputJson(result->throughput));
        }
    }
    if (interruptSignal()) {
        std::fprintf(stderr, "racelab bench: interrupted (signal %d) after %zu measured frames; writing what was measured\n",
                     interruptSignal(), result->recorder.samples().size());
        if (result->recorder.samples().empty()) return result;
    }
    result->statsLine = prepared.scene->statsLine();
    BenchFacts facts;
    facts.kernelMedianMs = result->recorder.summary(1).p50;
    facts.copyBandwidthGBs = result->limits.copyBandwidthGBs;
    facts.readBandwidthGBs = result->limits.readBandwidthGBs;
    facts.width = size.width;
    facts.height = size.height;
    facts.cpu = options.cpu;
    if (!quiet && !interruptSignal()) result->notes = prepared.scene->benchNotes(facts, stream);
    return result;
}

void printStageTable(const BenchResult& r) {
    std::printf("  %s\n", r.statsLine.c_str());
    std::printf("  %-8s %10s %10s %10s %10s   (ms over %zu frames, one at a time)\n", "stage", "min", "median", "p95",
                "max", r.recorder.samples().size());
    for (std::size_t stage = 0; stage < kStageNames.size(); ++stage) {
        Summary s = r.recorder.summary(stage);
        std::printf("  %-8s %10.4f %10.4f %10.4f %10.4f\n", kStageNames[stage], s.min, s.p50, s.p95, s.max);
    }
    Summary frame = r.recorder.summary(0);
    std::printf("  FPS (1000 / median frame, one at a time): %.1f\n", frame.p50 > 0 ? 1000.0 / frame.p50 : 0.0);
    if (r.issueP50Ms > 0)
        std::printf("  host issue: median %.4f ms a frame (the scene's host code, the graph's capture, update and launch); "
                    "the kernel stage includes it, its start event being recorded first\n",
                    r.issueP50Ms);
    printThroughput(r.throughput, frame.p50);
    printUserKernelTimes(r.labels.variant, r.userKernel);
    printKernelTable(r.kernels);
    printGraphComparison(r.graph);
    for (const auto& note : r.notes) std::printf("  %s\n", note.c_str());
}

// Times each CPU implementation the scene offers (Scene::benchReferences) on the frame the GPU drew last:
// OpenMP (a few runs, median) and, for the simple reference, sequential (once, skipped when it would take
// minutes). Every ratio is printed as a LabelledRatio: what each side runs and includes, and whether the
// comparison is like for like or also measures a different algorithm (docs/BENCHMARKS.md). Returns the lines
// it printed, for the record's notes.
std::vector<std::string> benchCpuReference(Scene& scene, Size2 size, int variant, double gpuKernelMedianMs) {
    std::vector<std::string> lines;
    const auto say = [&](const std::string& indent, const std::string& line) {
        std::printf("%s%s\n", indent.c_str(), line.c_str());
        lines.push_back(line);
    };
    const auto fixed = [](const char* format, double value) {
        char text[64];
        std::snprintf(text, sizeof text, format, value);
        return std::string(text);
    };
    scene.syncStateToHost(nullptr);
    if (scene.backend() != Backend::Cuda) {
        say("  ", "cpu backend: the frames above ran on the CPU, so no GPU speed-up is printed");
        gpuKernelMedianMs = 0;
    }
    RatioSide gpu = scene.benchGpuSide(variant);
    gpu.ms = gpuKernelMedianMs;
    const int threads = omp_get_max_threads();
    for (const BenchReference& reference : scene.benchReferences(variant)) {
        if (interruptSignal()) return lines;
        HostImage image(size.width, size.height);
        reference.render(image, true);  // first run: also builds whatever the reference caches
        std::vector<double> runs;
        Stopwatch budget;
        for (int i = 0; i < 5 && (i < 1 || budget.ms() < 10000.0); ++i) {
            Stopwatch one;
            reference.render(image, true);
            runs.push_back(one.ms());
        }
        Summary s = summarize(runs);
        char threadText[48];
        std::snprintf(threadText, sizeof threadText, ", OpenMP (%d threads)", threads);
        say("  ", reference.what + threadText + ": median " + fixed("%.3f", s.p50) + " ms over " +
                      std::to_string(runs.size()) + " runs (" + reference.includes + ")");
        if (gpuKernelMedianMs > 0) {
            LabelledRatio ratio{gpu, {reference.what + threadText, reference.includes, s.p50}, reference.likeness};
            say("    ", "GPU speed-up: " + ratio.line());
        }
        if (!reference.timeSequential) continue;
        if (s.p50 * threads > 120000.0) {
            say("  ", reference.what + ", sequential: skipped (estimated over two minutes)");
            continue;
        }
        Stopwatch sequential;
        reference.render(image, false);
        const double sequentialMs = sequential.ms();
        const RatioSide sequentialSide{reference.what + ", 1 thread", reference.includes, sequentialMs};
        say("  ", reference.what + ", sequential: " + fixed("%.3f", sequentialMs) + " ms");
        LabelledRatio openmp{{reference.what + threadText, reference.includes, s.p50}, sequentialSide, Likeness::LikeForLike};
        say("    ", "OpenMP speed-up: " + openmp.line());
        if (gpuKernelMedianMs > 0) {
            LabelledRatio ratio{gpu, sequentialSide, reference.likeness};
            say("    ", "GPU speed-up: " + ratio.line());
        }
    }
    return lines;
}

// Every preset (or those --filter picks) in one table. A preset that cannot run here -- an optional input
// missing, too little free memory -- is listed with the reason and does not fail the suite; one that fails
// is listed too, the others still run, and the exit code is 1 (app/bench_suite.hpp decides which is which).
int runSuite(const BenchOptions& options) {
    std::vector<std::string> names;
    for (const auto& listing : listScenes()) names.push_back(listing.name);
    names = selectPresets(names, options.filters);
    checkRunOptions(options);
    if (options.selection.backend == "cuda" && !cudaUsable()) {
        std::string why;
        cudaUsable(&why);
        throw UsageError("--backend cuda: " + why);  // nothing could run: the request itself is wrong here
    }
    if (!options.json.empty()) requireWritable(options.json);  // before the run, not after it
    std::printf("bench suite: %zu presets, variant %s, present %s, %ld frames after %ld warm-up\n", names.size(),
                options.selection.variant.c_str(), options.present.c_str(), options.frames, options.warmup);
    std::printf("  GPU: %s\n", describeCudaDevice().c_str());
    std::printf("  GPU code: %s\n", describeGpuCodeForRun().c_str());
    MeasuredLimits limits;
    {
        CudaStream stream;
        limits = printDeviceLimits(cudaUsable() ? Backend::Cuda : Backend::Cpu, stream.get());
    }
    std::printf("  %-24s %-11s %12s %12s %12s %10s\n", "scene", "size", "kernel p50", "kernel p95", "frame p50", "FPS");
    std::vector<SuiteOutcome> outcomes;
    for (const auto& name : names) {
        if (interruptSignal()) return interruptedExitCode();
        SceneSelection selection = options.selection;
        selection.scene = name;
        const PresetInfo& preset = findScene(name).preset;
        if (selection.size.empty()) selection.size = preset.benchSize;  // e.g. 10,000 planes: 512x512
        if (!preset.takesCount) selection.count = 0;  // --count sizes the presets that take one
        if (preset.slowOnCpu && (selection.backend == "cpu" || !cudaUsable())) {  // minutes for a suite's frames
            outcomes.push_back({name, SuiteOutcome::Kind::CannotRunHere,
                                "seconds a frame on the cpu backend; bench it alone with --scene " + name, ""});
            std::printf("  %-24s cannot run here: %s\n", name.c_str(), outcomes.back().reason.c_str());
            continue;
        }
        try {
            PreparedScene prepared = prepareScene(selection, "1024x1024");
            BenchOptions one = options;
            one.csv.clear();
            auto r = benchScene(one, prepared, true);
            Summary kernel = r->recorder.summary(1), frame = r->recorder.summary(0);
            char size[32];
            std::snprintf(size, sizeof size, "%dx%d", prepared.size.width, prepared.size.height);
            std::printf("  %-24s %-11s %12.4f %12.4f %12.4f %10.1f\n", name.c_str(), size, kernel.p50, kernel.p95,
                        frame.p50, frame.p50 > 0 ? 1000.0 / frame.p50 : 0.0);
            addRunContext(r->recorder, limits, r->notes, 6);  // the suite's limits; no notes (quiet)
            outcomes.push_back({name, SuiteOutcome::Kind::Ran, "", r->recorder.runFieldsJson(r->labels, 6)});
        } catch (...) {
            outcomes.push_back(classifySuiteError(name, std::current_exception()));
            const bool failed = outcomes.back().kind == SuiteOutcome::Kind::Failed;
            std::printf("  %-24s %s: %s\n", name.c_str(), failed ? "FAILED" : "cannot run here",
                        outcomes.back().reason.c_str());
        }
        std::fflush(stdout);
    }
    const auto count = [&](SuiteOutcome::Kind kind) {
        return static_cast<long>(
            std::count_if(outcomes.begin(), outcomes.end(), [&](const SuiteOutcome& o) { return o.kind == kind; }));
    };
    std::printf("  ran %ld of %zu presets; %ld cannot run here, %ld failed\n", count(SuiteOutcome::Kind::Ran),
                outcomes.size(), count(SuiteOutcome::Kind::CannotRunHere), count(SuiteOutcome::Kind::Failed));
    if (!options.json.empty()) {
        writeTextFileAtomically(options.json, [&](std::ostream& file) { file << suiteJson(options, outcomes, commandLineOfThisProcess(), limitsJson(limits)); });
        std::printf("  JSON record: %s\n", options.json.c_str());
    }
    return suiteExitCode(outcomes);
}

}  // namespace

int runBench(const BenchOptions& options) {
    faultInjection().failInterop = options.simulateInteropFailure;
    if (options.suite) return runSuite(options);
    SceneSelection selection = options.selection;
    if ((options.races || options.checked) && selection.kernel.empty())
        throw UsageError("--races and --checked time a user kernel's instrumented build: they need --kernel FILE");
    selection.kernelAccessChecks = accessChecksFor(options.races, options.checked);
    if (selection.kernelAccessChecks) selection.kernelTimeout = std::max(selection.kernelTimeout, 60.0);  // slower frames
    PreparedScene prepared = prepareScene(selection, "1024x1024");
    if (!prepared.backendNote.empty()) std::fprintf(stderr, "racelab bench: %s\n", prepared.backendNote.c_str());
    if (!options.json.empty()) requireWritable(options.json);  // before the run, not after it
    auto result = benchScene(options, prepared, false);
    if (selection.kernelAccessChecks) {
        const std::string checks = options.races && options.checked ? "races+checked" : options.races ? "races" : "checked";
        result->recorder.addFieldJson("access_checks", "\"" + checks + "\"");
        std::printf("  the kernel's instrumented build (%s): its times include the checks and the clearing of their shadow memory\n",
                    checks.c_str());
    }
    printStageTable(*result);
    if (options.cpu && !interruptSignal()) {
        const auto lines = benchCpuReference(*prepared.scene, prepared.size, prepared.variant, result->recorder.summary(1).p50);
        result->notes.insert(result->notes.end(), lines.begin(), lines.end());
    }
    if (!options.json.empty()) {
        addRunContext(result->recorder, result->limits, result->notes, 2);
        result->recorder.writeSummaryJson(options.json, result->labels);
        std::printf("  JSON summary: %s\n", options.json.c_str());
    }
    if (!options.csv.empty()) std::printf("  CSV: %s\n", options.csv.c_str());
    if (const std::string error = result->recorder.takeFileError(); !error.empty()) {
        std::fprintf(stderr, "racelab: error: %s\n", error.c_str());
        return 2;
    }
    return interruptSignal() ? interruptedExitCode() : 0;
}

}  // namespace racelab
