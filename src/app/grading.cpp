#include "app/grading.hpp"

#include <algorithm>

#include "frame/frame_judgement.hpp"
#include "frame/frame_loop.hpp"
#include "frame/offline_frame.hpp"
#include "app/progress_line.hpp"
#include "core/display_driver.hpp"
#include "core/errors.hpp"
#include "core/gpu_timing.hpp"
#include "core/image_io.hpp"
#include "core/provenance.hpp"
#include "core/stats.hpp"
#include "scenes/scene_registry.hpp"
#include "userkernel/user_kernel.hpp"
#include "userkernel/user_kernel_scene.hpp"

namespace racelab {
namespace {

// A submission's CPU time over all its scenes (its host code and the CUDA driver's waits): a bound for host
// code that spins, far above what grading a correct solution takes.
constexpr long long kSubmissionCpuSeconds = 1800;

constexpr int kThumbnailSide = 192;  // the page's diff and heat pictures, pixels a side at most

// A failed kernel's row: its state says which status (a write past the image is a fault, not a contract error).
void failRow(judge::GradeRow& row, const userkernel::UserKernelStatus& status, const std::string& message) {
    using userkernel::KernelState;
    row.status = status.state == KernelState::CompileFailed                         ? judge::GradeStatus::CompileError
                 : status.timedOut                                                  ? judge::GradeStatus::Timeout
                 : status.state == KernelState::Faulted || status.wrotePastEnd     ? judge::GradeStatus::Fault
                 : status.state == KernelState::ContractBroken                      ? judge::GradeStatus::ContractError
                                                                                    : judge::GradeStatus::Fault;
    row.message = message.empty() ? status.message : message;
}

// The scene with the submission's kernel as its last variant for as long as it lives; the scene goes back.
class Wrapped {
public:
    Wrapped(std::unique_ptr<Scene>& slot, std::shared_ptr<userkernel::UserKernel> kernel)
        : slot_(slot), scene_(std::make_unique<userkernel::UserKernelScene>(std::move(slot), std::move(kernel))) {}
    ~Wrapped() { slot_ = scene_->releaseInner(); }
    userkernel::UserKernelScene& operator*() { return *scene_; }
    userkernel::UserKernelScene* operator->() { return scene_.get(); }

private:
    std::unique_ptr<Scene>& slot_;
    std::unique_ptr<userkernel::UserKernelScene> scene_;
};

}  // namespace

std::vector<std::string> gradedScenes(const GradeOptions& options) {
    const WorkloadFamily& family = kernelFamilyNamed(options.family);
    std::vector<std::string> scenes;
    if (options.scenes.empty()) {
        for (const SceneListing& listing : listScenes())
            if (listing.family == &family) scenes.push_back(listing.name);
        return scenes;
    }
    for (const std::string& name : options.scenes) {
        const SceneListing& listing = findScene(name);  // throws naming the valid scenes
        if (listing.family != &family)
            throw UsageError("--scenes: " + name + " is not a scene of the " + family.name + " family");
        if (std::find(scenes.begin(), scenes.end(), name) == scenes.end()) scenes.push_back(name);
    }
    return scenes;
}

void checkGradeOptions(const GradeOptions& options) {
    if (options.path.empty() == options.merge.empty())
        throw UsageError(options.path.empty() ? "grade needs a kernel file or a folder of submissions (or --merge A.json B.json ...)"
                                              : "grade takes a path to grade or --merge, not both");
    judge::parseShard(options.shard);
    judge::parseScoreRule(options.rule);
    if (!options.merge.empty()) {
        if (options.shard != "0/1") throw UsageError("--merge joins whole shards: --shard does not apply");
        return;
    }
    parseSize(options.size);
    gradedScenes(options);
    if (options.repeat < 1) throw UsageError("--repeat must be at least 1");
}

namespace {

// Without a CUDA device each submission is still compiled (for the lowest architecture racelab carries code
// for): one that does not compile is that submission's compile-error on every scene; one that does is not-run
// there, scored out of 0, with why -- racelab's limit is never a submission's fault.
std::vector<judge::GradeRow> compileOnlyRows(const judge::Submission& submission, const GradeOptions& options,
                                             const std::vector<std::string>& scenes, const std::string& why) {
    judge::GradeRow row;
    row.submission = submission.name;
    row.maxScore = judge::sceneMaxScore(judge::parseScoreRule(options.rule));
    if (!submission.problem.empty()) {
        row.status = judge::GradeStatus::ContractError;
        row.message = submission.problem;
    } else {
        CompileOptions compile;
        compile.path = submission.source;
        compile.family = options.family;
        const CompileOutcome outcome = compileWithoutDevice(compile);
        row.message = describeCompile(compile, outcome);
        if (outcome.compiled || outcome.toolMissing) {
            row.status = judge::GradeStatus::NotRun;
            row.maxScore = 0;
            row.message += "not run: " + why;
        } else {
            row.status = judge::GradeStatus::CompileError;
        }
    }
    std::vector<judge::GradeRow> rows;
    for (const std::string& scene : scenes) {
        rows.push_back(row);
        rows.back().scene = scene;
    }
    return rows;
}

// The median of each part of a submission's frame over the timed frames (the last `frames` recorded; the
// warm-up came first): a launch list's launches (CUDA events), a whole-file solution's calls (the course's
// wall clock up to a device synchronize).
std::vector<std::pair<std::string, double>> timedStepMedians(const userkernel::RecordedFrameTimes& recorded, long frames) {
    std::vector<std::pair<std::string, double>> out;
    for (std::size_t i = 0; i < recorded.stepNames.size() && i < recorded.stepMs.size(); ++i) {
        const std::vector<double>& all = recorded.stepMs[i];
        const std::size_t timed = std::min(all.size(), static_cast<std::size_t>(std::max(frames, 1L)));
        if (timed == 0) continue;
        out.emplace_back(recorded.stepNames[i], summarize(std::vector<double>(all.end() - static_cast<std::ptrdiff_t>(timed), all.end())).p50);
    }
    return out;
}

}  // namespace

judge::GradeTable gradeSubmissions(const GradeOptions& options) {
    const judge::Shard shard = judge::parseShard(options.shard);
    const auto all = judge::listSubmissions(options.path);
    const auto mine = judge::submissionsOfShard(all, shard);
    std::string why;
    const bool gpu = cudaUsable(&why);
    judge::GradeTable table;
    table.facts = judge::gradeFacts(currentProvenance(), judge::parseScoreRule(options.rule), gradedScenes(options), shard);
    table.facts.driver = displayDriverVersion();
    std::fprintf(stderr, "grading %zu of %zu submissions (shard %s) on %zu scenes of %s at %s\n", mine.size(), all.size(),
                 options.shard.c_str(), table.facts.scenes.size(), options.family.c_str(), options.size.c_str());
    if (!gpu) {
        std::fprintf(stderr, "grade: %s; each submission is compiled, none is run\n", why.c_str());
        for (const judge::Submission& submission : mine) {
            auto rows = compileOnlyRows(submission, options, table.facts.scenes, why);
            table.rows.insert(table.rows.end(), rows.begin(), rows.end());
        }
        judge::sortRows(table);
        return table;
    }
    Grader grader(options);
    ProgressLine progress("grade");
    const long total = static_cast<long>(mine.size() * table.facts.scenes.size());
    long done = 0;
    grader.onScene = [&](const std::string& submission, const std::string& scene) {
        progress.update(done++, total, submission + " on " + scene);
    };
    for (const judge::Submission& submission : mine) {
        auto rows = grader.grade(submission);
        table.rows.insert(table.rows.end(), rows.begin(), rows.end());
    }
    progress.update(total, total);
    progress.finish();
    judge::sortRows(table);
    return table;
}

Grader::Grader(const GradeOptions& options)
    : options_(options), scenes_(gradedScenes(options)), size_(parseSize(options.size)), rule_(judge::parseScoreRule(options.rule)) {}

Grader::~Grader() = default;

Grader::SceneEntry& Grader::entry(const std::string& name) {
    auto found = entries_.find(name);
    if (found != entries_.end()) return found->second;
    SceneOptions sceneOptions;
    sceneOptions.backend = Backend::Cuda;
    SceneEntry made;
    made.scene = createScene(name, sceneOptions);
    // Frame 0 as the course numbers it: the scene as loaded. The reference is drawn once for every submission.
    CudaStream stream;
    made.scene->syncStateToHost(stream.get());
    stream.synchronize();
    made.reference = HostImage(size_.width, size_.height);
    made.scene->renderReference(made.reference, true);
    return entries_.emplace(name, std::move(made)).first->second;
}

double Grader::goodMs(SceneEntry& entry) {
    if (!entry.goodMs) {
        CudaStream stream;
        entry.goodMs = medianFrameTime(*entry.scene, entry.scene->variantIndex("good"), size_, options_.warmup,
                                       options_.frames, stream.get(), [](const FrameTiming& t) { return t.kernelMs; });
    }
    return *entry.goodMs;
}

std::vector<judge::GradeRow> Grader::grade(const judge::Submission& submission) {
    std::vector<judge::GradeRow> rows;
    for (const std::string& scene : scenes_) {
        judge::GradeRow row;
        row.submission = submission.name;
        row.scene = scene;
        row.maxScore = judge::sceneMaxScore(rule_);
        rows.push_back(row);
    }
    if (!submission.problem.empty()) {
        for (auto& row : rows) row.status = judge::GradeStatus::ContractError, row.message = submission.problem;
        return rows;
    }
    const WorkloadFamily& family = kernelFamilyNamed(options_.family);
    userkernel::UserKernelOptions kernelOptions;
    kernelOptions.watch = false;
    kernelOptions.timeoutSeconds = options_.timeout;
    kernelOptions.sandbox = options_.noSandbox ? userkernel::SandboxMode::Off : userkernel::SandboxMode::Required;
    kernelOptions.limits.cpuSeconds = kSubmissionCpuSeconds;
    auto kernel = std::make_shared<userkernel::UserKernel>(submission.source, family.name, *family.kernelContract, kernelOptions);
    // No sandbox for host code here: racelab's limit, every whole-file submission's alike, never its fault.
    if (kernel->status().wholeFile && kernel->status().state == userkernel::KernelState::Unavailable)
        return compileOnlyRows(submission, options_, scenes_, kernel->status().message);
    kernel->waitUntilReady(600);
    if (kernel->status().state == userkernel::KernelState::Unavailable)
        throw Error("grade: " + kernel->status().message);  // this machine cannot run any submission
    for (judge::GradeRow& row : rows) {
        if (onScene) onScene(submission.name, row.scene);
        if (!kernel->retry()) {
            failRow(row, kernel->status(), kernel->status().message);
            continue;
        }
        SceneEntry& sceneEntry = entry(row.scene);
        const double reference = goodMs(sceneEntry);
        Wrapped wrapped(sceneEntry.scene, kernel);
        const int variant = wrapped->kernelVariant();
        CudaStream stream;
        try {
            const FrameJudgement judged =
                judgeFrame(*wrapped, variant, size_, options_.repeat, stream.get(), 0, &sceneEntry.reference);
            row.wrongPixels = judged.check.wrongPixels;
            row.status = judged.check.pass ? judge::GradeStatus::Pass : judge::GradeStatus::Wrong;
            if (judged.repeat) {
                row.differingBetweenRuns = judged.repeat->pixelsDifferingBetweenRuns;
                row.status = judge::statusOf(judged.repeat->verdict);
                if (judged.repeat->verdict == judge::RepeatVerdict::Nondeterministic)
                    row.heatPng = encodePng(judge::heatThumbnail(*judged.repeat, kThumbnailSide));
            }
            if (!judged.check.pass) row.diffPng = encodePng(judge::diffThumbnail(judged.check, kThumbnailSide));
            if (row.status == judge::GradeStatus::Pass) {
                // The kernel's own time: its launches in the worker (CUDA events there), not the hand-over.
                kernel->recordFrameTimes(true);
                row.medianMs = medianFrameTime(*wrapped, variant, size_, options_.warmup, options_.frames, stream.get(),
                                               [&](const FrameTiming&) { return kernel->status().kernelMs; });
                row.stepMedianMs = timedStepMedians(kernel->recordedFrameTimes(), options_.frames);
                kernel->recordFrameTimes(false);
                row.referenceMs = reference;
            }
        } catch (const Error& e) {
            failRow(row, kernel->status(), e.what());
            row.diffPng.clear(), row.heatPng.clear();
            row.medianMs.reset(), row.referenceMs.reset();
        }
        const bool correct = row.status == judge::GradeStatus::Pass;
        row.score = judge::sceneScore(rule_, correct, row.medianMs.value_or(0), row.referenceMs.value_or(0));
    }
    return rows;
}

}  // namespace racelab
