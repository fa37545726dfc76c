// The bumpy cube-sphere on the host: the triangles face by face, the vertices from their lattice points.
#include "scenes/mesh/bumpy_sphere.hpp"

#include <string>

#include "core/errors.hpp"
#include "scenes/mesh/bumpy_sphere_formulas.hpp"

namespace racelab::mesh {
namespace {

void checkCells(int n) {
    if (n < 1 || n > kMaxBumpyCells)
        throw UsageError("bumpy sphere: " + std::to_string(n) + " cells along an edge is outside 1.." +
                         std::to_string(kMaxBumpyCells));
}

// The lattice point (i, j, k) of face `face` (axis face / 2, at 0 or n as face is even or odd) at (a, b)
// along the face's two other axes, taken cyclically after the face's axis.
void facePoint(int face, int a, int b, int n, int p[3]) {
    const int axis = face / 2;
    p[axis] = face % 2 ? n : 0;
    p[(axis + 1) % 3] = a;
    p[(axis + 2) % 3] = b;
}

}  // namespace

std::vector<std::uint32_t> bumpySphereIndices(int n, bool parallel) {
    checkCells(n);
    std::vector<std::uint32_t> out(static_cast<std::size_t>(bumpyTriangleCount(n)) * 3);
    // One row of quads of one face per iteration; row r of face f starts at triangle (f n + r) * 2 n.
#pragma omp parallel for schedule(static) if (parallel)
    for (int row = 0; row < 6 * n; ++row) {
        const int face = row / n, a = row % n;
        // axis+1 x axis+2 = axis: (a, b) -> (a+1, b) -> (a+1, b+1) is counter-clockwise seen from the positive
        // side, so outward on the face at n and inward on the face at 0, which takes the other winding.
        const bool outwardAsIs = face % 2 == 1;
        std::uint32_t* tri = out.data() + static_cast<std::size_t>(row) * 2 * n * 3;
        for (int b = 0; b < n; ++b) {
            int p[4][3];
            facePoint(face, a, b, n, p[0]);
            facePoint(face, a + 1, b, n, p[1]);
            facePoint(face, a + 1, b + 1, n, p[2]);
            facePoint(face, a, b + 1, n, p[3]);
            std::uint32_t v[4];
            for (int c = 0; c < 4; ++c) v[c] = bumpyIndex(p[c][0], p[c][1], p[c][2], n);
            const std::uint32_t quad[6] = {v[0], v[1], v[2], v[0], v[2], v[3]};
            const std::uint32_t flipped[6] = {v[0], v[2], v[1], v[0], v[3], v[2]};
            for (int c = 0; c < 6; ++c) *tri++ = outwardAsIs ? quad[c] : flipped[c];
        }
    }
    return out;
}

std::vector<Vec3> bumpySphereVertices(int n, bool parallel) {
    checkCells(n);
    const std::int64_t count = bumpyVertexCount(n);
    std::vector<Vec3> out(static_cast<std::size_t>(count));
#pragma omp parallel for schedule(static) if (parallel)
    for (std::int64_t v = 0; v < count; ++v) out[static_cast<std::size_t>(v)] = bumpyVertexAt(static_cast<std::uint32_t>(v), n);
    return out;
}

Mesh bumpySphere(int n, const std::string& name) {
    Mesh m;
    m.name = name;
    m.indices = bumpySphereIndices(n);
    m.vertices = bumpySphereVertices(n);
    return m;
}

}  // namespace racelab::mesh
