#include "judge/timed_frame_judge.hpp"

#include <algorithm>

namespace racelab::judge {

void TimedFrameJudge::judgeAgainst(const HostImage& frame, const HostImage& reference, const std::vector<std::uint8_t>* ignore) {
    const SceneCheckReport report = checkScene(reference, frame, rule_, 0, ignore);
    if (!report.pass) {
        if (firstWrong_ < 0) firstWrong_ = frames_, firstWrongPixels_ = report.wrongPixels;
        ++wrongFrames_;
        mostWrong_ = std::max(mostWrong_, report.wrongPixels);
    }
    ++frames_;
}

std::string TimedFrameJudge::failure() const {
    if (wrongFrames_ == 0) return "";
    return "timed frame " + std::to_string(firstWrong_ + 1) + " of " + std::to_string(frames_) + " was wrong (" +
           std::to_string(firstWrongPixels_) + " pixels beyond the rule; " + std::to_string(wrongFrames_) +
           " timed frames wrong" + (sampled_ ? " of those judged" : " in all") +
           "), though the judged renders before the timing passed: " +
           (sampled_ ? "one timed frame of each run of an animation, chosen at random, is judged at its step"
                     : "every timed frame is judged");
}

}  // namespace racelab::judge
