#include "app/bench_user_kernel.hpp"

#include <cstdio>
#include <nlohmann/json.hpp>

#include "userkernel/user_kernel.hpp"

namespace racelab {

UserKernelBenchTimes summarizeUserKernel(const userkernel::RecordedFrameTimes& times) {
    UserKernelBenchTimes out;
    if (times.kernelMs.empty()) return out;
    out.measured = true;
    out.worker = summarize(times.kernelMs);
    out.handoff = summarize(times.handoffMs);
    return out;
}

void printUserKernelTimes(const std::string& name, const UserKernelBenchTimes& times) {
    if (!times.measured) return;
    std::printf("  user kernel %s over the %zu measured frames: in its worker (CUDA events there around its launch list) "
                "median %.4f ms, p95 %.4f ms; hand-over (copies, context switches, reply) median %.4f ms, p95 %.4f ms\n",
                name.c_str(), times.worker.count, times.worker.p50, times.worker.p95, times.handoff.p50, times.handoff.p95);
}

std::string userKernelTimesJson(const std::string& name, const UserKernelBenchTimes& times) {
    auto summary = [](const Summary& s) {
        return nlohmann::json{{"p50_ms", s.p50}, {"p95_ms", s.p95}, {"min_ms", s.min}, {"max_ms", s.max}};
    };
    return nlohmann::json{{"name", name},
                          {"frames", times.worker.count},
                          {"worker", summary(times.worker)},
                          {"handoff", summary(times.handoff)}}
        .dump();
}

}  // namespace racelab
