// GPU tests skip, with the reason, where no CUDA device can be used (CI, or a build without nvcc).
#pragma once
#include <gtest/gtest.h>

#include "app/scene_setup.hpp"

#define RACELAB_REQUIRE_CUDA_DEVICE()                                                      \
    do {                                                                                   \
        std::string racelab_why;                                                           \
        if (!racelab::cudaUsable(&racelab_why))                                            \
            GTEST_SKIP() << "GPU test skipped: no usable CUDA device (" << racelab_why << ")"; \
    } while (0)
