// The CPU reference's bounding-volume hierarchy: median splits on the longest axis of the centroids,
// up to 4 triangles a leaf. Queries are any-hit (masks, visibility) and closest-hit (depth, normal, id).
#pragma once
#include <cstdint>
#include <vector>

#include "scenes/mesh/mesh.hpp"

namespace racelab::mesh {

struct ClosestHit {
    bool hit = false;
    float t = 0.f;
    std::uint32_t triangle = 0;
};

class CpuBvh {
public:
    explicit CpuBvh(const Mesh& mesh);
    bool anyHit(Vec3 origin, Vec3 direction, float tMin, float tMax) const;
    ClosestHit closestHit(Vec3 origin, Vec3 direction, float tMin, float tMax) const;
    // True when some triangle the ray reaches decides hit/miss within kEdgeEpsilon of an edge.
    bool grazesEdge(Vec3 origin, Vec3 direction, float tMin, float tMax) const;
    // Visibility: does a triangle block the way from origin towards target under the rule? The boxes are grown
    // by visibilityBoxSlack, so this equals visibilityBlockedBrute exactly.
    bool visibilityBlocked(const VisibilityRule& rule, Vec3 origin, Vec3 target) const;
    int nodeCount() const { return static_cast<int>(nodes_.size()); }

private:
    struct Node {
        Vec3 lo, hi;
        int left = -1, right = -1;  // children, or -1 for a leaf
        int first = 0, count = 0;   // leaf: triangles order_[first .. first + count)
    };
    int build(int first, int count, const std::vector<Vec3>& centroids);
    // Depth-first over the nodes whose box `enters` accepts; stops when `visit(triangle)` returns true.
    template <typename Enters, typename Visit>
    void walk(Enters enters, Visit visit) const;
    template <typename Visit>
    void traverse(Vec3 origin, Vec3 direction, float tMax, Visit visit) const;

    const Mesh& mesh_;
    float scale_ = 0.f;  // largest |coordinate| of the mesh (visibilityBoxSlack)
    std::vector<Node> nodes_;
    std::vector<std::uint32_t> order_;
};

// Brute force over every triangle (the definition the BVH must agree with).
bool anyHitBrute(const Mesh& mesh, Vec3 origin, Vec3 direction, float tMin, float tMax);
ClosestHit closestHitBrute(const Mesh& mesh, Vec3 origin, Vec3 direction, float tMin, float tMax);
bool visibilityBlockedBrute(const Mesh& mesh, const VisibilityRule& rule, Vec3 origin, Vec3 target);

}  // namespace racelab::mesh
