// What the clients ask of `racelab serve`, applied between frames as the viewer applies its keys and panel
// (app/viewer/viewer_actions.cpp). The server has checked each message's form (web/client_message.hpp); what
// only racelab knows -- that the scene, view, parameter or key exists, that a value is valid -- is checked here,
// and a refusal is the status line the page shows, never the end of the loop or of the client.
#include <algorithm>
#include <cstdio>

#include "app/serve/serve_loop.hpp"
#include "app/viewer/viewer_keys.hpp"
#include "app/viewer/viewer_kernel.hpp"  // sceneWithKernel
#include "core/errors.hpp"
#include "frame/race_view.hpp"
#include "scenes/scene_registry.hpp"

namespace racelab {

void ServeLoop::applyRequests() {
    for (const ClientRequestFrom& request : inbox_.takeAll()) {
        try {
            apply(request.client, request.message);
        } catch (const Error& e) {
            status_ = e.what();  // the page shows why; the loop goes on
        }
    }
}

void ServeLoop::apply(web::ClientId client, const web::ClientMessage& m) {
    using web::ClientRequest;
    const int variants = static_cast<int>(prepared_.scene->variants().size());
    switch (m.request) {
        case ClientRequest::Scene: switchScene(m.name); break;
        case ClientRequest::Variant: {
            const int index = static_cast<int>(m.number);
            if (index >= variants) throw UsageError("no variant " + std::to_string(index + 1) + " in this scene");
            controls_.variant = index;
            // A racy variant also becomes the racy side of the views, as the viewer's keys make it.
            if (!prepared_.scene->variants()[static_cast<std::size_t>(index)].correct) controls_.racyVariant = index;
            break;
        }
        case ClientRequest::View: controls_.view = parseRaceView(m.name); break;
        case ClientRequest::Wipe: controls_.wipe = static_cast<float>(m.number); break;
        case ClientRequest::HeatFrames: controls_.heatFrames = std::clamp(static_cast<int>(m.number), 1, kMaxHeatFrames); break;
        case ClientRequest::Parameter: setParameter(m.name, m.value); break;
        case ClientRequest::Pause: controls_.paused = true; break;
        case ClientRequest::Play: controls_.paused = false; break;
        case ClientRequest::Step:
            controls_.paused = true;
            controls_.stepOnce = true;
            break;
        case ClientRequest::Restart: restart(); break;
        case ClientRequest::RaceMeter: controls_.raceMeter = m.number != 0; break;
        case ClientRequest::Size: resize(m.width, m.height); break;
        case ClientRequest::Key: pressKey(m.name); break;
        case ClientRequest::Pointer: {
            PointerInput input;
            input.dragX = static_cast<float>(m.dx);
            input.dragY = static_cast<float>(m.dy);
            input.wheel = static_cast<float>(m.wheel);
            prepared_.scene->handleInput(input);  // orbit and zoom (the mesh); other scenes ignore it
            break;
        }
        case ClientRequest::Screenshot:
            if (std::find(screenshotFor_.begin(), screenshotFor_.end(), client) == screenshotFor_.end())
                screenshotFor_.push_back(client);
            break;
        case ClientRequest::Check: checkKernel(); break;
        case ClientRequest::FindRace: findRace(); break;
        case ClientRequest::Inspect: inspectPixel(m.width, m.height); break;
        case ClientRequest::ClearRace: clearRace(); break;
        case ClientRequest::Stream:
        case ClientRequest::KeyFrame: break;  // the server's own (web/web_server.hpp): never handed on
    }
    status_.clear();  // the last refusal is answered by a request that worked
}

// Another scene from the list, on the same backend with the command line's inputs (e.g. --image); the one
// shown stays until the new one has drawn (ServeLoop::frameFailed).
void ServeLoop::switchScene(const std::string& name) {
    if (std::find(sceneNames_.begin(), sceneNames_.end(), name) == sceneNames_.end())
        throw UsageError("no scene '" + name + "'");
    SceneOptions o;
    o.seed = options_.selection.seed;
    o.backend = prepared_.backend;
    o.inputs = options_.selection.inputs;
    std::unique_ptr<Scene> next = sceneWithKernel(createScene(name, o), prepared_.kernel);
    previousScene_ = std::move(prepared_.scene);
    prepared_.scene = std::move(next);
    clearRace();  // findings are one scene's
    showCurrentScene();
}

void ServeLoop::setParameter(const std::string& name, const std::string& value) {
    Scene& scene = *prepared_.scene;
    scene.setParameter(name, value);  // validates (a UsageError naming what is valid), rebuilds where needed
    // A rebuilt scene starts again, as after the viewer's panel; a live parameter is read by the next frame.
    if (scene.parameters().at(name).spec.regenerates) session_.loop().setScene(scene);
}

// The viewer's keys that make sense in a browser; the rest are the page's own (S: screenshot) or say why not.
void ServeLoop::pressKey(const std::string& name) {
    const ScriptedKey key = parseScriptedKey("0:" + name);  // a UsageError naming the keys for any other
    switch (applyViewerKey(key.key, controls_, *prepared_.scene)) {
        case ViewerKeyAction::Reset: restart(); break;
        case ViewerKeyAction::None: break;
        case ViewerKeyAction::Screenshot: throw UsageError("S: the page saves the screenshot (its button)");
        case ViewerKeyAction::Quit: throw UsageError("Esc: the server stops with Ctrl-C where it runs");
        case ViewerKeyAction::ToggleVideo: throw UsageError("C: the page records the video (its button)");
        case ViewerKeyAction::CheckKernel: checkKernel(); break;
        case ViewerKeyAction::FindRace: findRace(); break;
    }
}

// R and the restart button: the animation, the camera and the trail back to the start.
void ServeLoop::restart() {
    PointerInput input;
    input.reset = true;  // the scene's own reset (mesh: camera; fourier: strokes)
    prepared_.scene->handleInput(input);
    prepared_.scene->reset();
    session_.loop().setScene(*prepared_.scene);
}

// The browser window's size, held to --max-size with its shape kept.
void ServeLoop::resize(int width, int height) {
    const double scale = std::min({1.0, static_cast<double>(maxSize_.width) / width,
                                   static_cast<double>(maxSize_.height) / height});
    Size2 size{std::max(16, static_cast<int>(width * scale)), std::max(16, static_cast<int>(height * scale))};
    if (size.width == size_.width && size.height == size_.height) return;
    session_.resize(size);
    size_ = size;
}

void ServeLoop::showCurrentScene() {
    controls_.variant = std::min<int>(controls_.variant, static_cast<int>(prepared_.scene->variants().size()) - 1);
    controls_.racyVariant = -1;
    session_.loop().setScene(*prepared_.scene);
    history_.clear();
}

}  // namespace racelab
