// The node-by-node LBVH traversals (private to kernels/mesh/), run when RACELAB_MESH_TRAVERSAL=naive (the
// default is lbvh_child_box_traversal.cuh): a stack per thread, each popped node's own box loaded and tested,
// both children pushed when the ray enters it. traverse() is any-hit for masks and closest-hit for depth /
// normal / triangle id; lbvhBlocked() is the visibility query, whose boxes are grown by the rule's slack and
// whose triangles are decided by the rule (mesh_formulas.hpp, the same code as the CPU reference).
#pragma once
#include "mesh/mesh_gpu_internal.cuh"

namespace racelab::mesh::gpu {

template <bool kAnyHit>
__device__ HitRecord traverse(const LbvhView& bvh, Vec3 origin, Vec3 direction, float tMin, float tMax) {
    HitRecord best{false, tMax, 0u, {}, {}, {}};
    const Vec3 inv = inverse(direction);
    int stack[kStackDepth];
    int top = 0;
    stack[top++] = 0;
    while (top > 0) {
        const int node = stack[--top];
        if (!hitsBox(origin, inv, xyz(__ldg(&bvh.lo[node])), xyz(__ldg(&bvh.hi[node])), best.t)) continue;
        if (node >= bvh.count - 1) {
            const Triangle tri = bvh.leaves[node - (bvh.count - 1)];
            Vec3 a = xyz(tri.a), b = xyz(tri.b), c = xyz(tri.c);
            Hit h = intersect(origin, direction, a, b, c, tMin, best.t);
            if (h.hit) {
                best = {true, h.t, static_cast<unsigned>(__float_as_int(tri.a.w)), a, b, c};
                if (kAnyHit) return best;
            }
        } else if (top + 2 <= kStackDepth) {
            stack[top++] = __ldg(&bvh.left[node]);
            stack[top++] = __ldg(&bvh.right[node]);
        } else {
            atomicAdd(bvh.overflows, 1u);  // never expected: the tree is deeper than the stack (reported)
        }
    }
    return best;
}

// Any-hit for visibility: boxes grown by `slack` and tested over t in [0, visibilityBoxFar], triangles decided
// by the rule. Never skips a triangle the rule counts, so it equals the brute force exactly.
__device__ inline bool lbvhBlocked(const LbvhView& bvh, const VisibilityRule& rule, Vec3 origin, Vec3 target,
                                   Vec3 direction, float slack) {
    const Vec3 inv = inverse(direction);
    const float far = visibilityBoxFar(rule);
    int stack[kStackDepth];
    int top = 0;
    stack[top++] = 0;
    while (top > 0) {
        const int node = stack[--top];
        if (!hitsGrownBox(origin, inv, xyz(__ldg(&bvh.lo[node])), xyz(__ldg(&bvh.hi[node])), slack, far)) continue;
        if (node >= bvh.count - 1) {
            const Triangle tri = bvh.leaves[node - (bvh.count - 1)];
            if (ruleBlocks(rule, origin, target, direction, xyz(tri.a), xyz(tri.b), xyz(tri.c))) return true;
        } else if (top + 2 <= kStackDepth) {
            stack[top++] = __ldg(&bvh.left[node]);
            stack[top++] = __ldg(&bvh.right[node]);
        } else {
            atomicAdd(bvh.overflows, 1u);  // never expected: the tree is deeper than the stack (reported)
        }
    }
    return false;
}

}  // namespace racelab::mesh::gpu
