#include "app/bench_user_kernel.hpp"

#include <cstdio>
#include <nlohmann/json.hpp>

#include "userkernel/user_kernel.hpp"

namespace racelab {

UserKernelBenchTimes summarizeUserKernel(const userkernel::RecordedFrameTimes& times, bool wholeFile) {
    UserKernelBenchTimes out;
    if (times.kernelMs.empty()) return out;
    out.measured = true;
    out.wholeFile = wholeFile;
    out.worker = summarize(times.kernelMs);
    out.handoff = summarize(times.handoffMs);
    if (wholeFile && times.imageMs.size() == times.kernelMs.size()) out.image = summarize(times.imageMs);
    for (std::size_t i = 0; i < times.stepNames.size() && i < times.stepMs.size(); ++i)
        if (times.stepMs[i].size() == times.kernelMs.size()) out.steps.emplace_back(times.stepNames[i], summarize(times.stepMs[i]));
    return out;
}

void printUserKernelTimes(const std::string& name, const UserKernelBenchTimes& times) {
    if (!times.measured) return;
    if (times.wholeFile) {
        std::printf("  whole-file solution %s over the %zu measured frames: in its worker, the course's measure (the wall "
                    "clock around clearImage + advanceAnimation + render, each up to a device synchronize) median %.4f ms, "
                    "p95 %.4f ms; hand-over (getImage, the image's copy to racelab, context switches, reply) median %.4f ms, "
                    "p95 %.4f ms\n",
                    name.c_str(), times.worker.count, times.worker.p50, times.worker.p95, times.handoff.p50, times.handoff.p95);
        std::printf("    of the hand-over, getImage and the image's copy to racelab (in the worker): median %.4f ms, p95 %.4f ms\n",
                    times.image.p50, times.image.p95);
    } else {
        std::printf("  user kernel %s over the %zu measured frames: in its worker (CUDA events there around its launch list) "
                    "median %.4f ms, p95 %.4f ms; hand-over (copies, context switches, reply) median %.4f ms, p95 %.4f ms\n",
                    name.c_str(), times.worker.count, times.worker.p50, times.worker.p95, times.handoff.p50, times.handoff.p95);
    }
    for (const auto& [step, summary] : times.steps)
        std::printf("    %-40s median %.4f ms, p95 %.4f ms\n", step.c_str(), summary.p50, summary.p95);
}

std::string userKernelTimesJson(const std::string& name, const UserKernelBenchTimes& times) {
    auto summary = [](const Summary& s) {
        return nlohmann::json{{"p50_ms", s.p50}, {"p95_ms", s.p95}, {"min_ms", s.min}, {"max_ms", s.max}};
    };
    nlohmann::json steps = nlohmann::json::array();
    for (const auto& [step, s] : times.steps) {
        nlohmann::json one = summary(s);
        one["name"] = step;
        steps.push_back(one);
    }
    return nlohmann::json{{"name", name},
                          {"frames", times.worker.count},
                          {"whole_file", times.wholeFile},
                          {"worker", summary(times.worker)},
                          {"handoff", summary(times.handoff)},
                          {"image", summary(times.image)},
                          {"steps", steps}}
        .dump();
}

}  // namespace racelab
