// racelab's version of the course harness's util.h.
#ifndef RACELAB_HARNESS_UTIL_H
#define RACELAB_HARNESS_UTIL_H

#include <algorithm>

#define CLAMP(x, minimum, maximum) std::max(minimum, std::min(x, maximum))

#endif
