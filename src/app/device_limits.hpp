// Host-callable side of kernels/device_limits.cu: physical limits measured in the same run as a benchmark,
// so every timing can be read against them.
#pragma once
#include <cstddef>

#include "core/frame_target.hpp"

namespace racelab {

struct DeviceLimits {
    double emptyLaunchUs = 0;       // back-to-back launches of an empty kernel, per launch
    double copyBandwidthGBs = 0;    // device-to-device cudaMemcpy, bytes read + written per second
    double readBandwidthGBs = 0;    // a streaming read (16-byte loads) of a buffer far larger than L2
    double syncRoundTripUs = 0;     // 4-byte device-to-host copy + stream synchronize
};

DeviceLimits measureDeviceLimits(cudaStream_t stream, std::size_t copyBytes = std::size_t(1) << 30);

}  // namespace racelab
