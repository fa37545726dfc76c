// The kernel worker's own loop (`racelab kernel-worker`, started by WorkerProcess only): a CUDA context of its
// own on the given device, then one answer per request until "quit" or until the kernel faults.
#pragma once

namespace racelab::userkernel {

// Returns the process exit code: 0 after quit, 3 after a fault (the context is lost), 2 on a broken channel.
int runKernelWorker(int socketFd, int device);

}  // namespace racelab::userkernel
