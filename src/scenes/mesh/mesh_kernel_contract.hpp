// The mesh family's contract with a user kernel, as racelab declares it (the device side is
// kernel_contract.cuh, installed as racelab/mesh.cuh): what the family descriptor offers, and the byte layout
// of MeshParams that mesh_kernel_side.cpp fills each frame.
#pragma once
#include <cstddef>

#include "scenes/kernel_contract.hpp"

namespace racelab::mesh {

KernelContract meshKernelContract();

// MeshParams (kernel_contract.cuh) on a 64-bit device: offsets of its fields (MeshCamera's float3s are
// 12 bytes, 4-aligned).
struct MeshParameterLayout {
    static constexpr std::size_t triangles = 0, hit = 8, triangleCount = 16, width = 20, height = 24, eye = 28, forward = 40,
                                 right = 52, up = 64, tanHalfFov = 76, aspect = 80, bytes = 88;
};

}  // namespace racelab::mesh
