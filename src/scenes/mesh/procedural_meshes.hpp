// Meshes that need no file: an icosphere, a torus and a wavy grid.
#pragma once
#include "scenes/mesh/mesh.hpp"

namespace racelab::mesh {

Mesh icosphere(int subdivisions);            // 20 * 4^s triangles on the unit sphere
Mesh torus(int around, int tube, float majorRadius = 1.f, float minorRadius = .35f);  // 2 * around * tube triangles
Mesh wavyGrid(int cells);                    // 2 * cells^2 triangles, a height field

}  // namespace racelab::mesh
