// The video files racelab writes, chosen by the file's extension: .mp4 (H.264 through libx264), .webm (VP9
// through libvpx) and .gif (a palette of 256 colours per frame). Shared by the viewer's recording and
// `racelab frames`.
#pragma once
#include <string>

namespace racelab {

enum class VideoContainer { Mp4, Webm, Gif };

struct VideoFormat {
    VideoContainer container = VideoContainer::Mp4;
    const char* muxer = "mp4";       // libavformat's name of the container
    const char* encoder = "libx264";  // libavcodec's name of the encoder
    const char* codecName = "H.264";  // for messages
};

// The format for `path` by its extension (case-insensitive); a UsageError naming the three choices otherwise.
VideoFormat videoFormatForPath(const std::string& path);
// The most frames per second a format can show: a GIF's delays are whole hundredths of a second and browsers
// slow anything under 2 down to 10, so a GIF plays at most 50 frames per second.
double maxVideoFps(const VideoFormat& format);
// Checks a fixed frame rate for `path` (0: the frames' own times); a UsageError naming the limit otherwise.
void checkVideoFps(const std::string& path, double fps);
inline constexpr const char* kVideoExtensions = ".mp4 (H.264), .webm (VP9) or .gif";

}  // namespace racelab
