// Which GPU code this binary carries (the architecture list baked in at configure time, see
// cmake/CudaArchitectures.cmake) and which of it a GPU runs: machine code (SASS) built for it, SASS of the
// same major version, or PTX the driver JIT-compiles. `racelab list` and `bench` print it.
#pragma once
#include <string>
#include <vector>

namespace racelab {

// Architectures as 10 * major + minor (75 = sm_75 = compute capability 7.5; 120 = 12.0).
struct BuiltGpuCode {
    std::vector<int> sass, ptx;  // ascending; both empty where the build did not record them (e.g. "native")
    std::string toolkit;         // "13.0"; empty in a build without CUDA
};

const BuiltGpuCode& builtGpuCode();
// "SASS sm_75 sm_80 ... + PTX compute_75 (CUDA 13.0)"
std::string describeBuiltGpuCode(const BuiltGpuCode& built);

enum class KernelSource {
    SassForThisGpu,  // a cubin built for exactly this compute capability
    SassSameMajor,   // a cubin of the same major and a lower minor (binary compatible)
    JitFromPtx,      // no usable cubin: the driver compiles PTX of a lower architecture at first load
    None,            // nothing in the binary runs here (e.g. an sm_70 GPU and a CUDA 13 build)
};

struct KernelImageChoice {
    KernelSource source = KernelSource::None;
    int arch = 0;  // the cubin's sm or the PTX's compute architecture
};

// The CUDA driver's rule for a device of `computeCapability` (e.g. 89): a cubin for sm_XY runs on X.Z
// with Z >= Y, and the driver prefers the newest such cubin; failing that it JIT-compiles the newest PTX
// whose architecture is not above the device's. Pure, so the CPU tests cover every case.
KernelImageChoice chooseKernelImage(int computeCapability, const BuiltGpuCode& built);
std::string describeKernelChoice(const KernelImageChoice& choice, int computeCapability);

// For the current device: the name, compute capability and where its kernels come from, confirmed by the
// runtime (cudaFuncGetAttributes); without a device, why there is none.
std::string describeKernelImage();
// bench's line: describeKernelImage() with a device, what the binary carries without one.
std::string describeGpuCodeForRun();

// What the CUDA driver loaded for the current device, read from a probe kernel compiled like all the others
// (kernels/kernel_image.cu, built into racelab_core for this one question; defined only in CUDA builds).
struct LoadedKernelImage {
    bool loaded = false;     // false: no code in the binary runs on this device (error says why)
    int binaryVersion = 0;   // architecture of the machine code that runs, e.g. 86 (JIT: the device's own)
    int ptxVersion = 0;      // virtual architecture that code was compiled from, e.g. 75
    const char* error = "";  // the CUDA error when !loaded
};
LoadedKernelImage loadedKernelImage();

}  // namespace racelab
