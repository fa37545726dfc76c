#include "app/first_picture_probe.hpp"

#include <cstdio>

#include "core/errors.hpp"
#include "core/gpu_timing.hpp"
#include "core/image_io.hpp"
#include "core/stats.hpp"
#include "judge/first_picture.hpp"
#include "judge/thumbnail.hpp"

#include "frame/offline_frame.hpp"

namespace racelab {

FirstPicture drawFirstPicture(userkernel::UserKernelScene& wrapped, userkernel::UserKernel& kernel, int variant, Size2 size,
                              const HostImage& reference, long frame, cudaStream_t stream) {
    // A reset makes the scene anew (a new generation), which a whole-file solution meets in a new worker.
    wrapped.reset();
    kernel.recordFrameTimes(true);  // racelab's clock on the frame (UserKernelStatus::firstPictureMs)
    FirstPicture picture;
    try {
        picture.judged = judgeFrame(wrapped, variant, size, 1, stream, 0, &reference);
        picture.ms = kernel.status().firstPictureMs;
    } catch (...) {
        kernel.recordFrameTimes(false);
        throw;
    }
    kernel.recordFrameTimes(false);
    rewindTo(wrapped, frame, stream);
    return picture;
}

std::optional<double> referenceFirstPictureOverheadMs(userkernel::UserKernelScene& wrapped, userkernel::UserKernel& reference, int variant,
                                                      Size2 size, const HostImage& cpuReference, long frame,
                                                      const judge::TimingMeasure& measure, const std::string& who) {
    CudaStream stream;
    const std::string where = who + " at " + sizeText(size) + " from the scene's start";
    std::vector<double> spans;
    for (int i = 0; i < 3; ++i) {
        FirstPicture picture;
        try {
            picture = drawFirstPicture(wrapped, reference, variant, size, cpuReference, frame, stream.get());
        } catch (const Error& e) {
            throw UsageError(where + " failed: " + e.what());
        }
        if (!picture.judged.pass())
            throw UsageError(where + " is not correct (" + std::to_string(picture.judged.check.wrongPixels) +
                             " wrong pixels): a reference must pass every scene it times");
        if (!picture.ms) return std::nullopt;
        spans.push_back(*picture.ms);
    }
    if (wrapped.animated()) wrapped.reset();
    const double warmMs = timeRuns(wrapped, variant, size, measure.warmup, 1, measure.frames, false, stream.get(),
                                   [&](const FrameTiming&) { return reference.status().kernelMs; })
                              .least();
    rewindTo(wrapped, frame, stream.get());
    return judge::firstPictureOverheadMs(summarize(spans).p50, warmMs);
}

std::optional<double> judgeFirstPicture(judge::GradeRow& row, userkernel::UserKernelScene& wrapped, userkernel::UserKernel& kernel,
                                        int variant, Size2 size, const HostImage& cpuReference, long frame,
                                        double referenceOverheadMs, int thumbnailSide) {
    CudaStream stream;
    const FirstPicture picture = drawFirstPicture(wrapped, kernel, variant, size, cpuReference, frame, stream.get());
    if (!picture.judged.check.pass) {
        row.status = judge::GradeStatus::Wrong;
        row.wrongPixels = picture.judged.check.wrongPixels;
        row.message = "its first picture in a fresh renderer at " + sizeText(size) + ", from the scene's start, was wrong (" + std::to_string(picture.judged.check.wrongPixels) + " pixels by the scene's rule)";
        row.diffPng = encodePng(judge::diffThumbnail(picture.judged.check, thumbnailSide));
        return std::nullopt;
    }
    if (!picture.ms) return std::nullopt;
    return judge::firstPictureFloorMs(*picture.ms, referenceOverheadMs);
}

std::string firstPictureCharge(judge::GradeRow& row, std::optional<double> floorMs, double referenceOverheadMs, Size2 size) {
    if (!row.timeMs || !floorMs) return "";
    const double timed = *row.timeMs;
    const double counted = judge::countedWithFirstPicture(timed, floorMs, referenceOverheadMs);
    if (counted <= timed) return "";
    row.timeMs = counted;
    char text[700];
    std::snprintf(text, sizeof text,
                  "counted %.3f ms a frame, not the %.3f ms its timed frames showed: its first frame in a fresh renderer at "
                  "%s, after setup, cost %.3f ms beyond the reference's first-frame start (%.3f ms), more than its timed "
                  "frames by more than racelab's doubt (%.3f ms), which then counts against it -- work its timed frames "
                  "did not hold, kept from an earlier frame or queued behind an earlier answer (docs/GRADING.md, \"Time "
                  "that cannot be bought\")",
                  counted, timed, sizeText(size).c_str(), *floorMs, referenceOverheadMs,
                  judge::firstPictureSlackMs(timed, referenceOverheadMs));
    return text;
}

}  // namespace racelab
