#include "scenes/mesh/mesh_catalog.hpp"

#include <filesystem>

#include "core/asset_paths.hpp"
#include "core/errors.hpp"
#include "scenes/mesh/bumpy_sphere.hpp"
#include "scenes/mesh/mesh_loader.hpp"
#include "scenes/mesh/procedural_meshes.hpp"

namespace racelab::mesh {

const std::vector<MeshEntry>& meshCatalog() {
    static const std::vector<MeshEntry> entries = {
        {"icosphere", "procedural: icosphere, 20,480 triangles", ""},
        {"torus", "procedural: torus, 6,890 vertices / 13,780 triangles (the course task's size)", ""},
        {"grid", "procedural: wavy height field, 80,000 triangles", ""},
        {"bunny", "Stanford bunny, 75,408 triangles (tools/fetch-meshes.sh)", "bunny00.off"},
        {"armadillo", "armadillo, 52,000 triangles (tools/fetch-meshes.sh)", "armadillo.off"},
        {"dragon", "Chinese dragon, 19,994 triangles (tools/fetch-meshes.sh)", "ChineseDragon-10kv.off"},
        {"elephant", "elephant, 88,928 triangles (tools/fetch-meshes.sh)", "refined_elephant.off"},
        // 12 n^2 triangles: n = 289 and 913 are the cube-spheres nearest 1 M and 10 M
        {"bumpy1M", "procedural: bumpy cube-sphere, 1,002,252 triangles (LBVH at scale; generated on the GPU)", "", 289},
        {"bumpy10M", "procedural: bumpy cube-sphere, 10,002,828 triangles (LBVH at scale; generated on the GPU)", "", 913},
    };
    return entries;
}

const MeshEntry* findMeshEntry(const std::string& name) {
    for (const auto& e : meshCatalog())
        if (e.name == name) return &e;
    return nullptr;
}

std::string meshAssetPath(const std::string& file) {
    namespace fs = std::filesystem;
    const std::vector<std::string> roots = assetRoots();  // the same search as every other asset
    for (const auto& root : roots)
        if (fs::exists(fs::path(root) / "meshes" / file)) return (fs::path(root) / "meshes" / file).string();
    return roots.empty() ? "meshes/" + file : (fs::path(roots.front()) / "meshes" / file).string();
}

Mesh loadCatalogMesh(const MeshEntry& entry) {
    if (entry.name == "icosphere") return icosphere(5);
    if (entry.name == "torus") return torus(106, 65);
    if (entry.name == "grid") return wavyGrid(200);
    if (entry.bumpyCells > 0) return bumpySphere(entry.bumpyCells, entry.name);
    std::string path = meshAssetPath(entry.file);
    if (!std::filesystem::exists(path))
        throw MissingInputError("mesh/" + entry.name + " needs " + entry.file + ", which is not in assets/meshes/; run "
                                "tools/fetch-meshes.sh (it extracts the meshes from Debian's libcgal-demo package)");
    Mesh m = loadMeshFile(path);
    m.name = entry.name;
    return m;
}

}  // namespace racelab::mesh
