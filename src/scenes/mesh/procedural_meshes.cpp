// Meshes that need no file, built on the host with GLM (their vertices are then the mesh, on both sides).
#include "scenes/mesh/procedural_meshes.hpp"

#include <algorithm>
#include <cmath>
#include <map>

#include <glm/geometric.hpp>

namespace racelab::mesh {

Mesh icosphere(int subdivisions) {
    Mesh m;
    m.name = "icosphere";
    const float t = (1.f + std::sqrt(5.f)) / 2.f;
    m.vertices = {{-1, t, 0}, {1, t, 0}, {-1, -t, 0}, {1, -t, 0}, {0, -1, t}, {0, 1, t},
                  {0, -1, -t}, {0, 1, -t}, {t, 0, -1}, {t, 0, 1}, {-t, 0, -1}, {-t, 0, 1}};
    for (Vec3& v : m.vertices) v = glm::normalize(v);  // onto the unit sphere
    m.indices = {0, 11, 5, 0, 5, 1, 0, 1, 7, 0, 7, 10, 0, 10, 11, 1, 5, 9, 5, 11, 4, 11, 10, 2, 10, 7, 6, 7, 1, 8,
                 3, 9, 4, 3, 4, 2, 3, 2, 6, 3, 6, 8, 3, 8, 9, 4, 9, 5, 2, 4, 11, 6, 2, 10, 8, 6, 7, 9, 8, 1};
    for (int s = 0; s < subdivisions; ++s) {
        std::map<std::pair<std::uint32_t, std::uint32_t>, std::uint32_t> midpoints;
        auto midpoint = [&](std::uint32_t a, std::uint32_t b) -> std::uint32_t {
            std::pair<std::uint32_t, std::uint32_t> key{std::min(a, b), std::max(a, b)};
            auto it = midpoints.find(key);
            if (it != midpoints.end()) return it->second;
            m.vertices.push_back(glm::normalize((m.vertices[a] + m.vertices[b]) * .5f));
            return midpoints[key] = static_cast<std::uint32_t>(m.vertices.size() - 1);
        };
        std::vector<std::uint32_t> next;
        for (std::size_t i = 0; i < m.indices.size(); i += 3) {
            std::uint32_t a = m.indices[i], b = m.indices[i + 1], c = m.indices[i + 2];
            std::uint32_t ab = midpoint(a, b), bc = midpoint(b, c), ca = midpoint(c, a);
            next.insert(next.end(), {a, ab, ca, b, bc, ab, c, ca, bc, ab, bc, ca});
        }
        m.indices = std::move(next);
    }
    return m;
}

Mesh torus(int around, int tube, float majorRadius, float minorRadius) {
    Mesh m;
    m.name = "torus";
    const float pi = 3.14159265f;
    for (int i = 0; i < around; ++i)
        for (int j = 0; j < tube; ++j) {
            float a = 2 * pi * i / around, b = 2 * pi * j / tube;
            float r = majorRadius + minorRadius * std::cos(b);
            m.vertices.push_back({r * std::cos(a), minorRadius * std::sin(b), r * std::sin(a)});
        }
    auto id = [&](int i, int j) { return static_cast<std::uint32_t>((i % around) * tube + (j % tube)); };
    for (int i = 0; i < around; ++i)
        for (int j = 0; j < tube; ++j)
            m.indices.insert(m.indices.end(), {id(i, j), id(i + 1, j), id(i + 1, j + 1), id(i, j), id(i + 1, j + 1), id(i, j + 1)});
    return m;
}

Mesh wavyGrid(int cells) {
    Mesh m;
    m.name = "grid";
    for (int i = 0; i <= cells; ++i)
        for (int j = 0; j <= cells; ++j) {
            float x = 2.f * i / cells - 1.f, z = 2.f * j / cells - 1.f;
            m.vertices.push_back({x, .15f * std::sin(6.f * x) * std::cos(5.f * z), z});
        }
    auto id = [&](int i, int j) { return static_cast<std::uint32_t>(i * (cells + 1) + j); };
    for (int i = 0; i < cells; ++i)
        for (int j = 0; j < cells; ++j)
            m.indices.insert(m.indices.end(), {id(i, j), id(i + 1, j), id(i + 1, j + 1), id(i, j), id(i + 1, j + 1), id(i, j + 1)});
    return m;
}

}  // namespace racelab::mesh
