// The twin of mesh_neighbour_unsynced.cu: a barrier between writing the scan's result and reading a
// neighbour's.
// scene: mesh/torus
// size: 256x256
// expect: none
#include <racelab/mesh.cuh>

__global__ void castRays() {
    __shared__ int scan[2][256];
    __shared__ int result[256];
    const int x = blockIdx.x * 16 + threadIdx.x, y = blockIdx.y * 16 + threadIdx.y;
    const int rank = threadIdx.y * 16 + threadIdx.x;
    const bool inside = x < meshParams.width && y < meshParams.height;
    bool hit = false;
    if (inside) {
        const float3 direction = meshRay(x, y);
        for (int k = 0; k < meshParams.triangleCount && k < 64 && !hit; ++k)
            hit = meshHit(meshParams.camera.eye, direction, meshParams.triangles[k], 0.f, MESH_FAR);
    }
    int in = 0;
    scan[0][rank] = hit ? 1 : 0;
    __syncthreads();
    for (int d = 1; d < 256; d *= 2) {
        scan[1 - in][rank] = scan[in][rank] + (rank >= d ? scan[in][rank - d] : 0);
        __syncthreads();
        in = 1 - in;
    }
    result[rank] = scan[in][rank];
    __syncthreads();
    const int left = rank > 0 ? result[rank - 1] : 0;
    if (inside) meshParams.hit[y * meshParams.width + x] = (result[rank] - left) > 0 ? 1 : 0;
}

RACELAB_LAUNCHES(RACELAB_PER_PIXEL(castRays, 16, 16));
