#include "video/video_format.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>

#include "core/errors.hpp"

namespace racelab {

VideoFormat videoFormatForPath(const std::string& path) {
    std::string extension = std::filesystem::path(path).extension().string();
    std::transform(extension.begin(), extension.end(), extension.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (extension == ".mp4") return {VideoContainer::Mp4, "mp4", "libx264", "H.264"};
    if (extension == ".webm") return {VideoContainer::Webm, "webm", "libvpx-vp9", "VP9"};
    if (extension == ".gif") return {VideoContainer::Gif, "gif", "gif", "GIF"};
    throw UsageError("cannot tell the video format of '" + path + "': the name must end in " + kVideoExtensions);
}

double maxVideoFps(const VideoFormat& format) { return format.container == VideoContainer::Gif ? 50.0 : 240.0; }

void checkVideoFps(const std::string& path, double fps) {
    const VideoFormat format = videoFormatForPath(path);
    if (!std::isfinite(fps) || fps < 0 || fps > maxVideoFps(format))
        throw UsageError("a video frame rate must be within 0 (the frames' own times) .. " +
                         std::to_string(static_cast<int>(maxVideoFps(format))) + " frames per second for " +
                         format.codecName + " ('" + path + "')");
}

}  // namespace racelab
