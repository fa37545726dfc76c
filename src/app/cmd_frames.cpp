// racelab frames: an animated scene's frames as PNG files (e.g. a Fourier drawing's GIF frames), with a
// progress line, and/or as videos (--gif, --mp4, --video) encoded in the process as they are drawn
// (video/video_writer.hpp: the viewer's encoder, with no shell and no ffmpeg program involved).
#include <cstdio>
#include <filesystem>
#include <memory>
#include <vector>

#include "app/commands.hpp"
#include "frame/frame_loop.hpp"
#include "app/progress_line.hpp"
#include "app/scene_setup.hpp"
#include "app/viewer/viewer_video.hpp"
#include "core/errors.hpp"
#include "core/interrupt.hpp"
#include "core/gpu_timing.hpp"
#include "core/image_io.hpp"
#include "video/video_writer.hpp"

namespace racelab {
namespace {

std::vector<std::string> videoPaths(const FrameExportOptions& o) {
    std::vector<std::string> paths;
    for (const std::string* p : {&o.gif, &o.mp4, &o.video})
        if (!p->empty()) paths.push_back(*p);
    return paths;
}

}  // namespace

void checkFrameExportVideoOptions(const FrameExportOptions& o) {
    if (o.frames <= 0 || o.frames > 100000) throw UsageError("--frames must be within 1..100000");
    if (o.every <= 0) throw UsageError("--every must be positive");
    if (o.outDir.empty() && videoPaths(o).empty()) throw UsageError("give --out-dir for the frames (PNG, or PPM with --ppm), a video (--gif, --mp4, --video), or both");
    if (!o.gif.empty() && videoFormatForPath(o.gif).container != VideoContainer::Gif)
        throw UsageError("--gif '" + o.gif + "' must end in .gif");
    if (!o.mp4.empty() && videoFormatForPath(o.mp4).container != VideoContainer::Mp4)
        throw UsageError("--mp4 '" + o.mp4 + "' must end in .mp4");
    for (const std::string& path : videoPaths(o)) checkVideoFps(path, o.fps);
}

int runFrameExport(const FrameExportOptions& o) {
    checkFrameExportVideoOptions(o);
    PreparedScene prepared = prepareScene(o.selection, "800x450");
    if (!prepared.scene->animated())
        throw UsageError(prepared.scene->name() + " is not animated (with these parameters): its frames would all be the same");
    if (!o.outDir.empty()) {
        std::error_code ec;
        std::filesystem::create_directories(o.outDir, ec);
        requireWritable((std::filesystem::path(o.outDir) / (o.ppm ? "frame-00000.ppm" : "frame-00000.png")).string());
    }
    // Every frame is recorded (the queue waits for the encoder); the files appear whole when they are done.
    std::vector<std::unique_ptr<VideoWriter>> videos;
    for (const std::string& path : videoPaths(o))
        videos.push_back(std::make_unique<VideoWriter>(path, VideoSettings{o.fps}, QueuePolicy::Wait));
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
            const HostImage pixels = loop.lastFramePixels();
            if (!o.outDir.empty()) {
                char name[32];
                std::snprintf(name, sizeof name, "frame-%05ld.%s", written, o.ppm ? "ppm" : "png");
                const std::string path = (std::filesystem::path(o.outDir) / name).string();
                if (o.ppm) writePpm(pixels, path);
                else writePng(pixels, path);
            }
            for (auto& video : videos) {
                VideoFrame frame = video->takeBuffer();
                frame.rgba = pixels.pixels;
                frame.width = pixels.width;
                frame.height = pixels.height;
                frame.index = written;
                video->submit(std::move(frame));
                if (!video->error().empty()) throw Error(video->error());
            }
            ++written;
        }
        progress.update(f + 1, o.frames, prepared.scene->statsLine());
    }
    progress.finish();
    if (interruptSignal()) {  // every PNG written is whole (atomic writes); no video from a partial run
        std::printf("interrupted (signal %d) after %ld frames%s%s; no video written\n", interruptSignal(), written,
                    o.outDir.empty() ? "" : " written to ", o.outDir.c_str());
        return interruptedExitCode();
    }
    if (!o.outDir.empty())
        std::printf("wrote %ld frames of %s (%dx%d, %s backend) to %s\n", written, prepared.scene->name().c_str(),
                    prepared.size.width, prepared.size.height, backendName(prepared.backend), o.outDir.c_str());
    for (auto& video : videos) {
        video->finish();
        std::printf("wrote %s (%s, %ld frames at %g fps, %s)\n", video->path().c_str(), video->format().codecName,
                    video->framesWritten(), o.fps, formatBytes(video->bytesWritten()).c_str());
    }
    return 0;
}

}  // namespace racelab
