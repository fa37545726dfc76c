// The registry knows the scene families; each family lists its own presets.
#include "scenes/scene_registry.hpp"

#include "core/errors.hpp"
#include "scenes/circles/circle_scene.hpp"
#include "scenes/circles/circle_scene_spec.hpp"
#include "scenes/fourier/fourier_scene.hpp"
#include "scenes/mesh/mesh_catalog.hpp"
#include "scenes/mesh/mesh_scene.hpp"
#include "scenes/planes/plane_scene.hpp"
#include "scenes/planes/plane_spec.hpp"

namespace racelab {

std::vector<SceneListing> listScenes() {
    std::vector<SceneListing> out;
    std::vector<std::string> circleVariants;
    for (const auto& v : circles::CircleScene::variantList()) circleVariants.push_back(v.name);
    for (const auto& spec : circles::circleSceneSpecs())
        out.push_back({"circles/" + spec.name, spec.description, circleVariants});
    std::vector<std::string> planeVariants;
    for (const auto& v : planes::PlaneScene::variantList()) planeVariants.push_back(v.name);
    for (const auto& preset : planes::planePresets())
        out.push_back({"planes/" + preset.name, preset.description, planeVariants});
    std::vector<std::string> meshVariants;
    for (const auto& v : mesh::MeshScene::variantList()) meshVariants.push_back(v.name);
    for (const auto& entry : mesh::meshCatalog()) out.push_back({"mesh/" + entry.name, entry.description, meshVariants});
    std::vector<std::string> fourierVariants;
    for (const auto& v : fourier::FourierScene::variantList()) fourierVariants.push_back(v.name);
    out.push_back({"fourier/text", "epicycles drawing the word racelab (DejaVu Sans Bold)", fourierVariants});
    out.push_back({"fourier/image", "epicycles drawing the contours of --image FILE", fourierVariants});
    return out;
}

std::unique_ptr<Scene> createScene(const std::string& name, const SceneOptions& options) {
    const std::string circlesPrefix = "circles/";
    if (name.rfind(circlesPrefix, 0) == 0 && circles::findCircleSceneSpec(name.substr(circlesPrefix.size())))
        return std::make_unique<circles::CircleScene>(name.substr(circlesPrefix.size()), options);
    const std::string planesPrefix = "planes/";
    if (name.rfind(planesPrefix, 0) == 0 && planes::findPlanePreset(name.substr(planesPrefix.size())))
        return std::make_unique<planes::PlaneScene>(name.substr(planesPrefix.size()), options);
    const std::string meshPrefix = "mesh/";
    if (name.rfind(meshPrefix, 0) == 0 && mesh::findMeshEntry(name.substr(meshPrefix.size())))
        return std::make_unique<mesh::MeshScene>(name.substr(meshPrefix.size()), options);
    if (name == "fourier/text" || name == "fourier/image")
        return std::make_unique<fourier::FourierScene>(name.substr(8), options);
    std::string valid;
    for (const auto& s : listScenes()) valid += "\n  " + s.name;
    throw UsageError("unknown scene '" + name + "'; valid scenes:" + valid);
}

}  // namespace racelab
