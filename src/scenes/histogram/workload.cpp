// The histogram family's descriptor: three presets of inputs, the three counting variants, the parameters
// and the --image option (shared with fourier: the same name, help and drop rule, so it is one option).
#include "scenes/histogram/histogram_formulas.hpp"
#include "scenes/histogram/histogram_kernel_contract.hpp"
#include "scenes/histogram/histogram_scene.hpp"
#include "scenes/workload.hpp"

RACELAB_WORKLOAD(histogram) {
    using namespace racelab;
    static const WorkloadFamily family = [] {
        WorkloadFamily f;
        f.name = "histogram";
        f.description = "integers counted into bins every frame and drawn as bars, GPU (left) next to the CPU reference (right)";
        // The order is the histogram::Counting enum's.
        f.variants = {
            {"good", "per-block bins in shared memory (atomicAdd on shared), then one global atomicAdd per bin and block",
             true},
            {"bad", "bins[v] += 1 on global memory, unsynchronized: concurrent updates of a bin are lost (bars flicker)",
             false},
            {"warp", "warp-aggregated global atomics: __match_any_sync groups the lanes of a bin, its lowest lane adds the "
                     "group's size", true},
        };
        f.parameters = {
            ParameterSpec::integer("bins", "bins (B)", histogram::kMinBins, histogram::kMaxBins, 256, true),
            ParameterSpec::integer("seed", "seed", 0, 1000000, 0, true, "seed of the counter-based input hashes"),
        };
        f.countMeaning = "inputs";
        // Exactly as fourier declares it: families that declare the same name share one option, and the
        // first family's help is the one shown.
        f.options = {{"image", "picture for histogram/image (PNG or JPEG)", true}};
        f.presets = [] {
            std::vector<PresetInfo> out(3);
            out[0].name = "random";
            out[0].description = "4,194,304 hashed inputs (--count inputs) in a smooth mixture of four peaks";
            out[0].takesCount = true;
            out[1].name = "skewed";
            out[1].description = "90 % of the inputs in 4 hot bins, the rest as random: heavy contention (--count inputs)";
            out[1].takesCount = true;
            out[2].name = "image";
            out[2].description = "the luminance histogram of --image FILE (PNG or JPEG), one input per pixel";
            out[2].needs = "image";
            out[2].gradeInput = "images/rings.png";  // graded without --image: racelab's own picture
            return out;
        };
        f.create = [](const std::string& preset, const SceneOptions& options) -> std::unique_ptr<Scene> {
            return std::make_unique<histogram::HistogramScene>(preset, options);
        };
        f.kernelContract = histogram::histogramKernelContract();
        return f;
    }();
    return family;
}
