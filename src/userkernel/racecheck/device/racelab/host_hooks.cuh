// Pre-included into the host compile of an instrumented whole-file solution (nvcc's last step, on its
// .cudafe1.cpp: userkernel/build/whole_file_instrumented.hpp), and nowhere else. Its CUDA calls that racelab
// must see -- every kernel launch (the launch stubs nvcc writes call cudaLaunchKernel) and every allocation
// and free -- go to racelab's hooks instead (host_hooks_definitions.cuh, a separate object), which tell the
// worker and then make the call itself. Macros only, and no include: the file being compiled already holds
// the CUDA headers' declarations, preprocessed, and these names rename them there as well, so that the
// declarations, the runtime's templates and the calls all agree.
#pragma once
#define cudaLaunchKernel racelabHookedLaunchKernel
#define cudaMalloc racelabHookedMalloc
#define cudaFree racelabHookedFree
