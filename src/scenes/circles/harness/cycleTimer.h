// racelab's version of the course harness's timer (cycleTimer.h up to 2024, CycleTimer.h since): seconds from
// a steady clock, with the older tick-based names kept, so a solution that times itself compiles either way.
// racelab does not read these numbers: it times each call itself (docs/YOUR_KERNEL.md).
#ifndef RACELAB_HARNESS_CYCLE_TIMER_H
#define RACELAB_HARNESS_CYCLE_TIMER_H

#include <chrono>
#include <cstdint>

class CycleTimer {
public:
    typedef std::uint64_t SysClock;

    // Seconds since an arbitrary start; only differences mean anything.
    static double currentSeconds() {
        return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
    }
    // The older interface: ticks are nanoseconds here.
    static SysClock currentTicks() {
        return static_cast<SysClock>(
            std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch()).count());
    }
    static double ticksPerSecond() { return 1e9; }
    static double secondsPerTick() { return 1e-9; }
    static double msPerTick() { return 1e-6; }
    static const char* tickUnits() { return "ns"; }

private:
    CycleTimer();
};

#endif
