// The viewer's "find the race" (F, or the kernel panel's button): app/race_finder.hpp does the work; this paints
// its racing pixels over the scene (a mask texture, ui/race_finder_view.hpp draws it) and turns a click on the
// picture (a press and release without a drag) into the pixel inspector.
#pragma once
#include <utility>

#include "app/race_finder.hpp"
#include "present/mask_texture.hpp"
#include "ui/race_finder_view.hpp"

namespace racelab {

class ViewerRaceFinder {
public:
    void find(PreparedScene& prepared, const SceneSelection& selection, Size2 size, FrameControls& controls, bool wait,
              RaceFinderView& view) {
        overlay_.clear();
        finder_.find(prepared, selection, size, controls, wait, view);
    }
    void inspectWhenFound(std::pair<int, int> pixel) { finder_.inspectWhenFound(pixel); }
    // Once a frame, before the UI: the finder's update, the overlay when findings come, and a click's inspection.
    void update(PreparedScene& prepared, const FrameControls& controls, Size2 size, const SceneRect& scene, RaceFinderView& view);
    void clear(RaceFinderView& view) {
        finder_.clear(view);
        overlay_.clear();
    }

private:
    RaceFinder finder_;
    MaskTexture overlay_;
};

}  // namespace racelab
