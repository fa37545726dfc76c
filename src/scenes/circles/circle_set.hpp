// The circles of one scene: structure-of-arrays, far to near (index order is blend order).
#pragma once
#include <string>
#include <vector>

namespace racelab::circles {

enum class Animation { None, Snow, BouncingBalls, Hypnosis, Fireworks };

struct CircleSet {
    std::vector<float> position;  // x, y, depth per circle, normalized [0,1]^2 screen
    std::vector<float> velocity;  // x, y, z per circle
    std::vector<float> color;     // r, g, b per circle (unused by snow, which shades by distance)
    std::vector<float> radius;
    bool snow = false;            // snow shading and the grey-ramp clear
    Animation animation = Animation::None;

    int count() const { return static_cast<int>(radius.size()); }
    void resize(int n) {
        position.assign(3 * static_cast<std::size_t>(n), 0.f);
        velocity.assign(3 * static_cast<std::size_t>(n), 0.f);
        color.assign(3 * static_cast<std::size_t>(n), 0.f);
        radius.assign(static_cast<std::size_t>(n), 0.f);
    }
};

}  // namespace racelab::circles
