// A correct hit mask: a 16x16 block of rays per 16x16 pixel tile tests every triangle, the triangles staged
// through shared memory 256 at a time, with the two barriers that make the staging safe: after loading (the
// batch is complete before anyone reads it) and after testing (everyone is done with it before the next batch
// overwrites it). Every thread of the block, also one outside the frame or whose ray has hit already, goes
// round the loop and reaches both barriers. Every ray tests every triangle: fine for the procedural meshes,
// slow for large ones (the family's good variant walks an LBVH instead).
#include <racelab/mesh.cuh>

constexpr int kTile = 16;
constexpr int kThreads = kTile * kTile;

__global__ void castRays() {
    __shared__ MeshTriangle batch[kThreads];
    const int x = blockIdx.x * kTile + threadIdx.x, y = blockIdx.y * kTile + threadIdx.y;
    const int rank = threadIdx.y * kTile + threadIdx.x;
    const bool inside = x < meshParams.width && y < meshParams.height;
    const float3 origin = meshParams.camera.eye;
    const float3 direction = meshRay(inside ? x : 0, inside ? y : 0);
    bool hit = false;
    for (int base = 0; base < meshParams.triangleCount; base += kThreads) {
        if (base + rank < meshParams.triangleCount) batch[rank] = meshParams.triangles[base + rank];
        __syncthreads();  // the batch is complete before anyone reads it
        const int count = min(kThreads, meshParams.triangleCount - base);
        for (int k = 0; k < count && !hit; ++k) hit = meshHit(origin, direction, batch[k], 0.f, MESH_FAR);
        __syncthreads();  // everyone is done with the batch before it is overwritten
    }
    if (inside && hit) meshParams.hit[y * meshParams.width + x] = 1;
}

RACELAB_LAUNCHES(RACELAB_PER_PIXEL(castRays, kTile, kTile));
