// The messages between racelab and its kernel worker (worker_channel.hpp carries them), built and read in one
// place so both sides agree. Requests: ready (from the worker, once its context is up), load (a cubin, or a
// whole-file solution's library), scene (a whole-file solution's scene: load, allocate, set up), buffers,
// frame, quit. Every answer has "ok", and "error" when not ok; "workerEnds" says the worker's context is lost and it
// ends after answering.
#pragma once
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "scenes/kernel_contract.hpp"
#include "userkernel/racecheck/ptx_instrument.hpp"  // AccessSites
#include "userkernel/worker/kernel_executor.hpp"
#include "userkernel/worker/worker_limits.hpp"

namespace racelab::userkernel {

// How long racelab waits for the worker's answer to a control request (a frame's limit is --kernel-timeout):
inline constexpr int kControlTimeoutMs = 20'000;  // load and buffers: the worker may be opening a large cubin
inline constexpr int kSceneTimeoutMs = 60'000;    // a whole-file solution's loadScene, allocOutputImage, setup

nlohmann::json loadRequest(const std::string& cubinPath, const LoadSpec& spec);
LoadSpec loadSpecFrom(const nlohmann::json& request);

// `sites`: an instrumented build's (KernelBuild::accessSites), whose needs go with it (WholeFileAccessEntries).
nlohmann::json wholeFileLoadRequest(const std::string& libraryPath, const std::string& label, const std::string& family,
                                    const WorkerLimits& limits, const std::optional<AccessSites>& sites = std::nullopt);
nlohmann::json wholeFileSceneRequest(const WholeFileScene& scene, int width, int height);
// The scene's data alone, made by racelab's harness in the worker before the solution's calls.
nlohmann::json wholeFileSceneDataRequest(const WholeFileScene& scene);
WholeFileScene wholeFileSceneFrom(const nlohmann::json& scene);

nlohmann::json buffersRequest(const IpcBuffers& buffers);
IpcBuffers buffersFrom(const nlohmann::json& request);

// The frame's parameters, pointer fields, sizes and frame size (not the inputs' racelab-side addresses).
nlohmann::json frameRequest(const KernelFrame& frame, long long id);
KernelFrame frameFrom(const nlohmann::json& request);

nlohmann::json timesReply(const FrameTimes& times);
FrameTimes timesFrom(const nlohmann::json& reply);

}  // namespace racelab::userkernel
