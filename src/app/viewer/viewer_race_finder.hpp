// The viewer's "find the race" (F, or the kernel panel's button): the frame on screen once more, with an
// instrumented build of the user's kernel (check --races --checked's build: every load, store and atomic
// recorded, and none outside the kernel's memory let through). Its racing lines go to the panel and the
// terminal, its racing pixels over the picture (ui/race_finder_view.hpp); a click on the picture draws the same
// frame again with that pixel traced, and the pixel inspector lists every access to it.
//
// The build compiles in the background while the viewer goes on drawing (a scripted run, view --frames, waits
// for it); the animation pauses when asked, so the findings stay about the frame on screen.
#pragma once
#include <chrono>
#include <memory>
#include <optional>
#include <utility>

#include "frame/frame_controls.hpp"
#include "app/scene_setup.hpp"
#include "present/mask_texture.hpp"
#include "ui/race_finder_view.hpp"
#include "userkernel/build/file_watch.hpp"

namespace racelab {

class RaceFinder {
public:
    // F or the button: starts finding the race in the frame `prepared` shows at `size` (pausing `controls`);
    // what keeps it from starting goes into `view`, never out as an exception.
    void find(PreparedScene& prepared, const SceneSelection& selection, Size2 size, FrameControls& controls, bool wait,
              RaceFinderView& view);
    // view --inspect X,Y: the pixel the inspector opens on once the findings are in.
    void inspectWhenFound(std::pair<int, int> pixel) { pendingInspect_ = pixel; }
    // Once a frame, before the UI: runs the frame once the build is in, marks findings that no longer match the
    // screen, and inspects the pixel a click (a press and release without a drag) on the picture chose.
    void update(PreparedScene& prepared, const FrameControls& controls, Size2 size, const SceneRect& scene, RaceFinderView& view);
    // The panel's "clear", a new scene or kernel: the findings, the overlay and the inspector go.
    void clear(RaceFinderView& view);

private:
    void runFrame(PreparedScene& prepared, RaceFinderView& view);
    void inspect(PreparedScene& prepared, std::pair<int, int> pixel, RaceFinderView& view);

    std::shared_ptr<userkernel::UserKernel> instrumented_;
    // The kernel file and its local headers as instrumented_ was built from them: a save makes the findings
    // stale and the next find builds again.
    userkernel::FileWatch sources_;
    bool sourcesChanged_ = false;
    bool sourcesChanged();
    Size2 size_;
    std::chrono::steady_clock::time_point asked_;
    std::optional<std::pair<int, int>> pendingInspect_;
    MaskTexture overlay_;
};

}  // namespace racelab
