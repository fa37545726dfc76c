// A first hit mask: a 16x16 block of rays per 16x16 pixel tile tests every triangle, the triangles staged
// through shared memory 256 at a time, so that the block reads each triangle from global memory once instead
// of 256 times. Written by `racelab new-kernel mesh FILE`.
//
// It has a race: the barriers are missing. Each thread loads one triangle of the next batch into `batch` while
// other warps of the block may still be testing their rays against the batch before it, and a warp may start
// testing a batch other warps have not finished loading. Rays are then tested against the wrong triangles and
// miss ones they should hit: holes in the mask that move from frame to frame. Run it in the viewer
// (`racelab view --scene mesh/torus --kernel FILE`), press H for the heat view, and put the barriers back.
#include <racelab/mesh.cuh>

constexpr int kTile = 16;
constexpr int kThreads = kTile * kTile;

__global__ void castRays() {
    __shared__ MeshTriangle batch[kThreads];
    const int x = blockIdx.x * kTile + threadIdx.x, y = blockIdx.y * kTile + threadIdx.y;
    const int rank = threadIdx.y * kTile + threadIdx.x;
    // Threads outside the frame still load their share of every batch.
    const bool inside = x < meshParams.width && y < meshParams.height;
    const float3 origin = meshParams.camera.eye;
    const float3 direction = meshRay(inside ? x : 0, inside ? y : 0);
    bool hit = false;
    for (int base = 0; base < meshParams.triangleCount; base += kThreads) {
        if (base + rank < meshParams.triangleCount) batch[rank] = meshParams.triangles[base + rank];
        // missing: __syncthreads() -- the batch is not complete yet
        const int count = min(kThreads, meshParams.triangleCount - base);
        for (int k = 0; k < count && !hit; ++k) hit = meshHit(origin, direction, batch[k], 0.f, MESH_FAR);
        // missing: __syncthreads() -- others may still be reading the batch the next loop overwrites
    }
    if (inside && hit) meshParams.hit[y * meshParams.width + x] = 1;
}

RACELAB_LAUNCHES(RACELAB_PER_PIXEL(castRays, kTile, kTile));
