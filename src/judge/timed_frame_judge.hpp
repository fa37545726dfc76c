// Every timed frame of a still column judged against the column's reference by the scene's rule, as the judged
// renders before the timing were (grade: docs/GRADING.md, "Time that cannot be bought"). A moving animation's
// timed frames are later frames than the column's: grade judges one of each run, chosen at random, against the
// CPU reference drawn at its step (judgeAgainst), and counts the others (skip). The first wrong frame is named
// in the row; a solution right only when it is looked at earns nothing.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/host_image.hpp"
#include "judge/scene_check.hpp"

namespace racelab::judge {

class TimedFrameJudge {
public:
    // `reference`, `ignore`: the column's, which outlive this judge.
    TimedFrameJudge(const HostImage& reference, const CheckRule& rule, const std::vector<std::uint8_t>* ignore)
        : reference_(reference), rule_(rule), ignore_(ignore) {}

    void judge(const HostImage& frame) { judgeAgainst(frame, reference_, ignore_); }
    // A frame judged against a reference of its own (a moving animation's, at the frame's step).
    void judgeAgainst(const HostImage& frame, const HostImage& reference, const std::vector<std::uint8_t>* ignore);
    void skip() { ++frames_, sampled_ = true; }  // a timed frame not judged (a moving animation's others)
    // "" when every frame judged passed; else which was the first wrong one, of how many, and how wrong.
    std::string failure() const;
    long mostWrongPixels() const { return mostWrong_; }
    int framesJudged() const { return frames_; }

private:
    const HostImage& reference_;
    CheckRule rule_;
    const std::vector<std::uint8_t>* ignore_;
    int frames_ = 0, wrongFrames_ = 0, firstWrong_ = -1;
    bool sampled_ = false;
    long firstWrongPixels_ = 0, mostWrong_ = 0;
};

}  // namespace racelab::judge
