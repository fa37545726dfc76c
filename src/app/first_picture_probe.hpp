// A whole-file solution's first picture (judge/first_picture.hpp): grade draws it in a fresh renderer -- a new
// worker, as the course's harness is a new process -- at the column's size, from the scene's start, and times
// that first frame by racelab's clock, after setup. The picture is judged as every frame is; its time puts a
// floor under the frame's counted time. docs/GRADING.md, "Time that cannot be bought".
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
// scene's CPU reference at that size, from its start), in a new worker: the scene is made anew (a reset) and
// put back to `frame` after. Throws Error as judgeFrame does when the frame fails.
FirstPicture drawFirstPicture(userkernel::UserKernelScene& wrapped, userkernel::UserKernel& kernel, int variant, Size2 size,
                              const HostImage& reference, long frame, cudaStream_t stream);

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
