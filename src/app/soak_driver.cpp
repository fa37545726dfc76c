#include "app/soak_driver.hpp"

#include <algorithm>

#include "core/memory_probe.hpp"

namespace racelab {

std::vector<int> soakSceneIndices(const std::vector<SceneListing>& listings, Backend backend, const std::string& family) {
    std::vector<int> out;
    for (std::size_t i = 0; i < listings.size(); ++i) {
        if (!family.empty() && (!listings[i].family || listings[i].family->name != family)) continue;
        const PresetInfo& preset = listings[i].preset;
        if (!preset.heavy && !(backend == Backend::Cpu && preset.slowOnCpu)) out.push_back(static_cast<int>(i));
    }
    return out;
}
namespace {

#if defined(__SANITIZE_ADDRESS__)
constexpr bool kUnderAddressSanitizer = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool kUnderAddressSanitizer = true;
#else
constexpr bool kUnderAddressSanitizer = false;
#endif
#else
constexpr bool kUnderAddressSanitizer = false;
#endif

}  // namespace

SoakDriver::SoakDriver(double seconds, std::vector<std::string> scenes)
    : seconds_(seconds), scenes_(std::move(scenes)), sceneCount_(static_cast<int>(scenes_.size())) {
    startRss_ = residentMiB();
    startGpu_ = gpuUsedMiB();
    std::printf("soak: %.0f s, %d scenes; start: resident %.1f MiB, GPU used %.1f MiB\n", seconds, sceneCount_,
                startRss_, startGpu_);
    std::fflush(stdout);
}

SoakStep SoakDriver::step() {
    static const int sizes[][2] = {{1280, 720}, {640, 360}, {1023, 577}, {320, 200}, {1600, 900}, {801, 601}};
    // Seconds a sample waits after the switch back to the first scene: the recording stopped there has closed.
    constexpr double kSampleSettleSeconds = .75;
    const double t = clock_.ms() / 1000.0;
    SoakStep s;
    if (t >= seconds_) {
        s.finished = true;
        return s;
    }
    if (restoreAt_ >= 0 && t >= restoreAt_) s.restore = true, restoreAt_ = -1;
    if (t >= nextScene_) {
        s.nextScene = true, nextScene_ += 1.5, ++switches_;
        // Back at the cycle's first scene: sample once it has drawn (until the next switch; a refused first
        // scene gives no sample that cycle).
        sampleDue_ = sceneCount_ > 0 && switches_ % sceneCount_ == 0;
        cycled_ = cycled_ || sampleDue_;
        if (sampleDue_) {
            // Like with like: every sample at the first window size, with no recording in flight. A recording's
            // encoder and a larger window hold tens of MiB that say nothing of a leak, and where the resizes and
            // the toggles stand when a cycle comes back differs from cycle to cycle.
            s.resizeWidth = sizes[0][0], s.resizeHeight = sizes[0][1], resizeIndex_ = 1, ++resizes_;
            if (recording_) s.toggleRecording = true, recording_ = false, ++recordings_;
            sampleAfter_ = t + kSampleSettleSeconds;
        }
    }
    if (t >= nextVariant_) s.nextVariant = true, nextVariant_ += .5;
    if (t >= nextKernelReload_) s.reloadKernel = true, nextKernelReload_ += 2;
    // Every comparison view too, out of step with the variants so that each meets every variant.
    if (t >= nextView_) s.nextView = true, nextView_ += 1.1;
    if (!sampleDue_ && t >= nextResize_) {  // held while a sample is due, as the recording's toggles are
        s.resizeWidth = sizes[resizeIndex_][0], s.resizeHeight = sizes[resizeIndex_][1];
        resizeIndex_ = (resizeIndex_ + 1) % 6, nextResize_ += 3, ++resizes_;
    }
    if (t >= nextMinimize_) s.minimize = true, restoreAt_ = t + 1, nextMinimize_ += 7, ++minimizes_;  // 1 s minimized
    if (t >= nextReport_) printMemory("running"), nextReport_ += 60;
    if (!sampleDue_ && t >= nextRecording_) s.toggleRecording = true, recording_ = !recording_, nextRecording_ += 5, ++recordings_;
    return s;
}

void SoakDriver::countFrame(const std::string& scene) {
    ++frames_;
    shown_.insert(scene);
    // Frames of the scene before the switch come first; the sample waits for the stopped recording to close.
    if (!sampleDue_ || scene != scenes_.front() || clock_.ms() / 1000.0 < sampleAfter_) return;
    sampleDue_ = false;
    const double rss = residentMiB(), gpu = gpuUsedMiB();
    if (cycleSamples_++ == 0) cycledRss_ = rss, cycledGpu_ = gpu;
    lastRss_ = rss, lastGpu_ = gpu;
    std::printf("soak: cycle %d back at %s at %.0f s: resident %.1f MiB, GPU used %.1f MiB\n", cycleSamples_,
                scene.c_str(), clock_.ms() / 1000.0, rss, gpu);
    std::fflush(stdout);
}

void SoakDriver::countGlError(unsigned error) {
    if (++glErrors_ <= 5) std::fprintf(stderr, "soak: GL error 0x%x\n", error);
}

void SoakDriver::countRefusal(const std::string& scene, const std::string& why, bool missingInput) {
    ++refusals_;
    refusedBy_[scene] = why;
    if (missingInput) missingInput_.insert(scene);
    else ++errors_;
    std::printf("soak: %s %s (the viewer stays up): %s\n", scene.c_str(), missingInput ? "skipped" : "FAILED", why.c_str());
}

bool SoakDriver::growthWithinBound(const char* what, double cycled, double now) const {
    const double bound = std::max(kSoakGrowthMiB, kSoakGrowthShare * cycled);
    const bool ok = now - cycled <= bound;
    std::printf("soak: %s memory at %s, cycle 1 -> cycle %d: %.1f -> %.1f MiB (bound +%.1f MiB): %s\n", what,
                scenes_.front().c_str(), cycleSamples_, cycled, now, bound, ok ? "ok" : "FAIL, it keeps growing");
    return ok;
}

void SoakDriver::printMemory(const char* when) {
    std::printf("soak: %s at %.0f s: resident %.1f MiB, GPU used %.1f MiB, %ld frames\n", when, clock_.ms() / 1000.0,
                residentMiB(), gpuUsedMiB(), frames_);
    std::fflush(stdout);
}

int SoakDriver::finish() {
    const double rss = residentMiB(), gpu = gpuUsedMiB();
    std::printf("soak: done after %.0f s: %ld frames, %ld scene switches (%ld refused), %ld resizes, %ld minimizes, "
                "%ld recording toggles, %ld GL errors\n",
                clock_.ms() / 1000.0, frames_, switches_, refusals_, resizes_, minimizes_, recordings_, glErrors_);
    std::printf("soak: memory start %.1f MiB resident / %.1f MiB GPU; end %.1f / %.1f (on whatever scene was shown)\n",
                startRss_, startGpu_, rss, gpu);
    bool ok = glErrors_ == 0 && errors_ == 0;
    if (errors_ > 0) std::printf("soak: FAIL, %ld errors other than missing inputs (see the FAILED lines)\n", errors_);
    if (cycled_ && kUnderAddressSanitizer) {
        std::printf("soak: built with AddressSanitizer, whose quarantine keeps freed memory resident: memory growth "
                    "not judged (the release build's soak judges it)\n");
    } else if (cycleSamples_ >= 2) {
        ok = growthWithinBound("resident", cycledRss_, lastRss_) && ok;
        ok = growthWithinBound("GPU", cycledGpu_, lastGpu_) && ok;
    } else if (cycled_) {
        std::printf("soak: fewer than two cycles back at %s: memory growth not judged (run longer)\n",
                    scenes_.front().c_str());
    }
    if (cycled_) {
        for (const auto& scene : scenes_) {
            if (shown_.count(scene)) continue;
            const auto reason = refusedBy_.find(scene);
            const bool excused = missingInput_.count(scene) > 0;
            std::printf("soak: %s never drew a frame: %s%s\n", scene.c_str(),
                        reason == refusedBy_.end() ? "no reason was given" : reason->second.c_str(),
                        excused ? " (a missing optional input: not a failure)" : " - FAIL");
            ok = ok && excused;
        }
    } else {
        std::printf("soak: no full cycle through the scenes (too short): memory growth and scene starts not judged\n");
    }
    std::printf("soak: %s\n", ok ? "PASS" : "FAIL");
    std::fflush(stdout);
    return ok ? 0 : 1;
}

}  // namespace racelab
