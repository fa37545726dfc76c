// A whole-file solution's first picture of a size it was not told ahead (judge/first_picture.hpp): grade draws
// it in a fresh renderer -- a new worker, as the course's harness is a new process -- at the column's size less a
// few pixels drawn at random for the run, from the scene's start, and times it by racelab's clock from the
// moment loadScene is asked for. The picture is judged as every frame is; the span puts a floor under the
// frame's counted time. docs/GRADING.md, "Time that cannot be bought".
#pragma once
#include <optional>
#include <string>

#include "core/gpu_timing.hpp"
#include "core/host_image.hpp"
#include "core/size_parse.hpp"
#include "frame/frame_judgement.hpp"
#include "judge/grade_table.hpp"
#include "userkernel/user_kernel.hpp"
#include "userkernel/user_kernel_scene.hpp"

namespace racelab {

struct FirstPicture {
    FrameJudgement judged;
    std::optional<double> ms;  // UserKernelStatus::firstPictureMs; nullopt where racelab's clock had none
};

// `wrapped` (the kernel as the scene's variant `variant`) drawn once at `size`, judged against `reference` (the
// scene's CPU reference at that size, from its start). A new worker: for an animated scene the scene goes back
// to its start first, and to `frame` after; for a still one the size alone asks for it, or `fresh` does (the
// reference's repeats at one size). Throws Error as judgeFrame does when the frame fails.
FirstPicture drawFirstPicture(userkernel::UserKernelScene& wrapped, userkernel::UserKernel& kernel, int variant, Size2 size,
                              const HostImage& reference, long frame, bool fresh, cudaStream_t stream);

// The reference's overhead on a column (judge::firstPictureOverheadMs): its first picture at `size` three times
// (the median: one slow start of the reference's would weigh on every submission there), less its warm frame
// at that size (`measure`'s warm-up, then one run of its frames), the scene at its start. nullopt where racelab's
// clock has none. Throws UsageError, beginning with `who`, where the reference fails or is wrong there.
std::optional<double> referenceFirstPictureOverheadMs(userkernel::UserKernelScene& wrapped, userkernel::UserKernel& reference, int variant,
                                                      Size2 size, const HostImage& cpuReference, long frame,
                                                      const judge::TimingMeasure& measure, const std::string& who);

// A passing submission's first picture, judged: a wrong one makes `row` wrong, with its message and diff (a
// thumbnail `thumbnailSide` pixels a side at most); a right one gives its floor (judge::firstPictureFloorMs).
std::optional<double> judgeFirstPicture(judge::GradeRow& row, userkernel::UserKernelScene& wrapped, userkernel::UserKernel& kernel,
                                        int variant, Size2 size, const HostImage& cpuReference, long frame,
                                        double referenceOverheadMs, int thumbnailSide);

// The row's time (its timed frames') with the first picture's floor under it (judge::countedWithFirstPicture),
// and the note that says what was seen; "" where the floor did not raise it (or there is none).
std::string firstPictureCharge(judge::GradeRow& row, std::optional<double> floorMs, double referenceOverheadMs, Size2 size);

}  // namespace racelab
