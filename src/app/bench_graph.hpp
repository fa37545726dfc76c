// bench's frame with and without the CUDA graph (core/frame_graph.hpp): the measured frames run as graphs
// where the scene allows it; after them (and after the per-step frames) the same scene runs some more
// frames launch by launch, so that bench prints both kernel stages side by side and the record keeps them.
#pragma once
#include <string>

#include "frame/frame_loop.hpp"
#include "core/frame_graph.hpp"

namespace racelab {

struct GraphComparison {
    bool measured = false;
    long graphFrames = 0, measuredFrames = 0;  // of the measured frames, how many ran as one graph
    double withGraphP50Ms = 0;                 // the measured frames' kernel stage, median
    long directFrames = 0;                     // frames run launch by launch afterwards
    double withoutGraphP50Ms = 0;              // their kernel stage, median
};

// `withGraphP50Ms`/`graphFrames`/`measuredFrames` describe the frames already measured; runs `frames` more with
// the graph off (cuda backend only), then turns it back on.
GraphComparison timeWithoutGraph(FrameLoop& loop, const FrameControls& controls, long frames, double withGraphP50Ms,
                                 long graphFrames, long measuredFrames, bool onGpu);
void printGraphComparison(const GraphComparison& g);
std::string graphComparisonJson(const GraphComparison& g);  // {"graph_frames", ..., "without_graph_p50_ms"}

}  // namespace racelab
