// The LBVH traversals (private to kernels/mesh/): every internal node holds both children's boxes (WideNode),
// so one 64-byte fetch tests both children, a leaf child's triangle is tested straight from its parent, and the
// ray descends into the nearer child and pushes the farther: one dependent load a level, front to back for the
// closest hit, and a stack of at most one entry a level. traverse() is any-hit for masks and closest-hit for
// depth / normal / triangle id; lbvhBlocked() is the visibility query, whose boxes are grown by the rule's slack
// and whose triangles are decided by the rule (mesh_formulas.hpp, the same code as the CPU reference).
//
// Exactness: a box is entered by the slab predicates of mesh_formulas.hpp (hitsBox / hitsGrownBox) on the box
// bits the bottom-up build wrote (padded, so the float slab test never drops a box a ray touches). The root's
// own box is never tested: a child's box lies inside its parent's and the rounded slab arithmetic is monotone
// in the bounds, so a ray that enters a child enters the root too. Every triangle whose boxes the ray enters is
// reached and tested, whatever the order, so the any-hit mask and the visibility flags do not depend on it; the
// closest hit's t does not either, and its triangle only where two triangles meet the ray at exactly the same t
// (a ray through a shared edge: the grazing rays the checks set apart).
#pragma once
#include "mesh/mesh_gpu_internal.cuh"

namespace racelab::mesh::gpu {

// Where the ray enters a box it hits: the near end of hitsBox's slab interval (the same products, which the
// compiler shares with the hitsBox call beside it). Orders the children and prunes popped ones; never decides
// alone whether a box is entered.
__device__ __forceinline__ float boxEntry(Vec3 origin, Vec3 inv, Vec3 lo, Vec3 hi) {
    float t0x = mulRn(subRn(lo.x, origin.x), inv.x), t1x = mulRn(subRn(hi.x, origin.x), inv.x);
    float t0y = mulRn(subRn(lo.y, origin.y), inv.y), t1y = mulRn(subRn(hi.y, origin.y), inv.y);
    float t0z = mulRn(subRn(lo.z, origin.z), inv.z), t1z = mulRn(subRn(hi.z, origin.z), inv.z);
    return fmaxf(fmaxf(fminf(t0x, t1x), fminf(t0y, t1y)), fmaxf(fminf(t0z, t1z), 0.f));
}

__device__ __forceinline__ WideNode loadNode(const WideNode* nodes, int i) {
    const float4* p = reinterpret_cast<const float4*>(nodes + i);
    return {__ldg(p), __ldg(p + 1), __ldg(p + 2), __ldg(p + 3)};
}

template <bool kAnyHit>
__device__ HitRecord traverse(const LbvhView& bvh, Vec3 origin, Vec3 direction, float tMin, float tMax) {
    // The best hit so far as its t and leaf only (fewer registers through the loop); the record with the
    // triangle's corners and id is made once, at the end.
    struct {
        float t;
        int leaf;  // -1: none yet
    } best{tMax, -1};
    const Vec3 inv = inverse(direction);
    const int firstLeaf = bvh.count - 1;
    auto record = [&]() {
        if (best.leaf < 0) return HitRecord{false, tMax, 0u, {}, {}, {}};
        const Triangle tri = bvh.leaves[best.leaf];
        return HitRecord{true, best.t, static_cast<unsigned>(__float_as_int(tri.a.w)), xyz(tri.a), xyz(tri.b), xyz(tri.c)};
    };
    // Tests leaf `node`'s triangle; true when an any-hit traversal is done.
    auto testLeaf = [&](int node) {
        const Triangle tri = bvh.leaves[node - firstLeaf];
        const Hit h = intersect(origin, direction, xyz(tri.a), xyz(tri.b), xyz(tri.c), tMin, best.t);
        if (h.hit) best = {h.t, node - firstLeaf};
        return kAnyHit && h.hit;
    };
    if (firstLeaf == 0) {  // a single triangle: the root is the leaf, with no parent to hold its box
        if (hitsBox(origin, inv, xyz(__ldg(&bvh.lo[0])), xyz(__ldg(&bvh.hi[0])), best.t)) testLeaf(0);
        return record();
    }
    int stackNode[kStackDepth];
    float stackEntry[kStackDepth];  // where the ray enters the pushed box (closest hit: pruned on pop)
    int top = 0;
    int node = 0;
    while (true) {
        const WideNode n = loadNode(bvh.nodes, node);
        const Vec3 lLo = xyz(n.leftLo), lHi = xyz(n.leftHi), rLo = xyz(n.rightLo), rHi = xyz(n.rightHi);
        const bool hitL = hitsBox(origin, inv, lLo, lHi, best.t), hitR = hitsBox(origin, inv, rLo, rHi, best.t);
        const float entryL = boxEntry(origin, inv, lLo, lHi), entryR = boxEntry(origin, inv, rLo, rHi);
        // the nearer child first (left on a tie); a child missed is dropped
        const bool rightFirst = hitR && (!hitL || entryR < entryL);
        const int first = rightFirst ? __float_as_int(n.leftHi.w) : __float_as_int(n.leftLo.w);
        const int second = rightFirst ? __float_as_int(n.leftLo.w) : __float_as_int(n.leftHi.w);
        const float secondEntry = rightFirst ? entryL : entryR;
        const bool firstHit = rightFirst || hitL, secondHit = rightFirst ? hitL : hitR;
        int next = -1;
        if (firstHit) {
            if (first >= firstLeaf) {
                if (testLeaf(first)) return record();
            } else {
                next = first;
            }
        }
        // the first leaf's hit may have moved best.t in front of the second box: no need to go in
        if (secondHit && (kAnyHit || secondEntry <= best.t)) {
            if (second >= firstLeaf) {
                if (testLeaf(second)) return record();
            } else if (next < 0) {
                next = second;
            } else if (top < kStackDepth) {
                stackNode[top] = second;
                if (!kAnyHit) stackEntry[top] = secondEntry;
                ++top;
            } else {
                atomicAdd(bvh.overflows, 1u);  // never expected: the tree is deeper than the stack (reported)
            }
        }
        if (next < 0) {
            // pop, skipping boxes that now lie behind the closest hit
            while (top > 0) {
                --top;
                if (kAnyHit || stackEntry[top] <= best.t) {
                    next = stackNode[top];
                    break;
                }
            }
            if (next < 0) return record();
        }
        node = next;
    }
}

// Any-hit for visibility: boxes grown by `slack` and tested over t in [0, visibilityBoxFar] (hitsGrownBox),
// triangles decided by the rule. Never skips a triangle the rule counts, so it equals the brute force exactly.
__device__ inline bool lbvhBlocked(const LbvhView& bvh, const VisibilityRule& rule, Vec3 origin, Vec3 target,
                                   Vec3 direction, float slack) {
    const Vec3 inv = inverse(direction);
    const float far = visibilityBoxFar(rule);
    const int firstLeaf = bvh.count - 1;
    auto blocks = [&](int leaf) {
        const Triangle tri = bvh.leaves[leaf - firstLeaf];
        return ruleBlocks(rule, origin, target, direction, xyz(tri.a), xyz(tri.b), xyz(tri.c));
    };
    if (firstLeaf == 0)
        return hitsGrownBox(origin, inv, xyz(__ldg(&bvh.lo[0])), xyz(__ldg(&bvh.hi[0])), slack, far) && blocks(0);
    int stack[kStackDepth];
    int top = 0;
    int node = 0;
    while (true) {
        const WideNode n = loadNode(bvh.nodes, node);
        const int children[2] = {__float_as_int(n.leftLo.w), __float_as_int(n.leftHi.w)};
        const bool hit[2] = {hitsGrownBox(origin, inv, xyz(n.leftLo), xyz(n.leftHi), slack, far),
                             hitsGrownBox(origin, inv, xyz(n.rightLo), xyz(n.rightHi), slack, far)};
        int next = -1;
#pragma unroll
        for (int k = 0; k < 2; ++k) {
            if (!hit[k]) continue;
            if (children[k] >= firstLeaf) {
                if (blocks(children[k])) return true;
            } else if (next < 0) {
                next = children[k];
            } else if (top < kStackDepth) {
                stack[top++] = children[k];
            } else {
                atomicAdd(bvh.overflows, 1u);  // never expected: the tree is deeper than the stack (reported)
            }
        }
        if (next < 0) {
            if (top == 0) return false;
            next = stack[--top];
        }
        node = next;
    }
}

}  // namespace racelab::mesh::gpu
