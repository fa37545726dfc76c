// racelab serve's frame loop: view's loop on a headless session (app/headless_session.hpp: EGL on the GPU, or
// no GL), driven by the clients' requests instead of a window's keys and panel, each frame offered to the
// clients as JPEG or H.264 (web/frame_publisher.hpp) and the state (scene, variants, view, parameters, race
// meter, times) ten times a second.
// serve_loop.cpp runs the frames; serve_requests.cpp applies what the clients ask; serve_state.cpp writes the
// JSON the page reads; serve_kernel.cpp checks the user's kernel and finds its race.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "app/commands.hpp"
#include "app/headless_session.hpp"
#include "app/scene_setup.hpp"
#include "app/serve/serve_frame_grab.hpp"
#include "app/race_finder.hpp"
#include "app/serve/serve_inbox.hpp"
#include "frame/frame_judgement.hpp"
#include "core/stopwatch.hpp"
#include "frame/frame_controls.hpp"
#include "ui/frame_graph.hpp"
#include "web/frame_publisher.hpp"
#include "web/web_server.hpp"

namespace racelab {

class ServeLoop {
public:
    ServeLoop(const ServeOptions& options, PreparedScene& prepared, web::WebServer& server, ServeInbox& inbox);
    ~ServeLoop();
    // Until interrupted (or --frames frames drawn); the exit code.
    int run();

private:
    // serve_loop.cpp
    bool drawFrame();
    void frameFailed(const std::string& why);
    void publishState();
    void answerScreenshots();
    void pace(const Stopwatch& frameClock) const;

    // serve_kernel.cpp: the user's kernel checked and its race found on the frame shown
    void checkKernel();
    void findRace();
    void inspectPixel(int x, int y);
    void clearRace();
    void updateRaceFinder();
    void publishOverlay();

    // serve_requests.cpp
    void applyRequests();
    void apply(web::ClientId client, const web::ClientMessage& message);
    void switchScene(const std::string& name);
    void setParameter(const std::string& name, const std::string& value);
    void pressKey(const std::string& name);
    void restart();
    void resize(int width, int height);
    void showCurrentScene();

    const ServeOptions& options_;
    PreparedScene& prepared_;
    web::WebServer& server_;
    ServeInbox& inbox_;
    HeadlessSession session_;
    web::FramePublisher publisher_;
    ServeFrameGrab grab_;
    FrameControls controls_;
    FrameHistory history_;
    std::vector<std::string> sceneNames_;
    std::unique_ptr<Scene> previousScene_;  // kept until the new scene has drawn a frame
    std::vector<web::ClientId> screenshotFor_;
    RaceFinder raceFinder_;
    RaceFinderView races_;
    KernelCheckResult check_;  // the last check ("" text before the first)
    Size2 size_, maxSize_;
    std::string status_;
    Stopwatch sinceState_;
    long framesDrawn_ = 0;
};

}  // namespace racelab
