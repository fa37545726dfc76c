// racelab serve: view's frame loop headless (EGL on the GPU, or the cpu backend with no GPU at all), shown in a
// browser: a server on 127.0.0.1 (--bind to reach it from elsewhere) whose every request needs the token in the
// URL it prints (docs/REMOTE.md: the ssh tunnel, a notebook's IFrame).
#include <cstdio>

#include "app/commands.hpp"
#include "app/scene_setup.hpp"
#include "app/serve/serve_inbox.hpp"
#include "app/serve/serve_loop.hpp"
#include "app/viewer/viewer.hpp"  // presentModeFor
#include "core/errors.hpp"
#include "core/size_parse.hpp"
#include "frame/race_view.hpp"
#include "web/access_token.hpp"
#include "web/web_server.hpp"

namespace racelab {
namespace {

bool isLoopback(const std::string& bind) { return bind.rfind("127.", 0) == 0 || bind == "::1"; }

}  // namespace

void checkServeOptions(const ServeOptions& options) {
    const Size2 max = parseSize(options.maxSize);
    if (max.width > 8192 || max.height > 8192) throw UsageError("--max-size is at most 8192x8192");
    presentModeFor(options.present);
    parseRaceView(options.comparison.view);
    if (options.frames < 0) throw UsageError("--frames must be >= 0");
}

int runServe(const ServeOptions& options) {
    checkServeOptions(options);
    bool fixedToken = false;
    const std::string token = web::chooseAccessToken(fixedToken);
    // A user kernel is rebuilt on every save, as in the viewer; the page shows the frames it draws.
    PreparedScene prepared = prepareScene(options.selection, "1280x720", true);
    if (!prepared.backendNote.empty()) std::fprintf(stderr, "racelab serve: %s\n", prepared.backendNote.c_str());
    ServeInbox inbox;
    web::WebServer server({options.bind, options.port, token},
                          [&inbox](web::ClientId client, const web::ClientMessage& m) { inbox.put(client, m); });
    ServeLoop loop(options, prepared, server, inbox);
    std::printf("racelab serve: %s on the %s backend\n", prepared.scene->name().c_str(), backendName(prepared.backend));
    std::printf("racelab serve: open %s\n", server.url().c_str());
    if (fixedToken) std::printf("racelab serve: the token is RACELAB_SERVE_TOKEN's\n");
    if (!isLoopback(options.bind))
        std::printf("racelab serve: listening on %s: reachable from other machines on its networks; anyone who has "
                    "the URL with its token can watch and drive it\n",
                    options.bind.c_str());
    else
        std::printf("racelab serve: this machine only; from a laptop: ssh -L %d:127.0.0.1:%d THIS_MACHINE, then the "
                    "URL above (docs/REMOTE.md)\n",
                    server.port(), server.port());
    std::fflush(stdout);
    return loop.run();
}

}  // namespace racelab
