#include "app/grading.hpp"

#include "userkernel/racecheck/device/racelab/access_check_layout.cuh"  // --checked

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <functional>
#include <limits>
#include <memory>
#include <random>

#include "app/first_picture_probe.hpp"
#include "app/grade_rows.hpp"
#include "app/grade_timing.hpp"
#ifdef RACELAB_HAVE_CUDA
#include "core/device_buffer.hpp"
#endif
#include "core/errors.hpp"
#include "core/gpu_timing.hpp"
#include "core/stopwatch.hpp"
#include "core/image_io.hpp"
#include "frame/frame_judgement.hpp"
#include "frame/offline_frame.hpp"
#include "judge/counted_frame_time.hpp"
#include "judge/first_picture.hpp"
#include "judge/number_text.hpp"
#include "judge/timed_frame_judge.hpp"
#include "scenes/scene_registry.hpp"
#include "userkernel/user_kernel.hpp"
#include "userkernel/user_kernel_scene.hpp"

namespace racelab {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

// A submission's CPU time over all its scenes (its host code and the CUDA driver's waits): a bound for host
// code that spins, far above what grading a correct solution takes.
constexpr long long kSubmissionCpuSeconds = 1800;
constexpr int kThumbnailSide = 192;  // the page's diff and heat pictures, pixels a side at most
constexpr int kSmallestSide = 64;    // a column is not shrunk below this to fit GPU memory
// What a submission's worker needs of GPU memory beside its copies of the frame's buffers: its CUDA context
// and the guard after each buffer.
constexpr std::size_t kWorkerContextBytes = std::size_t(1) << 30;


// What judges a timed frame (timeRuns' afterTimedFrame). A still column's every frame, against the column's
// reference. A moving animation's frames are later ones than the column's: one of each run of `frames`, chosen
// at random where the solution cannot know it, against the CPU reference drawn at its step (the scene's state
// is the frame's: the loop steps, then draws).
std::function<void(FrameLoop&)> timedFrameJudging(judge::TimedFrameJudge& judge, Scene& scene, bool still, int frames,
                                                  std::mt19937& random, const CudaStream& stream) {
    if (still) return [&judge](FrameLoop& loop) { judge.judge(loop.lastFramePixels()); };
    frames = std::max(frames, 1);
    std::uniform_int_distribution<int> pick(0, frames - 1);
    const int first = pick(random);
    return [&judge, &scene, &random, &stream, frames, pick, index = 0, chosen = first](FrameLoop& loop) mutable {
        if (index % frames == chosen) {
            const HostImage& frame = loop.lastFramePixels();
            scene.syncStateToHost(stream.get());
            stream.synchronize();
            HostImage reference(frame.width, frame.height);
            scene.renderReference(reference, true);
            judge.judgeAgainst(frame, reference, scene.referenceAmbiguity());
        } else {
            judge.skip();
        }
        if (++index % frames == 0) chosen = pick(random);
    };
}

// A CUDA allocation that failed (CUDA_CHECK's message carries cudaGetErrorString's text).
bool isOutOfMemory(const Error& e) { return std::string(e.what()).find("out of memory") != std::string::npos; }

// The scene with a kernel as its last variant for as long as it lives; the scene goes back.
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

// Whether a kernel's timed frames move the animation on: a whole-file solution's time is the course's Total,
// its own advanceAnimation included (racelab's steps are replayed to it); a launch list moves nothing, so its
// frames are timed on the scene standing still, as good's are.
bool movesWhenTimed(const userkernel::UserKernel& kernel) { return kernel.form().animatesInWorker; }

// Whether a kernel draws a first picture at a size it was not told ahead (first_picture_probe.hpp): a form whose
// host code runs in the worker, and so could do its frame's work where the timed calls do not look.
bool drawsFirstPictures(const userkernel::UserKernel& kernel) { return kernel.form().runsHostCode; }

}  // namespace

struct Grader::Column {
    judge::GradedScene column;
    SceneOptions sceneOptions;
    std::unique_ptr<Scene> scene;
    HostImage reference;                // the CPU reference at the column's frame
    std::optional<double> referenceMs;  // the reference's time by the measure
    // What racelab's path costs an honest whole-file frame here beyond racelab's share as timed apart: measured
    // on a whole-file reference's frames (judge::racelabPathMs); 0 where the reference is a launch list.
    double racelabPathMs = 0;
    // The first picture (first_picture_probe.hpp): its CPU reference from the scene's start, and what the
    // reference's fresh renderer's first frame costs beyond its warm one; nullopt where the reference is no whole file.
    HostImage firstPictureReference;  // an animation's only: a still scene's is `reference`
    std::optional<double> firstPictureOverheadMs;
    const HostImage& firstPicture() const { return firstPictureReference.pixels.empty() ? reference : firstPictureReference; }
    Size2 size() const { return {column.width, column.height}; }
    // Back to the column's frame after frames that moved an animated scene on (a timing run).
    void rewind(cudaStream_t stream) { rewindTo(*scene, column.frame, stream); }
};

Grader::Grader(const GradeOptions& options) : Grader(options, planGrade(options)) {}

Grader::Grader(const GradeOptions& options, GradePlan plan)
    : options_(options), plan_(std::move(plan)),
      measure_{options.runs, static_cast<int>(options.frames), static_cast<int>(options.warmup)} {
    const Size2 size = parseSize(options.size);
    for (const PlannedScene& planned : plan_.scenes) {
        auto column = std::make_unique<Column>();
        column->column = planned.column;
        column->column.width = size.width, column->column.height = size.height;
        column->sceneOptions = planned.options;
        column->sceneOptions.backend = Backend::Cuda;
        columns_.push_back(std::move(column));
    }
}

Grader::~Grader() = default;

std::shared_ptr<userkernel::UserKernel> Grader::makeKernel(const std::string& source) const {
    const WorkloadFamily& family = kernelFamilyNamed(options_.family);
    userkernel::UserKernelOptions kernelOptions;
    kernelOptions.watch = false;
    kernelOptions.timeoutSeconds = options_.timeout;
    kernelOptions.sandbox = options_.noSandbox ? userkernel::SandboxMode::Off : userkernel::SandboxMode::Required;
    kernelOptions.limits.cpuSeconds = kSubmissionCpuSeconds;
    if (options_.checked) kernelOptions.accessChecks = RACELAB_ACCESS_CHECKED, kernelOptions.skippedAccessFailsTheFrame = true;
    return std::make_shared<userkernel::UserKernel>(source, family.name, *family.kernelContract, kernelOptions);
}

// The scene at its frame and the largest size up to the one asked for at which racelab can make it and hand
// it over; false (with the note) when none down to kSmallestSide does.
bool Grader::prepareColumn(Column& c) {
    std::string problem;
    for (Size2 size = c.size(); size.width >= kSmallestSide && size.height >= kSmallestSide;
         size = {size.width / 2, size.height / 2}) {
        try {
            c.scene = createScene(c.column.scene, c.sceneOptions);
            if (c.column.frame > 0 && !c.scene->animated())
                throw UsageError("--scenes: " + c.column.label + ": " + c.column.scene +
                                 " does not move, every frame is frame 0; name it without @FRAME");
            CudaStream stream;
            // An animation's first picture is drawn from its start, before the scene moves on; a still scene's is
            // the column's reference itself (Column::firstPicture).
            if (teacher_ && drawsFirstPictures(*teacher_) && c.scene->animated()) {
                c.scene->syncStateToHost(stream.get());
                stream.synchronize();
                c.firstPictureReference = HostImage(size.width, size.height);
                c.scene->renderReference(c.firstPictureReference, true);
            }
            advanceTo(*c.scene, c.column.frame, stream.get());
            if (UserKernelSide* side = c.scene->userKernelSide()) {
                // The worker copies every input and makes every output: that much more GPU memory, per frame.
                FrameTarget target;
                target.width = size.width, target.height = size.height, target.stream = stream.get();
                const KernelFrame frame = side->userKernelFrame(target);
                std::size_t bytes = 0;
                for (const auto& input : frame.inputs) bytes += input.bytes;
                for (const auto& output : frame.outputs) bytes += output.bytes;
                stream.synchronize();
#ifdef RACELAB_HAVE_CUDA  // grade runs nothing without CUDA (gradeSubmissions compiles only)
                requireDeviceMemory(bytes + kWorkerContextBytes,
                                    "at " + sizeText(size) + " the hand-over to a submission's worker");
#endif
            }
            c.scene->syncStateToHost(stream.get());
            stream.synchronize();
            c.reference = HostImage(size.width, size.height);
            c.scene->renderReference(c.reference, true);
            if (size.width != c.column.width || size.height != c.column.height)
                c.column.note += std::string(c.column.note.empty() ? "" : "; ") + "graded at " + sizeText(size) +
                                 ", the largest that fits here: " + problem;
            c.column.width = size.width, c.column.height = size.height;
            return true;
        } catch (const MissingInputError& e) {  // e.g. a mesh not fetched: no size helps
            problem = e.what();
            break;
        } catch (const UsageError&) {
            throw;  // the teacher's --scenes
        } catch (const InsufficientMemoryError& e) {  // a smaller size may fit
            problem = e.what();
            c.scene.reset();  // its memory back before the next size is made
        } catch (const Error& e) {
            problem = e.what();
            c.scene.reset();
            if (!isOutOfMemory(e)) break;  // only a lack of memory gets better at a smaller size
        }
    }
    c.scene.reset();
    c.column.graded = false;
    c.column.note = "not graded: racelab could not prepare it here: " + problem;
    return false;
}

double Grader::timeReference(Column& c) {
    CudaStream stream;
    if (!teacher_) {
        // good's frame alone, the scene still: a launch list is timed on its launches, which move no
        // animation (racelab moves it), so the animation's steps are not good's to be timed on either.
        const TimedRuns runs = timeRuns(*c.scene, c.scene->variantIndex("good"), c.size(), measure_.warmup, measure_.runs,
                                        measure_.frames, false, stream.get(), [](const FrameTiming& t) { return t.kernelMs; });
        return runs.least();
    }
    const std::string name = referenceName();
    if (!teacher_->retry()) throw UsageError("--reference " + name + " does not run: " + teacher_->status().message);
    double least = 0;
    {
        Wrapped wrapped(c.scene, teacher_);
        const int variant = wrapped->kernelVariant();
        FrameJudgement judged;
        try {
            judged = judgeFrame(*wrapped, variant, c.size(), options_.repeat, stream.get(), 0, &c.reference);
        } catch (const Error& e) {
            throw UsageError("--reference " + name + " failed on " + c.column.label + ": " + e.what());
        }
        if (!judged.pass())
            throw UsageError("--reference " + name + " is not correct on " + c.column.label + " (" +
                             std::to_string(judged.check.wrongPixels) + " wrong pixels" +
                             (judged.repeat && judged.repeat->verdict == judge::RepeatVerdict::Nondeterministic
                                  ? ", and its runs differ"
                                  : "") +
                             "): a reference must pass every scene it times");
        // The reference is the teacher's (or racelab's own): trusted, timed by the course's measure. Its
        // frames, with racelab's clock beside, measure what racelab's path costs an honest frame on this
        // column, which every submission's clock here is taken less.
        teacher_->recordFrameTimes(true);
        least = timeRuns(*wrapped, variant, c.size(), measure_.warmup, measure_.runs, measure_.frames, movesWhenTimed(*teacher_),
                         stream.get(), [&](const FrameTiming&) { return teacher_->status().kernelMs; })
                    .least();
        const userkernel::RecordedFrameTimes& recorded = teacher_->recordedFrameTimes();
        if (recorded.parentMs.size() == recorded.kernelMs.size()) c.racelabPathMs = judge::racelabPathMs(recorded.kernelMs, recorded.parentMs);
        teacher_->recordFrameTimes(false);
        if (drawsFirstPictures(*teacher_))
            c.firstPictureOverheadMs = referenceFirstPictureOverheadMs(*wrapped, *teacher_, variant, c.size(),
                                                                       c.firstPicture(), c.column.frame, measure_,
                                                                       "--reference " + referenceName() + " on " + c.column.label);
    }
    if (movesWhenTimed(*teacher_)) c.rewind(stream.get());
    return least;
}

void Grader::prepare() {
    if (prepared_) return;
    prepared_ = true;
    if (plan_.reference != "good") {
        teacher_ = makeKernel(plan_.reference);
        teacher_->waitUntilReady(600);
        if (teacher_->status().state != userkernel::KernelState::Running)
            throw UsageError("--reference " + plan_.referenceName + " does not run: " + teacher_->status().message);
    }
    for (auto& c : columns_) {
        if (onScene) onScene("", c->column.label);
        if (!c->column.graded || !prepareColumn(*c)) continue;
        c->referenceMs = timeReference(*c);
    }
}

std::vector<judge::GradedScene> Grader::columns() const {
    std::vector<judge::GradedScene> out;
    for (const auto& c : columns_) out.push_back(c->column);
    return out;
}

// label -> the column's `value`, where it has one.
std::vector<std::pair<std::string, double>> Grader::byLabel(std::optional<double> Column::*value) const {
    std::vector<std::pair<std::string, double>> out;
    for (const auto& c : columns_)
        if ((*c).*value) out.emplace_back(c->column.label, *((*c).*value));
    return out;
}

std::vector<std::pair<std::string, double>> Grader::referenceTimes() const { return byLabel(&Column::referenceMs); }

std::vector<std::pair<std::string, double>> Grader::firstPictureOverheads() const {
    return byLabel(&Column::firstPictureOverheadMs);
}

std::string Grader::referenceName() const {
    return plan_.referenceName;
}

void Grader::gradeColumn(Column& c, const std::shared_ptr<userkernel::UserKernel>& shared, judge::GradeRow& row,
                         double secondsForIt) {
    userkernel::UserKernel& kernel = *shared;
    CudaStream stream;
    try {
        Wrapped wrapped(c.scene, shared);
        const int variant = wrapped->kernelVariant();
        const Stopwatch judging;
        const FrameJudgement judged = judgeFrame(*wrapped, variant, c.size(), options_.repeat, stream.get(), 0, &c.reference);
        const double frameMs = judging.ms() / std::max(options_.repeat, 1);
        row.wrongPixels = judged.check.wrongPixels;
        row.status = judged.check.pass ? judge::GradeStatus::Pass : judge::GradeStatus::Wrong;
        if (judged.repeat) {
            row.differingBetweenRuns = judged.repeat->pixelsDifferingBetweenRuns;
            row.status = judge::statusOf(judged.repeat->verdict);
            if (judged.repeat->verdict == judge::RepeatVerdict::Nondeterministic)
                row.heatPng = encodePng(judge::heatThumbnail(*judged.repeat, kThumbnailSide));
        }
        if (!judged.check.pass) row.diffPng = encodePng(judge::diffThumbnail(judged.check, kThumbnailSide));
        // Its first picture in a fresh renderer, judged and timed: a frame nothing earlier could have drawn
        // (first_picture_probe.hpp).
        std::optional<double> firstPictureFloorMs;
        if (row.status == judge::GradeStatus::Pass && c.firstPictureOverheadMs && drawsFirstPictures(kernel))
            firstPictureFloorMs = judgeFirstPicture(row, *wrapped, kernel, variant, c.size(), c.firstPicture(),
                                                    c.column.frame, *c.firstPictureOverheadMs, kThumbnailSide);
        const double judgeSeconds = judging.ms() / 1000.0;
        if (row.status == judge::GradeStatus::Pass) {
            const double left = secondsForIt - judgeSeconds;  // the judged renders are paid for first
            const TimingPlan plan = budgetedTiming(measure_, frameMs, left);
            if (plan.reduced) row.message = reducedTimingNote(measure_, plan, frameMs, left);
            if (plan.runs > 0) {
                // The kernel's own time: its launches in the worker (CUDA events there), or a whole-file
                // solution's calls by the course's clock -- unless racelab's clock saw more (countedFrameMs);
                // not the hand-over.
                kernel.recordFrameTimes(true);
                // Timed frames are judged as the judged renders were: a solution right only when it is looked at
                // earns nothing.
                judge::TimedFrameJudge timedJudge(c.reference, wrapped->checkRule(), wrapped->referenceAmbiguity());
                const bool still = !movesWhenTimed(kernel) || !wrapped->animated();
                const TimedRuns runs = timeRuns(
                    *wrapped, variant, c.size(), plan.warmup, plan.runs, plan.frames, movesWhenTimed(kernel), stream.get(),
                    [&](const FrameTiming&) {
                        return judge::countedFrameMs(kernel.status().kernelMs,
                                                     judge::calibratedClockMs(kernel.status().parentMs, c.racelabPathMs));
                    },
                    timedFrameJudging(timedJudge, *wrapped, still, plan.frames, random_, stream));
                if (const std::string wrong = timedJudge.failure(); !wrong.empty()) {
                    row.status = judge::GradeStatus::Wrong;
                    row.message = row.message.empty() ? wrong : row.message + "; " + wrong;
                    row.wrongPixels = timedJudge.mostWrongPixels();
                }
                row.timeMs = runs.least();
                row.firstPictureFloorMs = firstPictureFloorMs;
                if (const std::string note = firstPictureCharge(row, firstPictureFloorMs, c.firstPictureOverheadMs.value_or(0), c.size());
                    !note.empty())
                    row.message = row.message.empty() ? note : row.message + "; " + note;
                row.runsTimed = plan.runs, row.framesTimed = plan.frames;
                row.stepMedianMs = timedStepMedians(kernel.recordedFrameTimes(), plan.runs * plan.frames);
                if (const std::string note = outsideTheCallsNote(kernel.recordedFrameTimes(), plan.runs * plan.frames, c.racelabPathMs); !note.empty())
                    row.message = row.message.empty() ? note : row.message + "; " + note;
                kernel.recordFrameTimes(false);
            }
            row.referenceMs = c.referenceMs;
        }
    } catch (const Error& e) {
        failRow(row, kernel.status(), e.what());
        row.diffPng.clear(), row.heatPng.clear();
        row.timeMs.reset(), row.referenceMs.reset();
        row.runsTimed = row.framesTimed = 0;
    }
    if (movesWhenTimed(kernel)) c.rewind(stream.get());
    const bool correct = row.status == judge::GradeStatus::Pass;
    row.score = !correct ? 0
                : row.timeMs && row.referenceMs ? judge::sceneScore(plan_.rule, true, *row.timeMs, *row.referenceMs)
                                                : plan_.rule.correctPoints;  // correct, but not timed: its budget ran out
}

std::vector<judge::GradeRow> Grader::grade(const judge::Submission& submission) {
    prepare();
    std::vector<judge::GradeRow> rows;
    for (const auto& c : columns_) {
        judge::GradeRow row;
        row.submission = submission.name;
        row.scene = c->column.label;
        row.maxScore = c->column.graded ? judge::sceneMaxScore(plan_.rule) : 0;
        if (!c->column.graded) row.status = judge::GradeStatus::NotRun, row.message = c->column.note;
        rows.push_back(row);
    }
    if (!submission.problem.empty()) {
        for (auto& row : rows)
            if (row.status != judge::GradeStatus::NotRun) row.status = judge::GradeStatus::ContractError, row.message = submission.problem;
        return rows;
    }
    auto kernel = makeKernel(submission.source);
    // No sandbox for host code here: racelab's limit, every whole-file submission's alike, never its fault.
    if (kernel->form().runsHostCode && kernel->status().state == userkernel::KernelState::Unavailable)
        return compileOnlyRows(submission, options_, plan_.rule, columns(), kernel->status().message);
    kernel->waitUntilReady(600);
    if (kernel->status().state == userkernel::KernelState::Unavailable)
        throw Error("grade: " + kernel->status().message);  // this machine cannot run any submission
    // The budget pays for running, from the first frame; the compile has limits of its own.
    const auto start = Clock::now();
    const Stopwatch running;
    const double budget = options_.budget > 0 ? options_.budget : std::numeric_limits<double>::infinity();
    // No frame outlives the budget: past it, the frame is stopped as a hang is (a timeout).
    if (options_.budget > 0)
        kernel->setDeadline(start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(options_.budget)));
    std::size_t columnsLeft = static_cast<std::size_t>(std::count_if(columns_.begin(), columns_.end(), [](const auto& c) { return c->column.graded; }));
    for (std::size_t i = 0; i < columns_.size(); ++i) {
        Column& c = *columns_[i];
        judge::GradeRow& row = rows[i];
        if (!c.column.graded) continue;
        if (onScene) onScene(submission.name, row.scene);
        const double left = budget - running.ms() / 1000.0;
        if (left <= 0) {
            row.status = judge::GradeStatus::Timeout;
            row.message = "not graded: its budget of " + judge::numberText(options_.budget) + " s ran out before this scene";
            --columnsLeft;
            continue;
        }
        if (!kernel->retry()) {
            failRow(row, kernel->status(), kernel->status().message);
            --columnsLeft;
            continue;
        }
        gradeColumn(c, kernel, row, left / static_cast<double>(columnsLeft--));
    }
    return rows;
}

}  // namespace racelab
