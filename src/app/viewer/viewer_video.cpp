#include "app/viewer/viewer_video.hpp"

#include <cstdio>
#include <ctime>
#include <filesystem>

#include "core/errors.hpp"
#include "present/pixel_readback.hpp"

namespace racelab {

ViewerVideo::ViewerVideo() = default;

ViewerVideo::~ViewerVideo() {
    if (active()) std::fprintf(stderr, "racelab: %s\n", stop().c_str());
}

std::string ViewerVideo::start(const std::string& path, const VideoRecordingOptions& options) {
    if (active()) stop();
    try {
        writer_ = std::make_unique<VideoWriter>(path, VideoSettings{options.fps}, options.policy);
    } catch (const Error& e) {
        std::fprintf(stderr, "racelab: cannot record video: %s (the viewer keeps running)\n", e.what());
        return std::string("cannot record video: ") + e.what();
    }
    ring_ = std::make_unique<PixelReadbackRing>(4);
    options_ = options;
    path_ = path;
    grabbed_ = 0;
    clock_.restart();
    std::printf("racelab: recording video to %s\n", path.c_str());
    return "recording video to " + path;
}

void ViewerVideo::afterScene(const PixelRect& scene) {
    if (active() && !options_.includePanel) grab(scene);
}

void ViewerVideo::afterOverlay(const PixelRect& whole) {
    if (active() && options_.includePanel) grab(whole);
}

void ViewerVideo::grab(const PixelRect& rect) {
    if (rect.width <= 0 || rect.height <= 0) return;
    const ReadbackTag tag{grabbed_++, clock_.ms() / 1000.0};
    ring_->read(rect, tag, [this](const std::uint8_t* rgba, int w, int h, const ReadbackTag& t) {
        queue(rgba, w, h, t.index, t.seconds);
    });
}

void ViewerVideo::queue(const std::uint8_t* rgba, int width, int height, long index, double seconds) {
    VideoFrame frame = writer_->takeBuffer();
    frame.rgba.assign(rgba, rgba + static_cast<std::size_t>(width) * height * 4);
    frame.width = width;
    frame.height = height;
    frame.index = index;
    frame.seconds = seconds;
    const long droppedBefore = writer_->framesDropped();
    if (!writer_->submit(std::move(frame)) && droppedBefore == 0 && writer_->error().empty())
        std::fprintf(stderr, "racelab: the video encoder cannot keep up; frames are dropped (counted on the panel)\n");
}

std::string ViewerVideo::poll() {
    if (!active()) return "";
    try {
        ring_->collect([this](const std::uint8_t* rgba, int w, int h, const ReadbackTag& t) {
            queue(rgba, w, h, t.index, t.seconds);
        });
    } catch (const Error& e) {
        ring_.reset();
        writer_.reset();
        return std::string("video recording stopped: ") + e.what();
    }
    if (writer_->error().empty()) return "";
    const std::string message = stop();
    return message;
}

std::string ViewerVideo::stop() {
    if (!active()) return "";
    std::string message;
    try {
        ring_->drain([this](const std::uint8_t* rgba, int w, int h, const ReadbackTag& t) {
            queue(rgba, w, h, t.index, t.seconds);
        });
        writer_->finish();
        char line[256];
        std::snprintf(line, sizeof line, ": %ld frames, %s, %s%s", writer_->framesWritten(),
                      formatClock(options_.fps > 0 ? static_cast<double>(writer_->framesWritten()) / options_.fps
                                                   : clock_.ms() / 1000.0)
                          .c_str(),
                      formatBytes(writer_->bytesWritten()).c_str(),
                      writer_->framesDropped() > 0
                          ? (", " + std::to_string(writer_->framesDropped()) + " dropped (the encoder fell behind)").c_str()
                          : "");
        message = "recorded " + path_ + line;
    } catch (const Error& e) {
        message = std::string("the video was not saved: ") + e.what() + "; the viewer keeps running";
    }
    std::fprintf(stderr, "racelab: %s\n", message.c_str());
    ring_.reset();
    writer_.reset();
    return message;
}

std::string ViewerVideo::status() const {
    if (!active()) return "";
    std::string line = "REC " + formatClock(clock_.ms() / 1000.0) + "  " + formatBytes(writer_->bytesWritten()) + "  " +
                       std::to_string(writer_->framesWritten()) + " frames";
    if (writer_->framesDropped() > 0) line += " (" + std::to_string(writer_->framesDropped()) + " dropped)";
    return line;
}

std::string formatBytes(std::uint64_t bytes) {
    char text[32];
    if (bytes >= 1'000'000) std::snprintf(text, sizeof text, "%.1f MB", static_cast<double>(bytes) / 1e6);
    else if (bytes >= 1'000) std::snprintf(text, sizeof text, "%.0f kB", static_cast<double>(bytes) / 1e3);
    else std::snprintf(text, sizeof text, "%llu B", static_cast<unsigned long long>(bytes));
    return text;
}

std::string formatClock(double seconds) {
    if (seconds < 0) seconds = 0;
    const long tenths = static_cast<long>(seconds * 10 + .5);
    const long minutes = tenths / 600, hours = minutes / 60;
    char text[32];
    if (hours > 0) std::snprintf(text, sizeof text, "%ld:%02ld:%02ld.%ld", hours, minutes % 60, (tenths / 10) % 60, tenths % 10);
    else std::snprintf(text, sizeof text, "%ld:%02ld.%ld", minutes, (tenths / 10) % 60, tenths % 10);
    return text;
}

std::string videoPathFor(const std::string& requested, int n) {
    if (requested.empty()) {
        const std::time_t now = std::time(nullptr);
        std::tm local{};
        localtime_r(&now, &local);
        char name[64];
        std::strftime(name, sizeof name, "racelab-video-%Y%m%d-%H%M%S.mp4", &local);
        return n <= 1 ? name : videoPathFor(name, n);
    }
    if (n <= 1) return requested;
    const std::filesystem::path p(requested);
    return (p.parent_path() / (p.stem().string() + "-" + std::to_string(n) + p.extension().string())).string();
}

VideoRecordingOptions videoRecordingOptions(const ViewOptions& options) {
    VideoRecordingOptions o;
    o.fps = options.videoFps;
    o.includePanel = options.videoPanel;
    const bool wait = options.videoQueue == "wait" || (options.videoQueue == "auto" && options.frames > 0);
    o.policy = wait ? QueuePolicy::Wait : QueuePolicy::Drop;
    return o;
}

}  // namespace racelab
