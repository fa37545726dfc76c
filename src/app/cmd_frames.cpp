// racelab frames: an animated scene's frames as PNG files (e.g. a Fourier drawing's GIF frames), with a
// progress line; with ffmpeg installed, also a GIF or MP4 assembled from them.
#include <cstdio>
#include <cstdlib>
#include <filesystem>

#include "app/commands.hpp"
#include "app/frame_loop.hpp"
#include "app/progress_line.hpp"
#include "app/scene_setup.hpp"
#include "core/errors.hpp"
#include "core/interrupt.hpp"
#include "core/gpu_timing.hpp"
#include "core/image_io.hpp"

namespace racelab {
namespace {

bool haveFfmpeg() { return std::system("command -v ffmpeg >/dev/null 2>&1") == 0; }

void assemble(const std::string& pattern, const std::string& out, bool gif) {
    if (!haveFfmpeg()) throw UsageError("--gif/--mp4 need ffmpeg (apt-get install ffmpeg); the PNG frames are written");
    std::string command = "ffmpeg -loglevel error -y -framerate 30 -i '" + pattern + "' ";
    command += gif ? "-vf 'split[a][b];[a]palettegen[p];[b][p]paletteuse' '" + out + "'"
                   : "-c:v libx264 -pix_fmt yuv420p '" + out + "'";
    if (std::system(command.c_str()) != 0) throw Error("ffmpeg could not write '" + out + "'");
    std::printf("wrote %s\n", out.c_str());
}

}  // namespace

int runFrameExport(const FrameExportOptions& o) {
    if (o.frames <= 0 || o.frames > 100000) throw UsageError("--frames must be within 1..100000");
    if (o.every <= 0) throw UsageError("--every must be positive");
    if (o.outDir.empty()) throw UsageError("--out-dir is required");
    PreparedScene prepared = prepareScene(o.selection, "800x450");
    if (!prepared.scene->animated())
        throw UsageError(prepared.scene->name() + " is not animated (with these parameters): its frames would all be the same");
    std::error_code ec;
    std::filesystem::create_directories(o.outDir, ec);
    const std::string probe = (std::filesystem::path(o.outDir) / "frame-00000.png").string();
    requireWritable(probe);
    CudaStream stream;
    FrameLoop loop(*prepared.scene, nullptr, nullptr, stream.get());
    loop.setHeadlessSize(prepared.size.width, prepared.size.height);
    FrameControls controls;
    controls.variant = prepared.variant;
    controls.raceMeter = false;
    ProgressLine progress(prepared.scene->name() + " frames");
    long written = 0;
    for (long f = 0; f < o.frames && !interruptSignal(); ++f) {
        loop.runFrame(controls);
        if (f % o.every == 0) {
            char name[32];
            std::snprintf(name, sizeof name, "frame-%05ld.png", written++);
            writePng(loop.lastFramePixels(), (std::filesystem::path(o.outDir) / name).string());
        }
        progress.update(f + 1, o.frames, prepared.scene->statsLine());
    }
    progress.finish();
    if (interruptSignal()) {  // every PNG written is whole (atomic writes); no movie from a partial set
        std::printf("interrupted (signal %d) after %ld frames written to %s\n", interruptSignal(), written, o.outDir.c_str());
        return interruptedExitCode();
    }
    std::printf("wrote %ld frames of %s (%dx%d, %s backend) to %s\n", written, prepared.scene->name().c_str(),
                prepared.size.width, prepared.size.height, backendName(prepared.backend), o.outDir.c_str());
    const std::string pattern = (std::filesystem::path(o.outDir) / "frame-%05d.png").string();
    if (!o.gif.empty()) assemble(pattern, o.gif, true);
    if (!o.mp4.empty()) assemble(pattern, o.mp4, false);
    return 0;
}

}  // namespace racelab
