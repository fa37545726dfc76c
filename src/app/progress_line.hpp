// A one-line progress report on stderr for long runs, redrawn at most a few times a second on a terminal
// and printed every few seconds into logs.
#pragma once
#include <string>

#include "core/stopwatch.hpp"

namespace racelab {

class ProgressLine {
public:
    explicit ProgressLine(std::string label);
    void update(long done, long total, const std::string& detail = "");
    void finish();

private:
    std::string label_;
    Stopwatch sinceLast_;
    bool terminal_;
    bool printed_ = false;
};

}  // namespace racelab
