// What the frame loop is asked to draw (FrameControls: the variant, pause, the comparison view) and what the
// race meter read from the frame it drew (RaceReading). The viewer's panel edits the one and shows the other,
// so both live here, apart from the loop that uses them.
#pragma once
#include <optional>

#include "scenes/scene.hpp"  // ExactRaceCount

namespace racelab {

// How a racy variant is shown next to the good one (frame/race_view.hpp names and parses them).
enum class RaceView { Plain, Side, Wipe, Diff, Heat };

constexpr int kRaceViewCount = 5;
constexpr int kMaxHeatFrames = 64;  // one 64-bit history word per pixel

struct FrameControls {
    int variant = 0;
    bool paused = false;
    bool stepOnce = false;      // advance one step while paused
    bool raceMeter = true;      // plain view: compare a racy variant with the good one (cuda backend)
    RaceView view = RaceView::Plain;  // the comparison views always compare (cuda backend)
    float wipe = .5f;           // wipe view: the divider's position, a fraction of the width
    int heatFrames = 32;        // heat view: the window, 1..kMaxHeatFrames frames
    int racyVariant = -1;       // the racy side of a view while a correct variant is chosen (-1: the first racy)
};

struct RaceReading {
    bool valid = false;       // a pixel comparison was made
    int good = 0, racy = 0;   // the variants compared
    long differing = 0;       // pixels with some RGB channel off by more than the scene's tolerance
    long total = 0;
    int heatFrames = 0;       // heat view: frames in the window so far
    std::optional<ExactRaceCount> exact;  // the racy side's exact count, for scenes that have one
    // The compared side drew no frame, only a placeholder (Scene::lastRenderNotDrawn: "compiling (12 s)"): why.
    // Then nothing is counted (valid stays false) and the heat view holds its history.
    std::string notDrawn;
    double percent() const { return total ? 100.0 * static_cast<double>(differing) / static_cast<double>(total) : 0.0; }
};

}  // namespace racelab
