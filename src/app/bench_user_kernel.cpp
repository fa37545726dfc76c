#include "app/bench_user_kernel.hpp"

#include <cstdio>
#include <nlohmann/json.hpp>

#include "userkernel/kernel_form.hpp"
#include "userkernel/user_kernel.hpp"

namespace racelab {

UserKernelBenchTimes summarizeUserKernel(const userkernel::RecordedFrameTimes& times, const userkernel::KernelForm& form) {
    UserKernelBenchTimes out;
    if (times.kernelMs.empty()) return out;
    out.measured = true;
    out.form = &form;
    out.worker = summarize(times.kernelMs);
    out.handoff = summarize(times.handoffMs);
    if (form.reportsImageTime && times.imageMs.size() == times.kernelMs.size()) out.image = summarize(times.imageMs);
    for (std::size_t i = 0; i < times.stepNames.size() && i < times.stepMs.size(); ++i)
        if (times.stepMs[i].size() == times.kernelMs.size()) out.steps.emplace_back(times.stepNames[i], summarize(times.stepMs[i]));
    return out;
}

void printUserKernelTimes(const std::string& name, const UserKernelBenchTimes& times) {
    if (!times.measured) return;
    const userkernel::KernelForm& form = *times.form;
    std::printf("  %s %s over the %zu measured frames: in its worker%s median %.4f ms, p95 %.4f ms; hand-over (%s) median "
                "%.4f ms, p95 %.4f ms\n",
                form.benchName, name.c_str(), times.worker.count, form.workerMeasure, times.worker.p50, times.worker.p95,
                form.handoffMeasure, times.handoff.p50, times.handoff.p95);
    if (form.reportsImageTime)
        std::printf("    of the hand-over, getImage and the image's copy to racelab (in the worker): median %.4f ms, p95 %.4f ms\n",
                    times.image.p50, times.image.p95);
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
                          {"whole_file", times.form && times.form->recordedAsWholeFile},
                          {"worker", summary(times.worker)},
                          {"handoff", summary(times.handoff)},
                          {"image", summary(times.image)},
                          {"steps", steps}}
        .dump();
}

}  // namespace racelab
