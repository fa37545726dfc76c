#include "app/bench_graph.hpp"

#include <cstdio>
#include <sstream>
#include <vector>

#include "core/frame_graph.hpp"
#include "core/interrupt.hpp"
#include "core/scoped_enabled.hpp"
#include "core/stats.hpp"

namespace racelab {

GraphComparison timeWithoutGraph(FrameLoop& loop, const FrameControls& controls, long frames, double withGraphP50Ms,
                                 long graphFrames, long measuredFrames, bool onGpu) {
    GraphComparison g;
    if (!onGpu || frames <= 0) return g;
    g.measured = true;
    g.withGraphP50Ms = withGraphP50Ms;
    g.graphFrames = graphFrames;
    g.measuredFrames = measuredFrames;
    FrameGraph& graph = loop.graph();
    std::vector<double> kernelMs;
    {
        const ScopedEnabled<FrameGraph> direct(graph, false);
        for (long i = 0; i < frames && !interruptSignal(); ++i) kernelMs.push_back(loop.runFrame(controls).kernelMs);
    }
    g.directFrames = static_cast<long>(kernelMs.size());
    g.withoutGraphP50Ms = summarize(kernelMs).p50;
    return g;
}

void printGraphComparison(const GraphComparison& g) {
    if (!g.measured) return;
    if (g.graphFrames == 0) {
        std::printf("  CUDA graph: not used (the frame waits for the host or copies host memory inside); launch by "
                    "launch, %ld more frames: kernel median %.4f ms\n", g.directFrames, g.withoutGraphP50Ms);
        return;
    }
    std::printf("  CUDA graph: %ld of the %ld measured frames ran as one graph: kernel median %.4f ms; launch by launch "
                "(%ld more frames): %.4f ms (%.2fx)\n", g.graphFrames, g.measuredFrames, g.withGraphP50Ms, g.directFrames,
                g.withoutGraphP50Ms, g.withGraphP50Ms > 0 ? g.withoutGraphP50Ms / g.withGraphP50Ms : 0.0);
}

std::string graphComparisonJson(const GraphComparison& g) {
    std::ostringstream json;
    json.precision(6);
    json << "{\"graph_frames\": " << g.graphFrames << ", \"measured_frames\": " << g.measuredFrames
         << ", \"with_graph_p50_ms\": " << g.withGraphP50Ms << ", \"direct_frames\": " << g.directFrames
         << ", \"without_graph_p50_ms\": " << g.withoutGraphP50Ms << "}";
    return json.str();
}

}  // namespace racelab
