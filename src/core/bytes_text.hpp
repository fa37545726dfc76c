// A byte count as people read it, in the largest binary unit that divides it: 268435456 -> "256 MiB",
// 17179869184 -> "16 GiB", 40000 -> "40000 bytes".
#pragma once
#include <string>

namespace racelab {

std::string bytesText(long long bytes);

}  // namespace racelab
