// The one timing loop of the scenes' bench notes: a piece of work run `runs` times after `warmup` untimed
// runs, summarised. `prepare` runs before each run, untimed (e.g. uploading the step's input). `work`
// either returns its own time in ms (a GPU event time, so host overhead does not count) or returns nothing
// and is timed on the host.
#pragma once
#include <type_traits>
#include <utility>
#include <vector>

#include "core/stats.hpp"
#include "core/stopwatch.hpp"

namespace racelab {

template <typename Prepare, typename Work>
Summary timeRepeated(int runs, int warmup, Prepare&& prepare, Work&& work) {
    std::vector<double> ms;
    for (int run = 0; run < warmup + runs; ++run) {
        prepare();
        double taken = 0;
        if constexpr (std::is_void_v<decltype(work())>) {
            Stopwatch clock;
            work();
            taken = clock.ms();
        } else {
            taken = static_cast<double>(work());
        }
        if (run >= warmup) ms.push_back(taken);
    }
    return summarize(ms);
}

template <typename Work>
Summary timeRepeated(int runs, Work&& work) {
    return timeRepeated(runs, 0, [] {}, std::forward<Work>(work));
}

}  // namespace racelab
