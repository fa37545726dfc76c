// The planes family's descriptor: presets by plane count, the two compositing variants and the parameters.
#include "scenes/planes/plane_kernel_contract.hpp"
#include "scenes/planes/plane_scene.hpp"
#include "scenes/planes/plane_spec.hpp"
#include "scenes/workload.hpp"

RACELAB_WORKLOAD(planes) {
    using namespace racelab;
    static const WorkloadFamily family = [] {
        const planes::PlaneSettings defaults;
        WorkloadFamily f;
        f.name = "planes";
        f.description = "RGBA planes of anti-aliased circles composited in order every frame, with parallax scrolling";
        f.variants = {
            {"good", "one thread per 4 pixels, planes streamed with 16-byte loads and blended in order in registers", true},
            {"bad", "one thread per (pixel, plane), unsynchronized read-modify-write of the result: order and updates lost",
             false},
        };
        f.parameters = {
            ParameterSpec::integer("planes", "planes (N)", 1, planes::kMaxPlanes, defaults.planes, true),
            ParameterSpec::integer("circles", "circles per plane (n)", 0, planes::kMaxCirclesPerPlane,
                                   defaults.circlesPerPlane, true),
            ParameterSpec::real("radius-min", "radius min (px)", .5, 200, defaults.radiusMin, true),
            ParameterSpec::real("radius-max", "radius max (px)", .5, 400, defaults.radiusMax, true,
                                "raised to radius-min when below it"),
            ParameterSpec::integer("seed", "seed", 0, 1000000, 0, true, "seed of the counter-based circle hashes"),
            ParameterSpec::choice("blend", "blend", {"seed: r(1-a) + p*a", "over (per-pixel alpha)"},
                                  static_cast<int>(defaults.blend), false),
            ParameterSpec::real("alpha", "alpha (seed mode)", 0, 1, defaults.alpha, false),
            ParameterSpec::real("speed", "speed (px/frame)", 0, 20, defaults.speed, false),
        };
        f.countMeaning = "planes (N)";
        f.presets = [] {
            std::vector<PresetInfo> out;
            for (const auto& preset : planes::planePresets()) {
                PresetInfo p;
                p.name = preset.name;
                p.description = preset.description;
                p.takesCount = true;
                // 10,000 planes hold 37 GB at 720p: a soak leaves them out, the suite runs them at 512x512.
                p.heavy = preset.planes >= 10000;
                p.benchSize = p.heavy ? "512x512" : "";
                p.slowOnCpu = preset.planes >= 1000;
                out.push_back(p);
            }
            return out;
        };
        f.create = [](const std::string& preset, const SceneOptions& options) -> std::unique_ptr<Scene> {
            return std::make_unique<planes::PlaneScene>(preset, options);
        };
        f.kernelContract = planes::planeKernelContract();
        return f;
    }();
    return family;
}
