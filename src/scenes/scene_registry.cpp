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

namespace {

std::vector<std::string> namesOf(const std::vector<VariantInfo>& variants) {
    std::vector<std::string> names;
    for (const auto& v : variants) names.push_back(v.name);
    return names;
}

}  // namespace

std::vector<SceneListing> listScenes() {
    std::vector<SceneListing> out;
    const auto circleVariants = namesOf(circles::CircleScene::variantList());
    for (const auto& spec : circles::circleSceneSpecs())
        out.push_back({"circles/" + spec.name, spec.description, circleVariants});
    const auto planeVariants = namesOf(planes::PlaneScene::variantList());
    for (const auto& preset : planes::planePresets())
        out.push_back({"planes/" + preset.name, preset.description, planeVariants});
    const auto meshVariants = namesOf(mesh::MeshScene::variantList());
    for (const auto& entry : mesh::meshCatalog()) out.push_back({"mesh/" + entry.name, entry.description, meshVariants});
    const auto fourierVariants = namesOf(fourier::FourierScene::variantList());
    out.push_back({"fourier/text", "epicycles drawing the word racelab (assets/fourier/racelab.svg: our own outlines, no font)", fourierVariants});
    out.push_back({"fourier/shapes", "epicycles drawing 1024x1024 random shapes (--count shapes, default 600: ~67k contour points)",
                   fourierVariants});
    out.push_back({"fourier/image", "epicycles drawing the contours of --image FILE (PNG, JPEG or SVG)", fourierVariants});
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
    if (name == "fourier/text" || name == "fourier/shapes" || name == "fourier/image")
        return std::make_unique<fourier::FourierScene>(name.substr(8), options);
    std::string valid;
    for (const auto& s : listScenes()) valid += "\n  " + s.name;
    throw UsageError("unknown scene '" + name + "'; valid scenes:" + valid);
}

}  // namespace racelab
