// racelab's side of handing a frame to the kernel worker: device buffers in racelab's context that the worker
// opens through CUDA IPC (allocated once per size, so the ~1 ms of opening a handle is paid once), the frame's
// inputs copied into them (the worker sees copies, never racelab's own buffers), and an interprocess event
// recorded once they are ready, which the worker's stream waits for. Implemented in CUDA beside this header
// (kernel_handoff.cu).
#pragma once
#include <cstddef>
#include <memory>
#include <vector>

#include "scenes/kernel_contract.hpp"
#include "userkernel/worker/kernel_executor.hpp"  // IpcBuffers

namespace racelab::userkernel {

// Every output buffer is followed by a guard of this many bytes, filled with kGuardPattern before each frame;
// the worker counts the guard bytes a kernel changed (a write past the end: an index a row too far, say).
inline constexpr std::size_t kGuardBytes = 256 * 1024;
inline constexpr unsigned char kGuardPattern = 0xA5;

class KernelHandoff {
public:
    virtual ~KernelHandoff() = default;
    // Makes the buffers at least this large; true when they were made anew (the worker must open the new
    // handles; the old buffers are kept until releaseRetired, after the worker has closed them).
    virtual bool reserve(const std::vector<std::size_t>& inputBytes, const std::vector<std::size_t>& outputBytes) = 0;
    virtual IpcBuffers handles() const = 0;
    virtual void releaseRetired() = 0;
    virtual void* const* outputs() const = 0;
    // Copies the frame's inputs on `stream` and records the event the worker waits for.
    virtual void handOver(const KernelFrame& frame, cudaStream_t stream) = 0;
    // A whole-file solution's frame instead: it reads no inputs, and its worker may not open racelab's event
    // (an interprocess event needs the IPC namespace the sandbox takes away), so racelab waits here until the
    // outputs are prepared, before it asks for the frame.
    virtual void waitUntilPrepared(cudaStream_t stream) = 0;
    // Fills a device target with a plain dark grey: the frame of a user kernel that has no working build.
    virtual void fillPlaceholder(const FrameTarget& target) = 0;
};

// racelab's side of the hand-over. Throws throwNoCudaBuild()'s error in a build without CUDA
// (worker/gpu_absent.cpp).
std::unique_ptr<KernelHandoff> makeKernelHandoff();

// What an image of `bytes` costs to cross between page-locked host memory and the device once each way,
// timed in racelab's own process (the median of five each way, summed): a whole-file frame's getImage readback
// and the worker's copy of it to racelab, racelab's share of a frame's round trip beside its idle one
// (docs/GRADING.md, "Time that cannot be bought"). Throws Error where CUDA fails.
double imageCrossingsMs(std::size_t bytes);

}  // namespace racelab::userkernel
