// The messages between racelab and its kernel worker (worker_channel.hpp carries them), built and read in one
// place so both sides agree. Requests: ready (from the worker, once its context is up), load, buffers, frame,
// quit. Every answer has "ok", and "error" when not ok; "workerEnds" says the worker's context is lost and it
// ends after answering.
#pragma once
#include <nlohmann/json.hpp>
#include <string>

#include "scenes/kernel_contract.hpp"
#include "userkernel/kernel_executor.hpp"

namespace racelab::userkernel {

nlohmann::json loadRequest(const std::string& cubinPath, const LoadSpec& spec);
LoadSpec loadSpecFrom(const nlohmann::json& request);

nlohmann::json buffersRequest(const IpcBuffers& buffers);
IpcBuffers buffersFrom(const nlohmann::json& request);

// The frame's parameters, pointer fields, sizes and frame size (not the inputs' racelab-side addresses).
nlohmann::json frameRequest(const KernelFrame& frame, long long id);
KernelFrame frameFrom(const nlohmann::json& request);

nlohmann::json timesReply(const FrameTimes& times);
FrameTimes timesFrom(const nlohmann::json& reply);

}  // namespace racelab::userkernel
