// Host-callable side of kernels/kernel_image.cu: which of the binary's GPU code the CUDA driver loaded
// for the current device (core/kernel_image.hpp turns it into words).
#pragma once

namespace racelab {

struct LoadedKernelImage {
    bool loaded = false;     // false: no code in the binary runs on this device (error says why)
    int binaryVersion = 0;   // architecture of the machine code that runs, e.g. 86 (JIT: the device's own)
    int ptxVersion = 0;      // virtual architecture that code was compiled from, e.g. 75
    const char* error = "";  // the CUDA error when !loaded
};

// Loads (if lazy loading has not yet) and inspects a kernel compiled like all the others.
LoadedKernelImage loadedKernelImage();

}  // namespace racelab
