#include "app/progress_line.hpp"

#include <cstdio>
#include <unistd.h>

namespace racelab {

ProgressLine::ProgressLine(std::string label) : label_(std::move(label)), terminal_(isatty(STDERR_FILENO) != 0) {}

void ProgressLine::update(long done, long total, const std::string& detail) {
    const double interval = terminal_ ? 200.0 : 5000.0;
    if (printed_ && sinceLast_.ms() < interval && done != total) return;
    sinceLast_.restart();
    printed_ = true;
    std::fprintf(stderr, "%s%s: %ld/%ld %s%s", terminal_ ? "\r\033[K" : "", label_.c_str(), done, total,
                 detail.c_str(), terminal_ ? "" : "\n");
    std::fflush(stderr);
}

void ProgressLine::finish() {
    if (printed_ && terminal_) std::fprintf(stderr, "\r\033[K");
}

}  // namespace racelab
