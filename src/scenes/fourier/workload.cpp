// The Fourier family's descriptor: the drawings, the two variants, the parameters and the --image option.
#include "scenes/fourier/contour_extraction.hpp"
#include "scenes/fourier/contour_preprocess.hpp"
#include "scenes/fourier/fourier_kernel_contract.hpp"
#include "scenes/fourier/fourier_scene.hpp"
#include "scenes/fourier/fourier_series.hpp"
#include "scenes/workload.hpp"

RACELAB_WORKLOAD(fourier) {
    using namespace racelab;
    static const WorkloadFamily family = [] {
        const fourier::EdgeSettings edges;
        const fourier::PreprocessSettings preprocessing;
        WorkloadFamily f;
        f.name = "fourier";
        f.description = "epicycles drawing an image's preprocessed contours, with the pen's trail";
        f.variants = {
            {"good", "chain of centres by a block scan; trail coverage kept with atomicMax", true},
            {"bad", "both races below: the chain's arms jump and the trail speckles", false},
            {"bad-chain", "chain by a shared-memory scan missing its barriers (arms jump); trail as good", false},
            {"bad-trail", "trail kept with a plain read-then-write max instead of atomicMax: lost updates (speckles); "
                          "chain as good", false},
        };
        f.parameters = {
            ParameterSpec::real("blur", "blur sigma", 0, 10, edges.sigma, true, "Gaussian blur before Canny (images only)"),
            ParameterSpec::real("canny-low", "canny low", 0, 1000, edges.low, true, "images only"),
            ParameterSpec::real("canny-high", "canny high", 0, 1000, edges.high, true, "images only"),
            ParameterSpec::integer("min-size", "min size (points)", 1, 100000, preprocessing.minSize, true,
                                   "contours with fewer points are dropped"),
            ParameterSpec::real("duplicate-distance", "duplicate distance (px)", 0, 50, preprocessing.duplicateDistance,
                                true, "a point this close to the last kept one is dropped"),
            ParameterSpec::real("merge-distance", "merge distance (px)", 0, 200, preprocessing.mergeDistance, true,
                                "contours this close are joined"),
            ParameterSpec::integer("terms", "terms K", 1, fourier::kMaxTerms, 400, true, "epicycles kept (largest first)"),
            ParameterSpec::integer("samples", "samples N", 2, fourier::kMaxSamples, 4096, true, "points the path is resampled to"),
            ParameterSpec::real("speed", "speed (turns per 10 s)", .05, 20, 1, false),
            ParameterSpec::real("brush", "brush radius (px)", 1, 200, 12, false, "right-drag paints strokes out"),
            ParameterSpec::flag("circles", "circles", true, false),
            ParameterSpec::flag("arms", "arms", true, false),
            ParameterSpec::flag("source", "source contours", false, false),
            ParameterSpec::choice("trail", "trail", {"drawing", "clear now"}, 0, false,
                                  "clear now: the trail restarts at the next frame"),
        };
        f.countMeaning = "shapes";
        f.options = {{"image", "picture for fourier/image (PNG, JPEG or SVG)", true}};
        f.presets = [] {
            std::vector<PresetInfo> out(3);
            out[0].name = "text";
            out[0].description = "epicycles drawing the word racelab (assets/fourier/racelab.svg: our own outlines, no font)";
            out[1].name = "shapes";
            out[1].description = "epicycles drawing 1024x1024 random shapes (--count shapes, default 600: ~67k contour points)";
            out[1].takesCount = true;
            out[2].name = "image";
            out[2].description = "epicycles drawing the contours of --image FILE (PNG, JPEG or SVG)";
            out[2].needs = "image";
            out[2].gradeInput = "images/rings.png";  // graded without --image: racelab's own picture
            return out;
        };
        f.create = [](const std::string& preset, const SceneOptions& options) -> std::unique_ptr<Scene> {
            return std::make_unique<fourier::FourierScene>(preset, options);
        };
        f.kernelContract = fourier::fourierKernelContract();
        return f;
    }();
    return family;
}
