// The planes scenes (N planes x n circles), their limits, and the memory they need.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "scenes/planes/plane_formulas.hpp"

namespace racelab::planes {

struct PlanePreset {
    std::string name;  // without "planes/"
    int planes;
    int circlesPerPlane;
    std::string description;
};

const std::vector<PlanePreset>& planePresets();
const PlanePreset* findPlanePreset(const std::string& name);

inline constexpr int kMaxPlanes = 100000;
inline constexpr int kMaxCirclesPerPlane = 4096;

// Throws UsageError naming the bad value (counts <= 0 or absurd, radii out of order, alpha outside [0,1]).
void validateSettings(const PlaneSettings& settings);
std::size_t planeBytes(const PlaneSettings& settings, int width, int height);
// Throws InsufficientMemoryError with the numbers and a suggestion when the host cannot hold `bytes` (MemAvailable).
void requireHostMemory(std::size_t bytes, const std::string& what);
std::string formatBytes(std::size_t bytes);

}  // namespace racelab::planes
