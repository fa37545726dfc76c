// What the user chose for a scene before it is made: seed, size of the preset (--count), backend and the
// values of the options families add (--image ...). Shared by every family; holds no family's field.
#pragma once
#include <map>
#include <string>

#include "core/frame_target.hpp"

namespace racelab {

struct SceneOptions {
    unsigned seed = 0;
    int count = 0;  // 0: the preset's default (only presets marked takesCount take one)
    Backend backend = Backend::Cuda;
    std::map<std::string, std::string> inputs;  // ExtraOption name -> value ("" or absent: not given)

    std::string input(const std::string& name) const {
        auto it = inputs.find(name);
        return it == inputs.end() ? std::string() : it->second;
    }
};

}  // namespace racelab
