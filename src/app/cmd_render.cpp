// racelab render: one frame of a scene to a PNG or PPM file.
#include <cstdio>

#include "app/commands.hpp"
#include "app/offline_frame.hpp"
#include "app/scene_setup.hpp"
#include "core/errors.hpp"
#include "core/gpu_timing.hpp"
#include "core/image_io.hpp"

namespace racelab {

int runRender(const RenderOptions& options) {
    if (options.out.empty()) throw UsageError("--out is required (a .png or .ppm path)");
    PreparedScene prepared = prepareScene(options.selection, "1024x1024");
    requireWritable(options.out);  // fail before the work, not after
    if (!prepared.backendNote.empty()) std::fprintf(stderr, "racelab render: %s\n", prepared.backendNote.c_str());
    CudaStream stream;
    HostImage image = renderOffline(*prepared.scene, prepared.variant, prepared.size, stream.get());
    writeImage(image, options.out);
    std::printf("wrote %s: %s frame %ld, %dx%d, %s backend, variant %s\n", options.out.c_str(),
                prepared.scene->name().c_str(), options.selection.frame, image.width, image.height,
                backendName(prepared.backend), options.selection.variant.c_str());
    return 0;
}

}  // namespace racelab
