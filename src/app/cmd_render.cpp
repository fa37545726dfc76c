// racelab render: one frame of a scene to a PNG or PPM file, alone or in a comparison view (--view).
#include <cstdio>

#include "app/commands.hpp"
#include "frame/offline_frame.hpp"
#include "frame/race_view.hpp"
#include "app/scene_setup.hpp"
#include "core/errors.hpp"
#include "core/gpu_timing.hpp"
#include "core/image_io.hpp"

namespace racelab {

int runRender(const RenderOptions& options) {
    if (options.out.empty()) throw UsageError("--out is required (a .png or .ppm path)");
    const RaceView view = parseRaceView(options.comparison.view);
    const bool compare = view != RaceView::Plain;
    const ComparisonSpan span = comparisonSpan(options.comparison, options.selection.frame);
    SceneSelection selection = options.selection;
    selection.frame = span.firstFrame;
    PreparedScene prepared = prepareScene(selection, "1024x1024");
    if (compare && prepared.backend != Backend::Cuda)
        throw UsageError("--view " + options.comparison.view + " compares GPU variants: it needs the cuda backend");
    requireWritable(options.out);  // fail before the work, not after
    if (!prepared.backendNote.empty()) std::fprintf(stderr, "racelab render: %s\n", prepared.backendNote.c_str());
    CudaStream stream;
    HostImage image;
    std::string race;
    if (compare) {
        const int frames = prepared.scene->animated() ? span.framesToRun : options.comparison.heatFrames;
        OfflineView drawn = renderOfflineView(*prepared.scene, comparisonControls(options.comparison, prepared.variant),
                                              prepared.size, view == RaceView::Heat ? frames : 1, stream.get());
        image = std::move(drawn.image);
        race = describeRace(*prepared.scene, drawn.race);
    } else {
        image = renderOffline(*prepared.scene, prepared.variant, prepared.size, stream.get());
    }
    writeImage(image, options.out);
    const std::string viewName = compare ? ", view " + options.comparison.view : "";
    std::printf("wrote %s: %s frame %ld, %dx%d, %s backend, variant %s%s\n", options.out.c_str(),
                prepared.scene->name().c_str(), options.selection.frame, image.width, image.height,
                backendName(prepared.backend),
                prepared.scene->variants()[static_cast<std::size_t>(prepared.variant)].name.c_str(), viewName.c_str());
    if (!race.empty()) std::printf("%s\n", race.c_str());
    return 0;
}

}  // namespace racelab
