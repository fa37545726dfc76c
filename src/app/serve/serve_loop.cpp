#include "app/serve/serve_loop.hpp"

#include <chrono>
#include <cstdio>
#include <thread>

#include "app/serve/serve_state.hpp"
#include "app/serve/serve_video_stream.hpp"
#include "app/viewer/viewer.hpp"  // presentModeFor
#include "core/errors.hpp"
#include "core/image_io.hpp"
#include "core/interrupt.hpp"
#include "frame/offline_frame.hpp"  // comparisonControls
#include "scenes/scene_registry.hpp"
#include "userkernel/user_kernel.hpp"
#include "web/frame_message.hpp"

namespace racelab {
namespace {

constexpr double kStateEveryMs = 100;  // the panel's numbers and graph ten times a second
constexpr auto kIdleWait = std::chrono::milliseconds(50);

// --video h264: the stream at the loop's rate (60 where it is not capped), under --max-mbps.
std::unique_ptr<web::VideoStream> videoStreamFor(const ServeOptions& options) {
    if (options.video != "h264") return nullptr;
    return std::make_unique<ServeVideoStream>(H264StreamSettings{options.fps > 0 ? options.fps : 60, options.maxMbps});
}

}  // namespace

ServeLoop::ServeLoop(const ServeOptions& options, PreparedScene& prepared, web::WebServer& server, ServeInbox& inbox)
    : options_(options), prepared_(prepared), server_(server), inbox_(inbox),
      session_(prepared, presentModeFor(options.present), HeadlessGl::WhereAvailable),
      publisher_(server, options.jpegQuality, videoStreamFor(options)), grab_(publisher_), size_(prepared.size),
      maxSize_(parseSize(options.maxSize)) {
    controls_ = comparisonControls(options.comparison, prepared.variant);
    controls_.paused = options.paused;
    for (const SceneListing& listing : listScenes()) sceneNames_.push_back(listing.name);
    session_.loop().setTap(&grab_);
    server_.setGreeting(greetingJson(sceneNames_, maxSize_, backendName(prepared_.backend), session_.presenterName(),
                                     session_.surface() ? session_.surface()->description() : session_.glNote()));
}

ServeLoop::~ServeLoop() { session_.loop().setTap(nullptr); }

int ServeLoop::run() {
    while (!interruptSignal() && (options_.frames <= 0 || framesDrawn_ < options_.frames)) {
        applyRequests();
        if (server_.clientCount() == 0) {  // nobody is watching: no frames, no work on a shared machine
            std::this_thread::sleep_for(kIdleWait);
            continue;
        }
        Stopwatch frameClock;
        if (drawFrame()) {
            updateRaceFinder();
            answerScreenshots();
            if (sinceState_.ms() >= kStateEveryMs) publishState();
        }
        pace(frameClock);
    }
    if (interruptSignal()) {
        std::printf("racelab serve: interrupted (signal %d) after %ld frames\n", interruptSignal(), framesDrawn_);
        return interruptedExitCode();
    }
    return 0;
}

// One frame through the loop, offered to the encoder when it is free; false when the frame failed.
bool ServeLoop::drawFrame() {
    FrameLoop& loop = session_.loop();
    if (prepared_.kernel) prepared_.kernel->poll();  // a save's new build, swapped in (as the viewer does)
    grab_.arm(publisher_.wantsFrame(), static_cast<std::uint32_t>(loop.frameIndex()));
    FrameTiming timing;
    try {
        timing = loop.runFrame(controls_);
    } catch (const Error& e) {
        frameFailed(e.what());
        return false;
    }
    controls_.stepOnce = false;
    previousScene_.reset();  // the new scene drew: the one before is no longer needed to fall back on
    grab_.afterFrame(loop, session_.surface() != nullptr);
    history_.frames.push(timing);
    ++framesDrawn_;
    return true;
}

// A scene that cannot draw (a missing input, a device error) gives way to the one before, as in the viewer.
void ServeLoop::frameFailed(const std::string& why) {
    status_ = why;
    std::fprintf(stderr, "racelab serve: %s\n", why.c_str());
    if (previousScene_) {
        prepared_.scene = std::move(previousScene_);
        showCurrentScene();
    } else {
        controls_.paused = true;  // the same frame would fail again at once: wait for the client to change it
    }
    publishState();
}

void ServeLoop::publishState() {
    sinceState_.restart();
    ServeStateView view{*prepared_.scene, controls_, session_.loop().race(), history_, sceneNames_,
                        {session_.loop().frameIndex(), size_, backendName(prepared_.backend), session_.presenterName(),
                         status_, publisher_.lastEncodeMs(), server_.counters().picturesReplaced + publisher_.framesReplaced(),
                         publisher_.videoStatus()},
                        prepared_.kernel.get(), &check_, &races_};
    server_.publishState(stateJson(view));
}

// Each screenshot asked for since the last frame: that frame, lossless, to the client that asked.
void ServeLoop::answerScreenshots() {
    if (screenshotFor_.empty()) return;
    const HostImage pixels = session_.loop().lastFramePixels();
    const std::vector<std::uint8_t> png = encodePng(pixels);
    web::PictureHeader header;
    header.kind = web::PictureKind::Png;
    header.frame = static_cast<std::uint32_t>(session_.loop().frameIndex() - 1);
    header.width = static_cast<std::uint16_t>(pixels.width);
    header.height = static_cast<std::uint16_t>(pixels.height);
    auto picture = std::make_shared<const std::string>(
        web::packPicture(header, std::string_view(reinterpret_cast<const char*>(png.data()), png.size())));
    for (web::ClientId client : screenshotFor_) server_.sendTo(client, picture);
    screenshotFor_.clear();
}

// --fps: the loop draws at most that many frames a second (a browser shows no more, and a shared machine
// keeps its cores); 0 draws as fast as the scene renders.
void ServeLoop::pace(const Stopwatch& frameClock) const {
    if (options_.fps <= 0) return;
    const double leftMs = 1000.0 / options_.fps - frameClock.ms();
    if (leftMs > 0) std::this_thread::sleep_for(std::chrono::microseconds(static_cast<long>(leftMs * 1000)));
}

}  // namespace racelab
