// Launch-size arithmetic shared by the kernels' host code.
#pragma once
#include <cstddef>

namespace racelab {

// Blocks of `threads` needed to cover n items.
inline unsigned blocksFor(std::size_t n, unsigned threads) { return static_cast<unsigned>((n + threads - 1) / threads); }

}  // namespace racelab
