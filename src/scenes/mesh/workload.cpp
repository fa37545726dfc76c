// The mesh family's descriptor: the catalog of meshes, the three ray-casting variants and the parameters.
#include "scenes/mesh/bumpy_sphere_formulas.hpp"
#include "scenes/mesh/mesh_catalog.hpp"
#include "scenes/mesh/mesh_kernel_contract.hpp"
#include "scenes/mesh/mesh_scene.hpp"
#include "scenes/mesh/visibility_command.hpp"
#include "scenes/workload.hpp"

RACELAB_WORKLOAD(mesh) {
    using namespace racelab;
    static const WorkloadFamily family = [] {
        WorkloadFamily f;
        f.name = "mesh";
        f.description = "an orbiting camera's primary rays against a triangle mesh: hit mask or shading";
        f.variants = {
            {"good", "LBVH built on the GPU (Morton codes, radix sort, Karras hierarchy), stack traversal", true},
            {"brute", "every ray against every triangle, staged through shared memory with barriers", true},
            {"bad", "the brute tiles without barriers: warps read a tile others are still writing (holes)", false},
        };
        f.parameters = {
            ParameterSpec::choice("shading", "shading", {"hit mask", "depth", "normal", "triangle id"}, 0, false,
                                  "hit mask = any hit; the others need the closest hit"),
            ParameterSpec::real("orbit-speed", "orbit speed (rad/s)", -2, 2, .4, false),
            ParameterSpec::choice("visible", "visible vertices", {"hidden", "dots from the origin"}, 0, false,
                                  "the vertices visible from the origin point, as dots"),
            ParameterSpec::real("origin-x", "origin x (radii)", -4, 4, 1.5, false),
            ParameterSpec::real("origin-y", "origin y (radii)", -4, 4, 1.2, false),
            ParameterSpec::real("origin-z", "origin z (radii)", -4, 4, 1.5, false),
        };
        f.presets = [] {
            std::vector<PresetInfo> out;
            for (const auto& entry : mesh::meshCatalog()) {
                PresetInfo p;
                p.name = entry.name;
                p.description = entry.description;
                // The bumpy spheres: the CPU reference's frames take seconds (its BVH is built on one thread),
                // and ten million triangles are too large to switch to and from in a soak.
                p.slowOnCpu = entry.bumpyCells > 0;
                p.heavy = entry.bumpyCells > 0 && mesh::bumpyTriangleCount(entry.bumpyCells) >= 5'000'000;
                out.push_back(p);
            }
            return out;
        };
        f.commands = {mesh::visibilityCommand()};
        f.create = [](const std::string& preset, const SceneOptions& options) -> std::unique_ptr<Scene> {
            return std::make_unique<mesh::MeshScene>(preset, options);
        };
        f.kernelContract = mesh::meshKernelContract();
        return f;
    }();
    return family;
}
