// A speed-up that says what it compares: each side names what it runs and what its time includes, and the
// ratio says whether the two sides do the same work the same way ("like for like") or whether the number
// also measures a different algorithm or a different amount of work ("algorithm + hardware"). bench,
// the scenes' bench notes and `racelab visibility --cpu` print every ratio through this, so all workloads
// state both sides the same way (docs/BENCHMARKS.md, "How ratios are labelled").
#pragma once
#include <string>

namespace racelab {

enum class Likeness {
    LikeForLike,           // same algorithm class and the same work on both sides; only the hardware differs
    AlgorithmAndHardware,  // the sides also differ in algorithm or in how much work they do
};

const char* likenessText(Likeness likeness);  // "like for like", "algorithm + hardware"

struct RatioSide {
    std::string what;      // e.g. "GPU good (tiled, front to back, early exit)"
    std::string includes;  // e.g. "kernels only"
    double ms = 0;
};

struct LabelledRatio {
    RatioSide fast;  // the side the ratio is "times faster" for (usually the GPU)
    RatioSide slow;  // the side it is measured against
    Likeness likeness = Likeness::AlgorithmAndHardware;

    double ratio() const { return fast.ms > 0 ? slow.ms / fast.ms : 0.0; }
    // "<fast> (<includes>) 0.207 ms vs <slow> (<includes>) 343.6 ms: 1,662x — algorithm + hardware"
    std::string line() const;
};

// 1662.4 -> "1,662x", 38.2 -> "38x", 3.24 -> "3.2x", 0.5 -> "0.50x".
std::string formatRatio(double ratio);

}  // namespace racelab
