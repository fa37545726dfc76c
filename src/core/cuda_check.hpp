// CUDA_CHECK: the CUDA member of the check-macro family (see errors.hpp). Only built with CUDA.
#pragma once
#include <cuda_runtime_api.h>

#include "core/errors.hpp"

#define CUDA_CHECK(expression)                                                                      \
    do {                                                                                            \
        cudaError_t racelab_cuda_status = (expression);                                            \
        if (racelab_cuda_status != cudaSuccess)                                                     \
            ::racelab::throwCheckFailure("CUDA", #expression, cudaGetErrorString(racelab_cuda_status), \
                                         __FILE__, __LINE__);                                      \
    } while (0)
