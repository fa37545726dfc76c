// Find the race in the frame on screen, for the viewer (F, or the kernel panel's button) and for serve's page:
// the frame once more, with an instrumented build of the user's kernel (check --races --checked's build: every
// load, store and atomic recorded, and none outside the kernel's memory let through). Its racing lines go into
// the view's findings and the terminal, its racing pixels into a mask (racingPixels()) that the viewer paints
// over the picture and serve sends to the page; inspect() draws the same frame again with one pixel traced, and
// lists every access to it. Nothing here draws: the viewer's window (app/viewer/viewer_race_finder.hpp) and
// serve's loop show the results their own way.
//
// The build compiles in the background while the loop goes on drawing (a scripted run, view --frames, waits
// for it); the animation pauses when asked, so the findings stay about the frame on screen.
#pragma once
#include <chrono>
#include <memory>
#include <optional>
#include <utility>

#include "app/scene_setup.hpp"
#include "frame/frame_controls.hpp"
#include "ui/race_finder_view.hpp"
#include "userkernel/build/file_watch.hpp"
#include "userkernel/racecheck/racing_pixels.hpp"

namespace racelab {

class RaceFinder {
public:
    // Starts finding the race in the frame `prepared` shows at `size` (pausing `controls`); what keeps it from
    // starting goes into `view`, never out as an exception.
    void find(PreparedScene& prepared, const SceneSelection& selection, Size2 size, FrameControls& controls, bool wait,
              RaceFinderView& view);
    // view --inspect X,Y: the pixel inspected once the findings are in.
    void inspectWhenFound(std::pair<int, int> pixel) { pendingInspect_ = pixel; }
    // Once a frame: runs the frame once the build is in, marks findings that no longer match the screen, and
    // inspects a pixel asked for before they were in. True on the frame the findings (and racingPixels()) came.
    bool update(PreparedScene& prepared, const FrameControls& controls, Size2 size, RaceFinderView& view);
    // The frame again with `pixel` (PNG coordinates of the findings' frame) traced: its accesses into the view.
    void inspect(PreparedScene& prepared, std::pair<int, int> pixel, RaceFinderView& view);
    // "clear", a new scene or kernel: the findings, the mask and the inspector go.
    void clear(RaceFinderView& view);
    // The last findings' racing pixels (empty before any).
    const userkernel::RacingPixels& racingPixels() const { return pixels_; }

private:
    void runFrame(PreparedScene& prepared, RaceFinderView& view);
    bool sourcesChanged();

    std::shared_ptr<userkernel::UserKernel> instrumented_;
    // The kernel file and its local headers as instrumented_ was built from them: a save makes the findings
    // stale and the next find builds again.
    userkernel::FileWatch sources_;
    bool sourcesChanged_ = false;
    Size2 size_;
    std::chrono::steady_clock::time_point asked_;
    std::optional<std::pair<int, int>> pendingInspect_;
    userkernel::RacingPixels pixels_;
};

}  // namespace racelab
