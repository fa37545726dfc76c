// racelab list: the GPU and which of the binary's GPU code it runs, where the assets are, then every
// family with its variants and scenes, read from the families' descriptors; --params adds the parameters.
#include <cstdio>

#include "app/commands.hpp"
#include "core/asset_paths.hpp"
#include "core/kernel_image.hpp"
#include "scenes/scene_registry.hpp"

namespace racelab {
namespace {

void printParameters(const WorkloadFamily& family) {
    std::printf("    parameters (--param NAME=VALUE):\n");
    for (const auto& p : family.parameters) {
        std::printf("      %-20s %-40s default %s%s%s\n", p.name.c_str(), p.validValues().c_str(), p.initialValue().c_str(),
                    p.help.empty() ? "" : "; ", p.help.c_str());
    }
}

}  // namespace

int runList(bool withParameters) {
    std::printf("GPU: %s\n", describeKernelImage().c_str());
    std::printf("GPU code in this binary: %s\n", describeBuiltGpuCode(builtGpuCode()).c_str());
    const std::string assets = assetRootInUse();
    std::printf("assets: %s\n", assets.empty() ? "not found (scenes that draw an asset cannot start; set RACELAB_ASSETS)"
                                               : assets.c_str());
    std::printf("default scene: %s\n", defaultSceneName().c_str());
    for (const WorkloadFamily* family : workloadFamilies()) {
        std::printf("\n%s: %s\n", family->name.c_str(), family->description.c_str());
        std::printf("  variants:\n");
        for (const auto& v : family->variants)
            std::printf("    %-10s %s%s\n", v.name.c_str(), v.correct ? "" : "(racy) ", v.description.c_str());
        std::printf("  scenes:\n");
        for (const auto& preset : family->presets()) {
            const std::string name = family->name + "/" + preset.name;
            std::printf("    %-24s %s%s\n", name.c_str(), preset.description.c_str(),
                        preset.needs.empty() ? "" : (" [needs --" + preset.needs + "]").c_str());
        }
        if (withParameters) printParameters(*family);
    }
    if (!withParameters) std::printf("\n(racelab list --params also lists every family's parameters)\n");
    return 0;
}

}  // namespace racelab
