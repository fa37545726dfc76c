#include "scenes/mesh/mesh_reference.hpp"

namespace racelab::mesh {

void renderMeshReference(const Mesh& mesh, const CpuBvh& bvh, const MeshView& view, HostImage& image,
                         std::vector<std::uint8_t>* ambiguous, bool parallel, CpuMethod method) {
    const int w = image.width, h = image.height;
    const Camera camera = withCamera(view, w, h).camera;
    if (ambiguous) ambiguous->assign(static_cast<std::size_t>(w) * h, 0);
    const float far = 1e30f;
#pragma omp parallel for schedule(dynamic, 4) if (parallel)
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            Vec3 d = primaryDirection(camera, x, y, w, h);
            std::uint8_t* out = image.at(x, y);
            if (view.shading == Shading::Mask) {
                bool hit = method == CpuMethod::Bvh ? bvh.anyHit(camera.eye, d, 0.f, far)
                                                    : anyHitBrute(mesh, camera.eye, d, 0.f, far);
                shadeHit(view.shading, hit, 0.f, 0.f, 1.f, Vec3{0, 0, 0}, 0, out);
            } else {
                ClosestHit hit = method == CpuMethod::Bvh ? bvh.closestHit(camera.eye, d, 0.f, far)
                                                          : closestHitBrute(mesh, camera.eye, d, 0.f, far);
                Vec3 n{0, 0, 0};
                if (hit.hit) {
                    int t = static_cast<int>(hit.triangle);
                    n = facingNormal(mesh.corner(t, 0), mesh.corner(t, 1), mesh.corner(t, 2), d);
                }
                shadeHit(view.shading, hit.hit, hit.t, view.nearT, view.farT, n, hit.triangle, out);
            }
            if (ambiguous) (*ambiguous)[static_cast<std::size_t>(y) * w + x] = bvh.grazesEdge(camera.eye, d, 0.f, far);
        }
    if (view.showVisibleVertices) {
        std::vector<std::uint8_t> blocked;
        visibilityReference(mesh, bvh, view.origin, blocked, parallel, method);
        drawVisibleVertices(mesh, blocked, camera, image);
    }
}

void visibilityReference(const Mesh& mesh, const CpuBvh& bvh, Vec3 origin, std::vector<std::uint8_t>& blocked,
                         bool parallel, CpuMethod method, const VisibilityRule& rule) {
    const int n = static_cast<int>(mesh.vertices.size());
    blocked.assign(static_cast<std::size_t>(n), 0);
#pragma omp parallel for schedule(dynamic, 64) if (parallel)
    for (int i = 0; i < n; ++i)
        blocked[i] = method == CpuMethod::Bvh ? bvh.visibilityBlocked(rule, origin, mesh.vertices[i])
                                              : visibilityBlockedBrute(mesh, rule, origin, mesh.vertices[i]);
}

void drawVisibleVertices(const Mesh& mesh, const std::vector<std::uint8_t>& blocked, const Camera& camera, HostImage& image) {
    for (std::size_t i = 0; i < mesh.vertices.size(); ++i) {
        int x, y;
        if (blocked[i] || !projectToPixel(camera, mesh.vertices[i], image.width, image.height, x, y)) continue;
        for (int dy = -1; dy <= 1; ++dy)
            for (int dx = -1; dx <= 1; ++dx) {
                int px = x + dx, py = y + dy;
                if (px < 0 || py < 0 || px >= image.width || py >= image.height) continue;
                std::uint8_t* p = image.at(px, py);
                p[0] = kDotRed, p[1] = kDotGreen, p[2] = kDotBlue, p[3] = 255;
            }
    }
}

}  // namespace racelab::mesh
