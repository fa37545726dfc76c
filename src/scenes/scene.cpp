#include "scenes/scene.hpp"

#include "core/errors.hpp"

namespace racelab {

void Scene::setParameter(const std::string& name, const std::string& value) {
    if (parameters_.assign(name, value, this->name())) regenerate();
}

int Scene::variantIndex(const std::string& variantName) const {
    const auto& list = variants();
    std::string valid;
    for (std::size_t i = 0; i < list.size(); ++i) {
        if (list[i].name == variantName) return static_cast<int>(i);
        valid += (i ? ", " : "") + list[i].name;
    }
    throw UsageError("unknown variant '" + variantName + "' for " + name() + " (valid: " + valid + ")");
}

}  // namespace racelab
