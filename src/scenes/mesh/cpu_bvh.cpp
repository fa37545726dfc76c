#include "scenes/mesh/cpu_bvh.hpp"

#include <algorithm>

#include <glm/common.hpp>
#include <glm/geometric.hpp>

namespace racelab::mesh {

CpuBvh::CpuBvh(const Mesh& mesh) : mesh_(mesh) {
    const int n = mesh.triangleCount();
    std::vector<Vec3> centroids(static_cast<std::size_t>(n));
    // host only (the CPU's own tree), so GLM's operators: the host never fuses them
    for (int i = 0; i < n; ++i) centroids[i] = (mesh.corner(i, 0) + mesh.corner(i, 1) + mesh.corner(i, 2)) * (1.f / 3.f);
    order_.resize(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) order_[i] = static_cast<std::uint32_t>(i);
    nodes_.reserve(static_cast<std::size_t>(2 * n / 2 + 1));
    if (n > 0) build(0, n, centroids);
    for (const Vec3& v : mesh.vertices) scale_ = std::max(scale_, maxAbs(v));
}

int CpuBvh::build(int first, int count, const std::vector<Vec3>& centroids) {
    Node node;
    node.lo = node.hi = mesh_.corner(static_cast<int>(order_[first]), 0);
    Vec3 clo = centroids[order_[first]], chi = clo;
    for (int i = first; i < first + count; ++i) {
        int t = static_cast<int>(order_[i]);
        for (int k = 0; k < 3; ++k) node.lo = glm::min(node.lo, mesh_.corner(t, k)), node.hi = glm::max(node.hi, mesh_.corner(t, k));
        clo = glm::min(clo, centroids[t]), chi = glm::max(chi, centroids[t]);
    }
    node.lo = {padBelow(node.lo.x), padBelow(node.lo.y), padBelow(node.lo.z)};
    node.hi = {padAbove(node.hi.x), padAbove(node.hi.y), padAbove(node.hi.z)};
    const int index = static_cast<int>(nodes_.size());
    nodes_.push_back(node);
    if (count <= 4) {
        nodes_[index].first = first;
        nodes_[index].count = count;
        return index;
    }
    Vec3 extent = chi - clo;
    int axis = extent.x >= extent.y && extent.x >= extent.z ? 0 : (extent.y >= extent.z ? 1 : 2);
    auto key = [&](std::uint32_t t) { const Vec3& c = centroids[t]; return axis == 0 ? c.x : axis == 1 ? c.y : c.z; };
    int middle = first + count / 2;
    std::nth_element(order_.begin() + first, order_.begin() + middle, order_.begin() + first + count,
                     [&](std::uint32_t a, std::uint32_t b) { return key(a) < key(b); });
    int left = build(first, middle - first, centroids);
    int right = build(middle, first + count - middle, centroids);
    nodes_[index].left = left;
    nodes_[index].right = right;
    return index;
}

template <typename Enters, typename Visit>
void CpuBvh::walk(Enters enters, Visit visit) const {
    if (nodes_.empty()) return;
    int stack[128];
    int top = 0;
    stack[top++] = 0;
    while (top > 0) {
        const Node& node = nodes_[stack[--top]];
        if (!enters(node)) continue;
        if (node.left < 0) {
            for (int i = node.first; i < node.first + node.count; ++i)
                if (visit(order_[i])) return;
        } else {
            stack[top++] = node.left;
            stack[top++] = node.right;
        }
    }
}

template <typename Visit>
void CpuBvh::traverse(Vec3 origin, Vec3 direction, float tMax, Visit visit) const {
    const Vec3 inv = inverse(direction);
    // visit may lower tMax (closest hit), which then prunes the boxes that follow
    walk([&](const Node& node) { return hitsBox(origin, inv, node.lo, node.hi, tMax); },
         [&](std::uint32_t t) { return visit(t, tMax); });
}

bool CpuBvh::anyHit(Vec3 origin, Vec3 direction, float tMin, float tMax) const {
    bool found = false;
    traverse(origin, direction, tMax, [&](std::uint32_t t, float&) {
        int tri = static_cast<int>(t);
        found = intersect(origin, direction, mesh_.corner(tri, 0), mesh_.corner(tri, 1), mesh_.corner(tri, 2), tMin, tMax).hit;
        return found;
    });
    return found;
}

ClosestHit CpuBvh::closestHit(Vec3 origin, Vec3 direction, float tMin, float tMax) const {
    ClosestHit best;
    traverse(origin, direction, tMax, [&](std::uint32_t t, float& limit) {
        int tri = static_cast<int>(t);
        Hit h = intersect(origin, direction, mesh_.corner(tri, 0), mesh_.corner(tri, 1), mesh_.corner(tri, 2), tMin, limit);
        if (h.hit && (!best.hit || h.t < best.t || (h.t == best.t && t < best.triangle))) {
            best = {true, h.t, t};
            limit = h.t;
        }
        return false;
    });
    return best;
}

bool CpuBvh::grazesEdge(Vec3 origin, Vec3 direction, float tMin, float tMax) const {
    bool grazes = false;
    const bool segment = tMax < 1e20f;  // a segment's far end is a real decision boundary; a ray's is not
    traverse(origin, direction, segment ? tMax * 1.01f : tMax, [&](std::uint32_t t, float&) {
        int tri = static_cast<int>(t);
        Vec3 a = mesh_.corner(tri, 0), b = mesh_.corner(tri, 1), c = mesh_.corner(tri, 2);
        // the quantities of intersect(), rounded as it rounds them
        Vec3 e1 = subRn(b, a), e2 = subRn(c, a), s = subRn(origin, a);
        Vec3 p = crossRn(direction, e2), q = crossRn(s, e1);
        float det = dotRn(e1, p);
        if (std::fabs(det) <= kParallelEpsilon) return false;
        float u = dotRn(s, p) / det, v = dotRn(direction, q) / det, tPlane = dotRn(e2, q) / det;
        // How far rounding can move u, v and t: a few float epsilons of the products they are made of,
        // over |det| (a ray far from a small triangle, or at a grazing angle, is ill-conditioned).
        float rounding = 8.f * 1.2e-7f / std::fabs(det);
        float uvTolerance = kEdgeEpsilon + rounding * (glm::length(s) * glm::length(p) + glm::length(direction) * glm::length(q));
        float tTolerance = 1e-5f * std::max(1.f, std::fabs(tMax) * segment) + rounding * glm::length(e2) * glm::length(q);
        float margin = std::fmin(std::fmin(u, v), 1.f - u - v);
        if (margin < -uvTolerance) return false;  // clearly outside
        bool nearEdge = margin < uvTolerance && tPlane > tMin - tTolerance && (!segment || tPlane < tMax + tTolerance);
        bool nearEnd = (segment && std::fabs(tPlane - tMax) < tTolerance) || std::fabs(tPlane - tMin) < tTolerance;
        grazes = nearEdge || nearEnd;
        return grazes;
    });
    return grazes;
}

bool CpuBvh::visibilityBlocked(const VisibilityRule& rule, Vec3 origin, Vec3 target) const {
    const Vec3 direction = subRn(target, origin);  // as the GPU computes it
    const Vec3 inv = inverse(direction);
    const float slack = visibilityBoxSlack(origin, scale_), far = visibilityBoxFar(rule);
    bool blocked = false;
    walk([&](const Node& node) { return hitsGrownBox(origin, inv, node.lo, node.hi, slack, far); },
         [&](std::uint32_t t) {
             const int tri = static_cast<int>(t);
             blocked = ruleBlocks(rule, origin, target, direction, mesh_.corner(tri, 0), mesh_.corner(tri, 1), mesh_.corner(tri, 2));
             return blocked;
         });
    return blocked;
}

bool anyHitBrute(const Mesh& mesh, Vec3 origin, Vec3 direction, float tMin, float tMax) {
    for (int i = 0; i < mesh.triangleCount(); ++i)
        if (intersect(origin, direction, mesh.corner(i, 0), mesh.corner(i, 1), mesh.corner(i, 2), tMin, tMax).hit) return true;
    return false;
}

ClosestHit closestHitBrute(const Mesh& mesh, Vec3 origin, Vec3 direction, float tMin, float tMax) {
    ClosestHit best;
    for (int i = 0; i < mesh.triangleCount(); ++i) {
        Hit h = intersect(origin, direction, mesh.corner(i, 0), mesh.corner(i, 1), mesh.corner(i, 2), tMin, tMax);
        if (h.hit && (!best.hit || h.t < best.t)) best = {true, h.t, static_cast<std::uint32_t>(i)};
    }
    return best;
}

bool visibilityBlockedBrute(const Mesh& mesh, const VisibilityRule& rule, Vec3 origin, Vec3 target) {
    const Vec3 direction = subRn(target, origin);  // as the GPU computes it
    for (int i = 0; i < mesh.triangleCount(); ++i)
        if (ruleBlocks(rule, origin, target, direction, mesh.corner(i, 0), mesh.corner(i, 1), mesh.corner(i, 2))) return true;
    return false;
}

}  // namespace racelab::mesh
