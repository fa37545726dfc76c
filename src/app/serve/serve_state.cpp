#include "app/serve/serve_state.hpp"

#include <algorithm>

#include <nlohmann/json.hpp>

#include "core/stats.hpp"
#include "frame/race_view.hpp"
#include "ui/viewer_panel.hpp"  // kViewerKeysHelp
#include "userkernel/user_kernel.hpp"

namespace racelab {
namespace {

using Json = nlohmann::json;

const char* kindName(ParameterKind kind) {
    switch (kind) {
        case ParameterKind::Int: return "int";
        case ParameterKind::Float: return "float";
        case ParameterKind::Bool: return "bool";
        case ParameterKind::Choice: return "choice";
        case ParameterKind::Text: return "text";
    }
    return "text";
}

Json parametersJson(const ParameterSet& parameters) {
    Json list = Json::array();
    for (const Parameter& p : parameters.all()) {
        if (p.hidden) continue;
        Json item{{"name", p.spec.name},   {"label", p.spec.label}, {"kind", kindName(p.spec.kind)},
                  {"help", p.spec.help},   {"min", p.spec.min},     {"max", p.spec.max},
                  {"value", p.number},     {"regenerates", p.spec.regenerates}};
        if (p.spec.kind == ParameterKind::Choice) item["choices"] = p.spec.choices;
        if (p.spec.kind == ParameterKind::Text) item["text"] = p.text;
        list.push_back(std::move(item));
    }
    return list;
}

Json raceJson(const RaceReading& race, const std::string& backend) {
    Json out{{"valid", race.valid}, {"good", race.good},         {"racy", race.racy},
             {"differing", race.differing}, {"total", race.total}, {"percent", race.percent()},
             {"heatFrames", race.heatFrames}};
    if (race.exact) out["exact"] = {{"what", race.exact->what}, {"lost", race.exact->lost}, {"of", race.exact->of}};
    // What the page says when there is no reading: the panel's words (ui/viewer_panel.cpp).
    if (!race.valid && !race.exact)
        out["note"] = backend == "cpu" ? "race meter: cuda backend only" : "race meter: a correct variant has no races";
    return out;
}

// The graph's samples (oldest first) and their p50 / p99.
Json timesJson(const FrameHistory& history) {
    const std::size_t count = history.frames.size();
    const std::size_t first = count > kStateTimeSamples ? count - kStateTimeSamples : 0;
    std::vector<double> frameMs, kernelMs;
    for (std::size_t i = first; i < count; ++i) {
        frameMs.push_back(history.frames[i].frameMs);
        kernelMs.push_back(history.frames[i].kernelMs);
    }
    const auto percentiles = [](const std::vector<double>& samples) {
        if (samples.empty()) return Json{{"p50", 0}, {"p99", 0}};
        const Summary s = summarize(samples);
        return Json{{"p50", s.p50}, {"p99", s.p99}};
    };
    // Rounded to microseconds: the page draws them, and the message stays a few kilobytes.
    const auto rounded = [](std::vector<double> samples) {
        for (double& v : samples) v = static_cast<double>(static_cast<long long>(v * 1000.0 + 0.5)) / 1000.0;
        return samples;
    };
    return {{"frame", percentiles(frameMs)}, {"kernel", percentiles(kernelMs)}, {"frameMs", rounded(frameMs)},
            {"kernelMs", rounded(kernelMs)}};
}

// The user's kernel as the viewer's panel shows it: its state, the compiler's FILE:LINE messages or what
// happened, the kernel's own output, its times.
Json kernelJson(const userkernel::UserKernel& kernel) {
    const userkernel::UserKernelStatus& s = kernel.status();
    return {{"file", kernel.path()},         {"state", userkernel::kernelStateName(s.state)},
            {"message", s.message},          {"output", s.workerOutput},
            {"runningBuild", s.runningBuild}, {"compileMs", s.compileMs},
            {"builds", s.builds},            {"kernelMs", s.kernelMs},
            {"handoffMs", s.handoffMs},      {"frames", s.frames},
            {"failedFrames", s.failedFrames}};
}

const char* stageName(RaceFinderView::Stage stage) {
    switch (stage) {
        case RaceFinderView::Stage::None: return "none";
        case RaceFinderView::Stage::Building: return "building";
        case RaceFinderView::Stage::Done: return "done";
        case RaceFinderView::Stage::Failed: return "failed";
    }
    return "none";
}

Json raceFinderJson(const RaceFinderView& r) {
    Json race{{"stage", stageName(r.stage)}, {"findings", r.findings},   {"racingPixels", r.racingPixels},
              {"truncated", r.truncated},    {"elsewhere", r.elsewhere}, {"stale", r.stale},
              {"width", r.width},            {"height", r.height},       {"inspection", r.inspection}};
    race["inspected"] = r.inspected ? Json::array({r.inspected->first, r.inspected->second}) : Json(nullptr);
    return race;
}

}  // namespace

std::string greetingJson(const std::vector<std::string>& sceneNames, Size2 maxSize, const std::string& backend,
                         const std::string& presenter, const std::string& surface) {
    Json views = Json::array();
    for (int i = 0; i < kRaceViewCount; ++i)
        views.push_back({{"name", raceViewName(static_cast<RaceView>(i))},
                         {"description", raceViewDescription(static_cast<RaceView>(i))}});
    const Json hello{{"type", "hello"},      {"scenes", sceneNames},   {"views", views},
                     {"maxSize", {maxSize.width, maxSize.height}}, {"backend", backend},
                     {"presenter", presenter}, {"surface", surface}, {"keys", kViewerKeysHelp},
                     {"maxHeatFrames", kMaxHeatFrames}};
    return hello.dump(-1, ' ', false, Json::error_handler_t::replace);
}

std::string stateJson(const ServeStateView& v) {
    Json variants = Json::array();
    for (const VariantInfo& info : v.scene.variants())
        variants.push_back({{"name", info.name}, {"correct", info.correct}, {"description", info.description}});
    const auto index = std::find(v.sceneNames.begin(), v.sceneNames.end(), v.scene.name());
    const Json state{
        {"type", "state"},
        {"frame", v.facts.frame},
        {"scene", v.scene.name()},
        {"sceneIndex", index == v.sceneNames.end() ? -1 : static_cast<long>(index - v.sceneNames.begin())},
        {"animated", v.scene.animated()},
        {"variants", variants},
        {"variant", v.controls.variant},
        {"racyVariant", v.controls.racyVariant},
        {"paused", v.controls.paused},
        {"view", raceViewName(v.controls.view)},
        {"wipe", v.controls.wipe},
        {"heatFrames", v.controls.heatFrames},
        {"raceMeter", v.controls.raceMeter},
        {"race", raceJson(v.race, v.facts.backend)},
        {"params", parametersJson(v.scene.parameters())},
        {"times", timesJson(v.history)},
        {"size", {v.facts.size.width, v.facts.size.height}},
        {"backend", v.facts.backend},
        {"presenter", v.facts.presenter},
        {"status", v.facts.status},
        {"stats", v.scene.statsLine()},
        {"encodeMs", v.facts.encodeMs},
        {"dropped", v.facts.dropped},
        {"video", {{"encoder", v.facts.video.encoder}, {"stopped", v.facts.video.stopped},
                   {"kbps", v.facts.video.kbps}, {"keyFrames", v.facts.video.keyFrames}}},
    };
    Json out = state;
    if (v.kernel) {
        out["kernel"] = kernelJson(*v.kernel);
        if (v.check) out["kernel"]["check"] = {{"ran", !v.check->text.empty()}, {"report", v.check->text}, {"passed", v.check->pass}};
        if (v.races) out["kernel"]["race"] = raceFinderJson(*v.races);
    }
    // Scene names and messages may hold any bytes: invalid UTF-8 is replaced rather than thrown on.
    return out.dump(-1, ' ', false, Json::error_handler_t::replace);
}

}  // namespace racelab
