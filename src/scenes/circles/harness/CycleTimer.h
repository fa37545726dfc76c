// The course's timer header under its 2025 name (cycleTimer.h is the same, under the earlier one).
#include "cycleTimer.h"
