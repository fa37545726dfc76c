// What a bench record carries besides the timings (docs/BENCHMARKS.md, "Records"): the command that produced
// it, the device limits measured in the same run and the bench notes as printed, each as a JSON value for
// TimingRecorder::addFieldJson, so that tools/bench-docs can print a record without the run's log.
#pragma once
#include <string>
#include <vector>

namespace racelab {

// The physical limits of this GPU, measured in the same run as the benchmark (app/device_limits.hpp, measured by kernels/device_limits.cu);
// `measured` is false without a CUDA device (the CPU backend), and the record's "limits" object is then empty.
struct MeasuredLimits {
    bool measured = false;
    double emptyLaunchUs = 0, copyBandwidthGBs = 0, readBandwidthGBs = 0, syncRoundTripUs = 0;
};

// {"launch_us": .., "copy_gbs": .., "read_gbs": .., "sync_roundtrip_us": ..}: units in the key names, the
// precision bench prints plus one digit; {} when nothing was measured.
std::string limitsJson(const MeasuredLimits& limits);

// ["note", ...] on one line per note, lines after the first indented by `indent` spaces; [] when none.
std::string notesJson(const std::vector<std::string>& notes, int indent);

// The arguments joined with spaces, the program name written as "racelab"; an argument with characters a shell
// would read (spaces, quotes, globs) is single-quoted, so the command can be pasted back into a shell.
std::string joinCommandLine(const std::vector<std::string>& argv);

// This process's command line (/proc/self/cmdline) as joinCommandLine writes it; "racelab" when unreadable.
std::string commandLineOfThisProcess();

}  // namespace racelab
