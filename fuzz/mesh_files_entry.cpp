#include <cstdlib>

#include "core/errors.hpp"
#include "entries.hpp"
#include "fuzz_file.hpp"
#include "scenes/mesh/mesh_loader.hpp"

namespace racelab::fuzz {
namespace {

// What every loaded mesh must satisfy: whole triangles, every index naming a vertex, finite coordinates.
void checkMesh(const mesh::Mesh& m) {
    if (m.indices.size() % 3 != 0) std::abort();
    for (std::uint32_t i : m.indices)
        if (i >= m.vertices.size()) std::abort();
    for (const Vec3& v : m.vertices)
        if (!std::isfinite(v.x) || !std::isfinite(v.y) || !std::isfinite(v.z)) std::abort();
}

}  // namespace

int meshFiles(const std::uint8_t* data, std::size_t size) {
    if (size < 1) return 0;
    const int format = data[0] % 4;
    const std::string path = writeInputFile(data + 1, size - 1, format == 0 ? ".off" : format == 1 ? ".obj" : ".csv");
    try {
        if (format == 0 || format == 1) checkMesh(mesh::loadMeshFile(path));
        if (format == 2) {
            for (const Vec3& v : mesh::readCsvVertices(path))
                if (!std::isfinite(v.x) || !std::isfinite(v.y) || !std::isfinite(v.z)) std::abort();
        }
        if (format == 3) {
            const std::size_t vertexCount = size > 1 ? data[1] : 0;
            for (std::uint32_t i : mesh::readCsvTriangles(path, vertexCount))
                if (i >= vertexCount) std::abort();
        }
    } catch (const Error&) {
        // refused with a message: the expected outcome for broken files
    }
    return 0;
}

}  // namespace racelab::fuzz
