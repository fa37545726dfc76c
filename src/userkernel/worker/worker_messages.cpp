#include "userkernel/worker/worker_messages.hpp"

#include <algorithm>

#include "userkernel/worker/worker_channel.hpp"

namespace racelab::userkernel {
namespace {

nlohmann::json::binary_t handleBytes(const IpcHandle& h) { return toBinary(h.data(), h.size()); }

IpcHandle handleFrom(const nlohmann::json& value) {
    const auto& bytes = value.get_binary();
    IpcHandle h{};
    std::copy_n(bytes.begin(), std::min(bytes.size(), h.size()), h.begin());
    return h;
}

// The outputs' used sizes: the worker finds each output's guard right after them.
std::vector<std::size_t> outputBytes(const KernelFrame& frame) {
    std::vector<std::size_t> out;
    for (const auto& o : frame.outputs) out.push_back(o.bytes);
    return out;
}

nlohmann::json sceneJson(const WholeFileScene& s) {
    return {{"preset", s.preset}, {"seed", s.seed}, {"count", s.count}, {"steps", s.steps}, {"generation", s.generation}};
}

}  // namespace

nlohmann::json loadRequest(const std::string& cubinPath, const LoadSpec& spec) {
    return {{"op", "load"},
            {"cubin", cubinPath},
            {"label", spec.label},
            {"parametersSymbol", spec.parametersSymbol},
            {"parametersBytes", spec.parametersBytes},
            {"sizes", spec.sizes}};
}

LoadSpec loadSpecFrom(const nlohmann::json& r) {
    return {r.at("label").get<std::string>(), r.at("parametersSymbol").get<std::string>(),
            r.at("parametersBytes").get<std::size_t>(), r.at("sizes").get<std::vector<std::string>>()};
}

nlohmann::json wholeFileLoadRequest(const std::string& libraryPath, const std::string& label, const std::string& family,
                                    const WorkerLimits& limits, const std::optional<AccessSites>& sites) {
    nlohmann::json request{{"op", "load"}, {"library", libraryPath}, {"label", label}, {"family", family}, {"limits", limitsJson(limits)}};
    if (sites) request["checks"] = {{"warpClocks", sites->partialWarpSyncs > 0}, {"orderBlocks", sites->ordersBlocks()}};
    return request;
}

nlohmann::json wholeFileSceneRequest(const WholeFileScene& scene, int width, int height) {
    return {{"op", "scene"}, {"scene", sceneJson(scene)}, {"width", width}, {"height", height}};
}

nlohmann::json wholeFileSceneDataRequest(const WholeFileScene& scene) { return {{"op", "scene-data"}, {"scene", sceneJson(scene)}}; }

WholeFileScene wholeFileSceneFrom(const nlohmann::json& s) {
    return {s.at("preset").get<std::string>(), s.at("seed").get<unsigned>(), s.at("count").get<int>(),
            s.at("steps").get<long long>(), s.at("generation").get<long long>()};
}

nlohmann::json buffersRequest(const IpcBuffers& buffers) {
    nlohmann::json inputs = nlohmann::json::array(), outputs = nlohmann::json::array();
    for (const IpcHandle& h : buffers.inputs) inputs.push_back(handleBytes(h));
    for (const IpcHandle& h : buffers.outputs) outputs.push_back(handleBytes(h));
    return {{"op", "buffers"}, {"inputs", inputs}, {"outputs", outputs}, {"inputsReady", handleBytes(buffers.inputsReady)}};
}

IpcBuffers buffersFrom(const nlohmann::json& r) {
    IpcBuffers b;
    for (const auto& h : r.at("inputs")) b.inputs.push_back(handleFrom(h));
    for (const auto& h : r.at("outputs")) b.outputs.push_back(handleFrom(h));
    b.inputsReady = handleFrom(r.at("inputsReady"));
    return b;
}

nlohmann::json frameRequest(const KernelFrame& frame, long long id) {
    nlohmann::json pointers = nlohmann::json::array();
    for (const auto& p : frame.pointers) pointers.push_back({p.offset, p.output, p.index});
    nlohmann::json request = {{"op", "frame"},
                              {"id", id},
                              {"parameters", toBinary(frame.parameters.data(), frame.parameters.size())},
                              {"pointers", pointers},
                              {"sizes", frame.sizes},
                              {"outputBytes", outputBytes(frame)},
                              {"width", frame.width},
                              {"height", frame.height},
                              {"sceneId", frame.sceneId}};
    // Names and sizes: an instrumented build checks every access against them and reports by name.
    nlohmann::json inputs = nlohmann::json::array(), outputNames = nlohmann::json::array();
    for (const auto& input : frame.inputs) inputs.push_back({input.name, input.bytes});
    for (const auto& output : frame.outputs) outputNames.push_back(output.name);
    request["inputs"] = inputs;
    request["outputNames"] = outputNames;
    if (frame.traced.bytes) request["traced"] = {frame.traced.output, frame.traced.offset, frame.traced.bytes};
    if (frame.racingWords) request["racingWords"] = true;
    if (frame.wholeFileScene) request["scene"] = sceneJson(*frame.wholeFileScene);
    return request;
}

KernelFrame frameFrom(const nlohmann::json& r) {
    KernelFrame f;
    const auto& bytes = r.at("parameters").get_binary();
    f.parameters.assign(bytes.begin(), bytes.end());
    for (const auto& p : r.at("pointers"))
        f.pointers.push_back({p.at(0).get<std::size_t>(), p.at(1).get<bool>(), p.at(2).get<int>()});
    f.sizes = r.at("sizes").get<std::vector<std::int64_t>>();
    const auto names = r.value("outputNames", std::vector<std::string>{});
    for (std::size_t bytes : r.value("outputBytes", std::vector<std::size_t>{}))
        f.outputs.push_back({f.outputs.size() < names.size() ? names[f.outputs.size()] : "", bytes});
    if (r.contains("traced"))
        f.traced = {r.at("traced").at(0).get<int>(), r.at("traced").at(1).get<std::size_t>(), r.at("traced").at(2).get<std::size_t>()};
    f.racingWords = r.value("racingWords", false);
    for (const auto& input : r.value("inputs", nlohmann::json::array()))
        f.inputs.push_back({input.at(0).get<std::string>(), nullptr, input.at(1).get<std::size_t>()});
    f.width = r.at("width").get<int>();
    f.height = r.at("height").get<int>();
    f.sceneId = r.value("sceneId", 0LL);
    if (r.contains("scene")) f.wholeFileScene = wholeFileSceneFrom(r.at("scene"));
    return f;
}

nlohmann::json timesReply(const FrameTimes& times) {
    nlohmann::json reply{{"ok", true},
            {"kernelMs", times.kernelMs},
            {"stepMs", times.stepMs},
            {"guardDamage", times.guardDamage},
            {"eventStepMs", times.eventStepMs},
            {"imageMs", times.imageMs},
            {"note", times.note}};
    if (times.accesses) reply["accesses"] = accessReportJson(*times.accesses);
    return reply;
}

FrameTimes timesFrom(const nlohmann::json& reply) {
    FrameTimes times{reply.value("kernelMs", 0.0), reply.value("stepMs", std::vector<double>{}),
                     reply.value("guardDamage", std::vector<long long>{}), reply.value("eventStepMs", std::vector<double>{}),
                     reply.value("imageMs", 0.0), reply.value("note", std::string()), std::nullopt};
    if (reply.contains("accesses")) times.accesses = accessReportFrom(reply.at("accesses"));
    return times;
}

}  // namespace racelab::userkernel
