// The viewer's video recording (the panel's "record video" button, C, view --video): the frame loop hands it
// the scene's rectangle (or the whole window with --video-panel) after drawing; it reads the pixels through a
// ring of pixel buffers mapped frames later (present/pixel_readback.hpp) and queues them for the encoder thread
// (video/video_writer.hpp), so neither the read nor the encoding holds up the window. Like the CSV recording,
// it never ends the viewer: every call returns the message the panel shows.
#pragma once
#include <cstdint>
#include <memory>
#include <string>

#include "app/commands.hpp"
#include "frame/frame_loop.hpp"
#include "core/stopwatch.hpp"
#include "video/video_writer.hpp"

namespace racelab {

class PixelReadbackRing;

struct VideoRecordingOptions {
    double fps = 0;              // > 0: each drawn frame is one frame of 1/fps s; 0: frames at their own times
    bool includePanel = false;   // the whole window instead of the scene's area
    QueuePolicy policy = QueuePolicy::Drop;
};

class ViewerVideo final : public FrameTap {
public:
    ViewerVideo();
    ~ViewerVideo() override;  // an unfinished recording is completed (needs the GL context still current)

    bool active() const { return writer_ != nullptr; }
    // "recording video to X" or "cannot record video: why".
    std::string start(const std::string& path, const VideoRecordingOptions& options);
    // Reads the frames still in flight, completes the file: "recorded X: N frames, S s, B MB" or why it failed.
    // "" when none was running.
    std::string stop();
    // After a frame: when the encoder failed (a full disk), ends the recording and returns why; "" otherwise.
    std::string poll();
    // For the panel while recording: "REC 0:12.4  3.1 MB  372 frames (2 dropped)".
    std::string status() const;
    const std::string& path() const { return path_; }

    void afterScene(const PixelRect& scene) override;
    void afterOverlay(const PixelRect& whole) override;

private:
    void grab(const PixelRect& rect);
    void queue(const std::uint8_t* rgba, int width, int height, long index, double seconds);

    std::unique_ptr<VideoWriter> writer_;
    std::unique_ptr<PixelReadbackRing> ring_;
    VideoRecordingOptions options_;
    std::string path_;
    Stopwatch clock_;
    long grabbed_ = 0;
};

// "1.2 MB", "640 kB", "12 B".
std::string formatBytes(std::uint64_t bytes);
// "0:12.4", "1:05:03.0".
std::string formatClock(double seconds);
// The name of the n-th recording (n from 1) of a viewer started with `requested` (--video; "" for none):
// the path itself first, then "name-2.mp4", ...; without one, "racelab-video-<local time>.mp4".
std::string videoPathFor(const std::string& requested, int n);
// view's --video-fps, --video-panel and --video-queue (auto: wait in a scripted run, one with --frames).
VideoRecordingOptions videoRecordingOptions(const ViewOptions& options);

}  // namespace racelab
