// The mesh scenes: procedural meshes that always exist (among them the bumpy spheres of about 1 M and 10 M
// triangles, for the LBVH's build and traversal at scale), and real meshes that tools/fetch-meshes.sh
// extracts from Debian's libcgal-demo data into assets/meshes/ (not committed).
#pragma once
#include <string>
#include <vector>

#include "scenes/mesh/mesh.hpp"

namespace racelab::mesh {

struct MeshEntry {
    std::string name;         // without "mesh/"
    std::string description;
    std::string file;         // under assets/meshes/, empty for procedural meshes
    int bumpyCells = 0;       // > 0: the bumpy cube-sphere with this many cells along a face's edge
};

const std::vector<MeshEntry>& meshCatalog();
const MeshEntry* findMeshEntry(const std::string& name);
// Loads or builds the mesh (on the CPU); a missing asset file is a MissingInputError that says how to fetch it.
Mesh loadCatalogMesh(const MeshEntry& entry);
// The file under meshes/ of the first asset root that has it (core/asset_paths.hpp), else where the first
// root would hold it (for the message that says how to fetch it).
std::string meshAssetPath(const std::string& file);

}  // namespace racelab::mesh
