// The GPU tests' entry point: GoogleTest's, except when a test's user kernel starts this binary as its kernel
// worker. UserKernel runs its worker as `<this executable> kernel-worker --socket-fd N --device D` (racelab
// answers that as a hidden subcommand), so here the test binary answers it the same way instead of running
// the tests again.
#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>

#include "userkernel/worker_main.hpp"

int main(int argc, char** argv) {
    if (argc == 6 && std::strcmp(argv[1], "kernel-worker") == 0 && std::strcmp(argv[2], "--socket-fd") == 0 &&
        std::strcmp(argv[4], "--device") == 0)
        return racelab::userkernel::runKernelWorker(std::atoi(argv[3]), std::atoi(argv[5]));
    ::testing::InitGoogleTest(&argc, argv);
    return RUN_ALL_TESTS();
}
