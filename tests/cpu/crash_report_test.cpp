// racelab's own crash (core/crash_report.hpp) says so and shows its stack, then ends by the same signal: a
// racelab made to crash on purpose (RACELAB_CRASH_ON_PURPOSE=1) dies of SIGSEGV, its stderr names the signal
// and blames racelab, and its stack's frames are offsets into the racelab binary that addr2line can read.
#include <gtest/gtest.h>

#include <csignal>

#include "process_runner.hpp"

TEST(CrashReport, RacelabsOwnCrashSaysSoWithItsStackAndEndsByTheSignal) {
    const ProcessResult r = runCommand("RACELAB_CRASH_ON_PURPOSE=1 " + std::string(RACELAB_BINARY) + " --version");
    // Ended by SIGSEGV: the shell between says so as 128 + 11, or the status is the signal's own.
    EXPECT_TRUE(r.exitCode == 128 + SIGSEGV || r.exitCode == -1) << r.exitCode << "\n" << r.output;
    EXPECT_NE(r.output.find("racelab crashed (signal 11, SEGV): a fault of racelab's, not of your code."), std::string::npos)
        << r.output;
    EXPECT_NE(r.output.find("racelab(+0x"), std::string::npos) << "frames of the racelab binary, by offset\n" << r.output;
    const ProcessResult calm = runCommand("RACELAB_CRASH_ON_PURPOSE=0 " + std::string(RACELAB_BINARY) + " --version");
    EXPECT_EQ(calm.exitCode, 0) << calm.output;
    EXPECT_EQ(calm.output.find("crashed"), std::string::npos) << calm.output;
}
