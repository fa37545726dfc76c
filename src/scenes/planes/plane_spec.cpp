#include "scenes/planes/plane_spec.hpp"

#include <cstdio>
#include <fstream>

#include "core/errors.hpp"

namespace racelab::planes {

const std::vector<PlanePreset>& planePresets() {
    static const std::vector<PlanePreset> presets = {
        {"default", 64, 50, "64 planes x 50 anti-aliased circles, parallax scrolling"},
        {"1000x50", 1000, 50, "1,000 planes x 50 circles"},
        {"10000x50", 10000, 50, "10,000 planes x 50 circles (10.5 GB at 512x512)"},
    };
    return presets;
}

const PlanePreset* findPlanePreset(const std::string& name) {
    for (const auto& p : planePresets())
        if (p.name == name) return &p;
    return nullptr;
}

void validateSettings(const PlaneSettings& s) {
    if (s.planes <= 0 || s.planes > kMaxPlanes)
        throw UsageError("plane count " + std::to_string(s.planes) + " is out of range (1.." + std::to_string(kMaxPlanes) + ")");
    if (s.circlesPerPlane < 0 || s.circlesPerPlane > kMaxCirclesPerPlane)
        throw UsageError("circles per plane " + std::to_string(s.circlesPerPlane) + " is out of range (0.." +
                         std::to_string(kMaxCirclesPerPlane) + ")");
    if (!(s.radiusMin > 0.f) || !(s.radiusMax >= s.radiusMin) || s.radiusMax > 4096.f)
        throw UsageError("radius range must satisfy 0 < min <= max <= 4096 pixels");
    if (!(s.alpha >= 0.f && s.alpha <= 1.f)) throw UsageError("alpha must be within [0, 1]");
    if (!(s.speed >= 0.f && s.speed <= 1000.f)) throw UsageError("speed must be within [0, 1000]");
}

std::size_t planeBytes(const PlaneSettings& s, int width, int height) {
    return static_cast<std::size_t>(s.planes) * static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * 4;
}

std::string formatBytes(std::size_t bytes) {
    char text[64];
    if (bytes >= (std::size_t(1) << 30)) std::snprintf(text, sizeof text, "%.2f GiB", bytes / double(1 << 30));
    else std::snprintf(text, sizeof text, "%.1f MiB", bytes / double(1 << 20));
    return text;
}

void requireHostMemory(std::size_t bytes, const std::string& what) {
    std::ifstream meminfo("/proc/meminfo");
    std::string key;
    std::size_t kib = 0;
    std::string unit;
    while (meminfo >> key >> kib >> unit)
        if (key == "MemAvailable:") {
            std::size_t available = kib * 1024;
            if (bytes + (std::size_t(256) << 20) > available)
                throw InsufficientMemoryError(what + " needs " + formatBytes(bytes) + " of host memory but only " +
                                              formatBytes(available) + " is available; try fewer planes or a smaller --size");
            return;
        }
}

}  // namespace racelab::planes
