// The worker's GPU code in a build without CUDA (the cpu backend only): the executor and the hand-over are
// CUDA host code (kernel_executor.cu, kernel_handoff.cu), so here each factory says the build has none, as
// every other GPU part of racelab does (core/errors.hpp). CMake compiles this file only when CUDA is off.
#include "core/errors.hpp"
#include "userkernel/worker/kernel_executor.hpp"
#include "userkernel/worker/kernel_handoff.hpp"

namespace racelab::userkernel {

std::unique_ptr<KernelExecutor> makeKernelExecutor() { throwNoCudaBuild(); }
std::unique_ptr<KernelHandoff> makeKernelHandoff() { throwNoCudaBuild(); }
double imageCrossingsMs(std::size_t) { throwNoCudaBuild(); }

}  // namespace racelab::userkernel
