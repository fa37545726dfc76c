// Mesh files: the course's CSV pair (verts.csv "x,y,z" per line; meshes.csv three 0-based indices per line
// written as floats), OFF, and OBJ (tinyobjloader). Every error names the file and line and says what is
// wrong; nothing is returned half-read.
#pragma once
#include <string>
#include <vector>

#include "scenes/mesh/mesh.hpp"

namespace racelab::mesh {

inline constexpr std::size_t kMaxTriangles = 50'000'000;
inline constexpr std::size_t kMaxVertices = 50'000'000;

std::vector<Vec3> readCsvVertices(const std::string& path);
// Checks every index against vertexCount.
std::vector<std::uint32_t> readCsvTriangles(const std::string& path, std::size_t vertexCount);
Mesh loadCsvMesh(const std::string& vertsPath, const std::string& trianglesPath);
Mesh loadOff(const std::string& path);
Mesh loadObj(const std::string& path);
// By extension: .off, .obj.
Mesh loadMeshFile(const std::string& path);

}  // namespace racelab::mesh
