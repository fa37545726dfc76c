#include "scenes/mesh/mesh_kernel_contract.hpp"

namespace racelab::mesh {

KernelContract meshKernelContract() {
    KernelContract c;
    c.header = "racelab/mesh.cuh";
    c.parametersSymbol = "meshParams";
    c.parametersBytes = MeshParameterLayout::bytes;
    c.sizes = {"pixels", "triangles", "tiles16"};
    c.starter = "kernels/mesh/starter.cu";
    c.examples = {
        {"kernels/mesh/starter.cu", false,
         "a 16x16 block per tile stages the triangles through shared memory without barriers (warps overwrite a "
         "tile others still read: holes)"},
        {"kernels/mesh/tiled.cu", true, "the same tiles with the two barriers (correct; every ray tests every triangle)"},
    };
    c.summary =
        "The kernels read meshParams (triangles, hit, triangleCount, width, height, camera) and set hit[pixel] = 1 "
        "where the pixel's primary ray (meshRay) hits any triangle (meshHit, 0 < t < MESH_FAR); racelab shades the "
        "mask as the hit-mask view (compare at shading=hit mask).";
    return c;
}

}  // namespace racelab::mesh
