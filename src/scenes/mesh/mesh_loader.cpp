#include "scenes/mesh/mesh_loader.hpp"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <type_traits>

#include <glm/common.hpp>
#include <tiny_obj_loader.h>

#include "core/errors.hpp"

namespace racelab::mesh {
namespace {

[[noreturn]] void fail(const std::string& path, long line, const std::string& what) {
    throw UsageError(path + (line > 0 ? ":" + std::to_string(line) : std::string()) + ": " + what);
}

std::ifstream openOrFail(const std::string& path) {
    std::ifstream in(path);
    if (!in) fail(path, 0, std::filesystem::exists(path) ? "cannot be read" : "no such file");
    return in;
}

// Splits a line at commas (CSV) or white space (OFF), dropping empty fields and a trailing '\r'.
std::vector<std::string> fields(std::string line, char separator) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    std::vector<std::string> out;
    std::string field;
    std::istringstream stream(line);
    if (separator == ',') {
        while (std::getline(stream, field, ',')) out.push_back(field);
    } else {
        while (stream >> field) out.push_back(field);
    }
    for (auto& f : out) {
        f.erase(0, f.find_first_not_of(" \t"));
        f.erase(f.find_last_not_of(" \t") + 1);
    }
    return out;
}

// The whole field as a finite number (float for coordinates, double for counts and indices).
template <typename Real>
Real parseNumber(const std::string& text, const std::string& path, long line, const char* what) {
    errno = 0;
    char* end = nullptr;
    Real value;
    if constexpr (std::is_same_v<Real, float>) value = std::strtof(text.c_str(), &end);
    else value = std::strtod(text.c_str(), &end);
    if (text.empty() || end != text.c_str() + text.size()) fail(path, line, std::string(what) + " '" + text + "' is not a number");
    if (!std::isfinite(value) || errno == ERANGE) fail(path, line, std::string(what) + " '" + text + "' is not finite");
    return value;
}

float parseFinite(const std::string& text, const std::string& path, long line, const char* what) {
    return parseNumber<float>(text, path, line, what);
}

// A whole number in [0, limit), read as a double so that every index a float file can name stays exact and
// nothing out of range reaches an integer conversion.
double parseWhole(const std::string& text, double limit, const std::string& path, long line, const char* what,
                  const std::string& limitText = "") {
    const double value = parseNumber<double>(text, path, line, what);
    if (value < 0.0) fail(path, line, std::string(what) + " " + text + " is negative");
    if (value != std::floor(value)) fail(path, line, std::string(what) + " " + text + " is not a whole number");
    if (value >= limit)
        fail(path, line, std::string(what) + " " + text + " is out of range (" +
                             (limitText.empty() ? "limit " + std::to_string(static_cast<long long>(limit) - 1) : limitText) + ")");
    return value;
}

std::uint32_t parseIndex(const std::string& text, std::size_t vertexCount, const std::string& path, long line) {
    return static_cast<std::uint32_t>(
        parseWhole(text, static_cast<double>(vertexCount), path, line, "index", std::to_string(vertexCount) + " vertices"));
}

bool blank(const std::string& line) { return line.find_first_not_of(" \t\r") == std::string::npos; }

void requireTriangles(const Mesh& mesh, const std::string& path) {
    if (mesh.vertices.empty()) fail(path, 0, "has no vertices");
    if (mesh.indices.empty()) fail(path, 0, "has no triangles");
}

}  // namespace

Bounds boundsOf(const Mesh& mesh) {
    Bounds b;
    if (mesh.vertices.empty()) return b;
    b.lo = b.hi = mesh.vertices.front();
    for (const Vec3& v : mesh.vertices) b.lo = glm::min(b.lo, v), b.hi = glm::max(b.hi, v);
    return b;
}

std::vector<Vec3> readCsvVertices(const std::string& path) {
    std::ifstream in = openOrFail(path);
    std::vector<Vec3> out;
    std::string line;
    for (long number = 1; std::getline(in, line); ++number) {
        if (blank(line)) continue;
        auto f = fields(line, ',');
        if (f.size() != 3) fail(path, number, "expected 3 comma-separated coordinates x,y,z, found " + std::to_string(f.size()));
        out.push_back({parseFinite(f[0], path, number, "x"), parseFinite(f[1], path, number, "y"),
                       parseFinite(f[2], path, number, "z")});
        if (out.size() > kMaxVertices) fail(path, number, "more than " + std::to_string(kMaxVertices) + " vertices");
    }
    if (out.empty()) fail(path, 0, "is empty (no vertices)");
    return out;
}

std::vector<std::uint32_t> readCsvTriangles(const std::string& path, std::size_t vertexCount) {
    std::ifstream in = openOrFail(path);
    std::vector<std::uint32_t> out;
    std::string line;
    for (long number = 1; std::getline(in, line); ++number) {
        if (blank(line)) continue;
        auto f = fields(line, ',');
        if (f.size() != 3) fail(path, number, "expected 3 comma-separated vertex indices, found " + std::to_string(f.size()));
        for (const auto& text : f) out.push_back(parseIndex(text, vertexCount, path, number));
        if (out.size() / 3 > kMaxTriangles) fail(path, number, "more than " + std::to_string(kMaxTriangles) + " triangles");
    }
    if (out.empty()) fail(path, 0, "has no triangles");
    return out;
}

Mesh loadCsvMesh(const std::string& vertsPath, const std::string& trianglesPath) {
    Mesh mesh;
    mesh.name = std::filesystem::path(vertsPath).stem().string();
    mesh.vertices = readCsvVertices(vertsPath);
    mesh.indices = readCsvTriangles(trianglesPath, mesh.vertices.size());
    return mesh;
}

Mesh loadOff(const std::string& path) {
    std::ifstream in = openOrFail(path);
    Mesh mesh;
    mesh.name = std::filesystem::path(path).stem().string();
    std::string line;
    long number = 0;
    // the next non-blank, non-comment line, split at white space
    auto next = [&]() -> std::vector<std::string> {
        while (std::getline(in, line)) {
            ++number;
            auto hash = line.find('#');
            if (hash != std::string::npos) line.erase(hash);
            if (!blank(line)) return fields(line, ' ');
        }
        return {};
    };
    auto header = next();
    if (header.empty() || header[0].rfind("OFF", 0) != 0) fail(path, number, "is not an OFF file (no OFF header)");
    header.erase(header.begin());
    if (header.empty()) header = next();
    if (header.size() < 2) fail(path, number, "expected 'vertices faces edges' counts");
    const long vertexCount = static_cast<long>(parseWhole(header[0], kMaxVertices + 1.0, path, number, "vertex count"));
    const long faceCount = static_cast<long>(parseWhole(header[1], kMaxTriangles + 1.0, path, number, "face count"));
    if (vertexCount <= 0 || faceCount <= 0) fail(path, number, "needs at least one vertex and one face");
    mesh.vertices.reserve(static_cast<std::size_t>(vertexCount));
    for (long i = 0; i < vertexCount; ++i) {
        auto f = next();
        if (f.size() < 3) fail(path, number, f.empty() ? "ends before all vertices were read" : "a vertex needs 3 coordinates");
        mesh.vertices.push_back({parseFinite(f[0], path, number, "x"), parseFinite(f[1], path, number, "y"),
                                 parseFinite(f[2], path, number, "z")});
    }
    for (long i = 0; i < faceCount; ++i) {
        auto f = next();
        if (f.empty()) fail(path, number, "ends before all faces were read");
        const long corners = static_cast<long>(parseWhole(f[0], 1e6, path, number, "corner count"));
        if (corners < 3 || static_cast<long>(f.size()) < corners + 1) fail(path, number, "a face needs at least 3 vertex indices");
        std::vector<std::uint32_t> face;
        for (long k = 1; k <= corners; ++k) face.push_back(parseIndex(f[static_cast<std::size_t>(k)], mesh.vertices.size(), path, number));
        for (std::size_t k = 1; k + 1 < face.size(); ++k)  // polygons as triangle fans
            mesh.indices.insert(mesh.indices.end(), {face[0], face[k], face[k + 1]});
    }
    requireTriangles(mesh, path);
    return mesh;
}

Mesh loadObj(const std::string& path) {
    openOrFail(path);
    tinyobj::ObjReaderConfig config;
    config.triangulate = true;
    tinyobj::ObjReader reader;
    if (!reader.ParseFromFile(path, config)) fail(path, 0, "is not a readable OBJ file: " + reader.Error());
    Mesh mesh;
    mesh.name = std::filesystem::path(path).stem().string();
    const auto& positions = reader.GetAttrib().vertices;
    if (positions.size() / 3 > kMaxVertices) fail(path, 0, "has more than " + std::to_string(kMaxVertices) + " vertices");
    for (std::size_t i = 0; i + 2 < positions.size(); i += 3) {
        Vec3 v{positions[i], positions[i + 1], positions[i + 2]};
        if (!std::isfinite(v.x) || !std::isfinite(v.y) || !std::isfinite(v.z))
            fail(path, 0, "vertex " + std::to_string(i / 3 + 1) + " is not finite");
        mesh.vertices.push_back(v);
    }
    for (const auto& shape : reader.GetShapes())
        for (const auto& index : shape.mesh.indices) {
            if (index.vertex_index < 0 || static_cast<std::size_t>(index.vertex_index) >= mesh.vertices.size())
                fail(path, 0, "face index " + std::to_string(index.vertex_index + 1) + " is out of range");
            mesh.indices.push_back(static_cast<std::uint32_t>(index.vertex_index));
        }
    requireTriangles(mesh, path);
    return mesh;
}

Mesh loadMeshFile(const std::string& path) {
    std::string ext = std::filesystem::path(path).extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (ext == ".off") return loadOff(path);
    if (ext == ".obj") return loadObj(path);
    throw UsageError(path + ": unknown mesh format '" + ext + "' (use .off, .obj, or --verts/--tris CSV files)");
}

}  // namespace racelab::mesh
