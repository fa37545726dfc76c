// FrameTarget: what a scene draws into this frame. RGBA8 rows, row 0 at the bottom. The pixels live in
// device memory (a mapped PBO or cudaMalloc memory) or, for the cpu backend, in host memory.
#pragma once
#include <cstddef>
#include <cstdint>

struct CUstream_st;
using cudaStream_t = CUstream_st*;  // the same alias the CUDA runtime declares, so src/ needs no CUDA headers

namespace racelab {

struct FrameTarget {
    std::uint8_t* pixels = nullptr;
    int width = 0;
    int height = 0;
    std::size_t pitchBytes = 0;  // bytes from one row to the next
    cudaStream_t stream = nullptr;
    bool onDevice = true;
};

enum class Backend { Cuda, Cpu };
inline const char* backendName(Backend b) { return b == Backend::Cuda ? "cuda" : "cpu"; }

}  // namespace racelab
