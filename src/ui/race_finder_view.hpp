// What the viewer's "find the race" shows (app/viewer/viewer_race_finder.hpp does the work): in the kernel panel the
// racing lines of the frame it ran, how many pixels raced and a switch for their overlay; over the scene the
// racing pixels, drawn on any view; and the pixel inspector, a window listing every access to the clicked
// pixel in that frame, in order, each with its thread, its line and whether its update was lost.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <utility>

#include "frame/frame_controls.hpp"  // RaceView

namespace racelab {

struct RaceFinderView {
    enum class Stage { None, Building, Done, Failed };
    Stage stage = Stage::None;
    std::string findings;      // the racing lines as check --races prints them, or why it failed
    long long racingPixels = 0;
    bool truncated = false;    // more racing words than the report carries: the overlay shows the first ones
    std::string elsewhere;     // racing outputs that are no image (a histogram's bins)
    double seconds = 0;        // from asking to the findings
    int width = 0, height = 0;          // the frame it ran (the overlay's pixels)
    std::uintptr_t overlayTexture = 0;  // the racing pixels as a GL texture (0: none)
    bool overlay = true;                // edited: paint them
    std::string stale;                  // why the findings may no longer match the screen ("" when they do)
    std::optional<std::pair<int, int>> inspected;  // the inspector's pixel (PNG coordinates)
    std::string inspection;                        // its accesses, or why they could not be listed
};

struct RaceFinderActions {
    bool find = false;   // run the frame on screen instrumented
    bool clear = false;  // forget the findings (the overlay and inspector go)
};

// The kernel panel's part: the button, then the findings once there are some.
RaceFinderActions drawRaceFinder(RaceFinderView& view);

// Where the scene's frame lies in the window (ImGui units) and which view draws it: the overlay and the
// inspector's marker follow the racy picture (the right half in the side-by-side view).
struct SceneRect {
    float left = 0, top = 0, width = 0, height = 0;
    RaceView view = RaceView::Plain;
};
// The part of the scene rectangle that shows the racy variant's frame, in ImGui units.
SceneRect racyPicture(const SceneRect& scene);

// The overlay (behind every window, over the scene) and, with a pixel inspected, the inspector window.
// Returns false when the inspector was closed.
bool drawRaceOverlayAndInspector(RaceFinderView& view, const SceneRect& scene);

// The frame pixel (PNG coordinates of the findings' frame) under window point (x, y) in ImGui units; nullopt off
// the racy picture.
std::optional<std::pair<int, int>> framePixelAt(const RaceFinderView& view, const SceneRect& scene, float x, float y);

}  // namespace racelab
