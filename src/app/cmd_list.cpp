// racelab list: the GPU and which of the binary's GPU code it runs, where the assets are, then every
// scene with its description and variants.
#include <cstdio>

#include "app/commands.hpp"
#include "core/asset_paths.hpp"
#include "core/gpu_timing.hpp"
#include "core/kernel_image.hpp"
#include "scenes/scene_registry.hpp"
#include "scenes/circles/circle_scene.hpp"

namespace racelab {

int runList() {
    std::printf("GPU: %s\n", describeKernelImage().c_str());
    std::printf("GPU code in this binary: %s\n", describeBuiltGpuCode(builtGpuCode()).c_str());
    const std::string assets = assetRootInUse();
    std::printf("assets: %s\n\n", assets.empty() ? "not found (fourier/text needs fourier/racelab.svg; set RACELAB_ASSETS)"
                                                  : assets.c_str());
    std::printf("scenes (default %s):\n", kDefaultScene);
    for (const auto& s : listScenes()) {
        std::string variants;
        for (const auto& v : s.variants) variants += (variants.empty() ? "" : "|") + v;
        std::printf("  %-24s %-58s [%s]\n", s.name.c_str(), s.description.c_str(), variants.c_str());
    }
    std::printf("\nvariants of the circle scenes:\n");
    for (const auto& v : circles::CircleScene::variantList())
        std::printf("  %-10s %s\n", v.name.c_str(), v.description.c_str());
    return 0;
}

}  // namespace racelab
