#include "core/frame_graph.hpp"

#include "core/kernel_timing.hpp"

#ifdef RACELAB_HAVE_CUDA
#include <cuda_runtime.h>

#include "core/cuda_check.hpp"
#endif

namespace racelab {
namespace {
// The stream a FrameGraph is capturing now (one at a time: frames are recorded on the host thread that runs
// them), and whether a wait ended that capture early.
[[maybe_unused]] cudaStream_t capturing = nullptr;  // read and written only where CUDA is built
[[maybe_unused]] bool captureEndedByWait = false;
}  // namespace

FrameGraph::~FrameGraph() { reset(); }

void FrameGraph::reset() {
#ifdef RACELAB_HAVE_CUDA
    if (exec_) cudaGraphExecDestroy(static_cast<cudaGraphExec_t>(exec_));
#endif
    exec_ = nullptr;
    key_ = {};
    keyCannotCapture_ = false;
    keyRanDirectlyOnce_ = false;
}

void FrameGraph::runDirectly(const std::function<void()>& work) {
    work();
    lastWasGraph_ = false;
    ++directFrames_;
}

void FrameGraph::run(cudaStream_t stream, const FrameGraphKey& key, const std::function<void()>& work) {
#ifndef RACELAB_HAVE_CUDA
    (void)stream;
    (void)key;
    runDirectly(work);
#else
    if (!(key == key_)) {
        key_ = key;
        keyCannotCapture_ = false;
        keyRanDirectlyOnce_ = false;
    }
    if (!enabled_ || keyCannotCapture_ || !keyRanDirectlyOnce_ || KernelTiming::instance().enabled()) {
        runDirectly(work);
        keyRanDirectlyOnce_ = true;
        return;
    }
    // Relaxed: the scene may still grow a buffer (cudaMalloc) while it is being captured.
    CUDA_CHECK(cudaStreamBeginCapture(stream, cudaStreamCaptureModeRelaxed));
    capturing = stream;
    captureEndedByWait = false;
    try {
        work();
    } catch (...) {
        capturing = nullptr;
        if (!captureEndedByWait) {
            cudaGraph_t abandoned = nullptr;
            cudaStreamEndCapture(stream, &abandoned);
            if (abandoned) cudaGraphDestroy(abandoned);
            cudaGetLastError();  // the capture's own error, if any: the exception says what failed
        }
        keyCannotCapture_ = true;
        throw;
    }
    capturing = nullptr;
    if (captureEndedByWait) {  // the frame ran (in two parts) and is done; this key runs directly from now on
        keyCannotCapture_ = true;
        lastWasGraph_ = false;
        ++directFrames_;
        return;
    }
    cudaGraph_t graph = nullptr;
    CUDA_CHECK(cudaStreamEndCapture(stream, &graph));
    auto exec = static_cast<cudaGraphExec_t>(exec_);
    // A graph of another node count (a frame that now advances, a scene that switched to two binning passes)
    // cannot update the executable one: instantiate anew without asking (a refused update is an API error).
    std::size_t nodes = 0;
    CUDA_CHECK(cudaGraphGetNodes(graph, nullptr, &nodes));
    if (exec && nodes != execNodes_) {
        cudaGraphExecDestroy(exec);
        exec = nullptr;
    }
    if (exec) {
        cudaGraphExecUpdateResultInfo info{};
        if (cudaGraphExecUpdate(exec, graph, &info) != cudaSuccess) {
            cudaGetLastError();  // a different shape (other kernels, other node count): instantiate anew
            cudaGraphExecDestroy(exec);
            exec = nullptr;
        }
    }
    if (!exec) {
        const cudaError_t made = cudaGraphInstantiate(&exec, graph, 0);
        if (made != cudaSuccess) {
            cudaGraphDestroy(graph);
            exec_ = nullptr;
            CUDA_CHECK(made);
        }
    }
    exec_ = exec;
    execNodes_ = nodes;
    const cudaError_t launched = cudaGraphLaunch(exec, stream);
    cudaGraphDestroy(graph);
    CUDA_CHECK(launched);
    lastWasGraph_ = true;
    ++graphFrames_;
#endif
}

void endFrameCapture(cudaStream_t stream) {
#ifdef RACELAB_HAVE_CUDA
    if (!capturing || capturing != stream) return;
    capturing = nullptr;
    captureEndedByWait = true;
    cudaGraph_t graph = nullptr;
    CUDA_CHECK(cudaStreamEndCapture(stream, &graph));
    cudaGraphExec_t exec = nullptr;
    CUDA_CHECK(cudaGraphInstantiate(&exec, graph, 0));
    CUDA_CHECK(cudaGraphLaunch(exec, stream));
    cudaGraphExecDestroy(exec);  // destroyed after the launch is queued: the launch completes regardless
    cudaGraphDestroy(graph);
#else
    (void)stream;
#endif
}

}  // namespace racelab
