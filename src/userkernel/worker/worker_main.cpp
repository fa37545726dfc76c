#include "userkernel/worker/worker_main.hpp"

#include <fstream>
#include <iterator>
#include <memory>

#include "core/gpu_timing.hpp"
#include "core/read_file.hpp"
#include "scenes/scene_registry.hpp"
#include "userkernel/worker/kernel_executor.hpp"
#include "userkernel/worker/whole_file_solution.hpp"
#include "userkernel/worker/worker_channel.hpp"
#include "userkernel/worker/worker_limits.hpp"
#include "userkernel/worker/worker_messages.hpp"

namespace racelab::userkernel {
namespace {

nlohmann::json failure(const std::string& error, bool workerEnds) {
    return {{"ok", false}, {"error", error}, {"workerEnds", workerEnds}};
}

std::vector<std::uint8_t> readCubin(const std::string& path) {
    const std::optional<std::string> bytes = readWholeFile(path);
    if (!bytes) throw Error("kernel worker: cannot read the compiled kernel " + path);
    return std::vector<std::uint8_t>(bytes->begin(), bytes->end());
}

const WholeFileHarness& harnessOf(const std::string& family) {
    const WorkloadFamily& named = kernelFamilyNamed(family);
    if (!named.kernelContract->wholeFile) throw Error("the " + family + " family takes no whole-file solution");
    return *named.kernelContract->wholeFile;
}

// A whole-file frame: the solution first catches up with racelab's animation (WholeFileScene::steps); racelab
// starts a new worker when its scene went back.
FrameTimes wholeFileFrame(KernelExecutor& executor, WholeFileSolution& solution, const KernelFrame& frame) {
    if (!solution.started()) throw Error("no scene loaded");
    if (!frame.wholeFileScene) throw Error("the frame names no scene for a whole-file solution");
    const long long advances = frame.wholeFileScene->steps - solution.steps();
    if (advances < 0) throw Error("racelab's scene went back " + std::to_string(-advances) + " steps: the solution must start again");
    return executor.runWholeFileFrame(solution, static_cast<int>(advances), frame);
}

}  // namespace

int runKernelWorker(int socketFd, int device) {
    const WorkerChannel channel(socketFd);
    std::unique_ptr<KernelExecutor> executor;
    std::unique_ptr<WholeFileSolution> solution;  // a whole-file solution, instead of a launch list
    const WholeFileHarness* harness = nullptr;    // the harness its family hands it scenes through
    try {
        selectCudaDevice(device);
        executor = makeKernelExecutor();
    } catch (const std::exception& e) {
        channel.send(failure(e.what(), true));
        return 3;
    }
    channel.send({{"ok", true}});
    for (;;) {
        nlohmann::json request;
        if (channel.receive(request, -1) != WorkerChannel::Status::Message) return 2;
        const std::string op = request.value("op", "");
        try {
            if (op == "quit") return 0;
            if (op == "load" && request.contains("library")) {
                if (solution) throw Error("the worker holds a whole-file solution already (a new build needs a new worker)");
                harness = &harnessOf(request.at("family").get<std::string>());
                // From here on the worker runs untrusted host code: its limits first (worker_limits.hpp).
                confineThisProcess(limitsFrom(request.value("limits", nlohmann::json::object())));
                solution = std::make_unique<WholeFileSolution>(request.at("library").get<std::string>(),
                                                               request.at("label").get<std::string>());
                // An instrumented build's checks see its allocations from setup on (whole_file_checks.hpp).
                WholeFileAccessEntries entries = solution->accessEntries();
                const nlohmann::json checks = request.value("checks", nlohmann::json::object());
                entries.warpClocks = checks.value("warpClocks", false);
                entries.orderBlocks = checks.value("orderBlocks", false);
                executor->attachWholeFile(entries, request.at("label").get<std::string>());
                channel.send({{"ok", true}, {"steps", {"clearImage", "advanceAnimation", "render"}}});
            } else if (op == "idle") {  // racelab's share of a frame, timed by racelab before a solution loads
                if (solution) throw Error("the worker holds a whole-file solution: its share is timed before it loads");
                executor->idleFrame();
                channel.send({{"ok", true}});
            } else if (op == "scene-data") {  // racelab's half of a scene, ahead of the solution's (prepareScene)
                if (!solution) throw Error("no whole-file solution loaded");
                solution->prepareScene(*harness, wholeFileSceneFrom(request.at("scene")));
                channel.send({{"ok", true}});
            } else if (op == "scene") {
                if (!solution) throw Error("no whole-file solution loaded");
                executor->releaseImage();  // startScene may free the image and allocate another where it was
                solution->startScene(*harness, wholeFileSceneFrom(request.at("scene")), request.at("width").get<int>(),
                                     request.at("height").get<int>());
                channel.send({{"ok", true}});
            } else if (op == "load") {
                const LoadedKernel loaded = executor->load(readCubin(request.at("cubin")), loadSpecFrom(request));
                channel.send({{"ok", true}, {"steps", loaded.steps}, {"scratch", loaded.scratch}});
            } else if (op == "buffers") {
                executor->openBuffers(buffersFrom(request));
                channel.send({{"ok", true}});
            } else if (op == "frame") {
                const KernelFrame frame = frameFrom(request);
                nlohmann::json reply =
                    timesReply(solution ? wholeFileFrame(*executor, *solution, frame) : executor->runFrame(frame));
                reply["id"] = request.value("id", 0LL);
                channel.send(reply);
            } else {
                channel.send(failure("kernel worker: unknown request '" + op + "'", false));
            }
        } catch (const KernelFault& e) {
            channel.send(failure(e.what(), true));
            return 3;
        } catch (const std::exception& e) {
            channel.send(failure(e.what(), false));
        }
    }
}

}  // namespace racelab::userkernel
