// One frame of a user kernel drawn instrumented (check --races, --checked) in the test's own process, and what
// the checks found in it, as check --races prints it: what the access-check GPU tests share.
#pragma once
#include <algorithm>
#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "app/scene_setup.hpp"
#include "core/errors.hpp"
#include "core/gpu_timing.hpp"
#include "frame/offline_frame.hpp"
#include "userkernel/build/kernel_compiler.hpp"
#include "userkernel/racecheck/access_findings.hpp"
#include "userkernel/user_kernel.hpp"

namespace racelab::gputest {

struct Findings {
    userkernel::UserKernelStatus status;
    std::optional<userkernel::AccessSites> sites;
    std::vector<userkernel::RacingLines> races;
    std::string text;  // what check --races prints
    std::string thrown;
};

// One frame of `file` instrumented (`checks`) on `scene`, and what it found; `frames` frames drawn in all.
inline Findings runInstrumented(const std::string& scene, const std::string& file, const std::string& size, unsigned checks,
                                int frames = 1, int count = 1 << 16, std::optional<std::pair<int, int>> pixel = std::nullopt) {
    SceneSelection selection;
    selection.scene = scene;
    selection.size = size;
    selection.kernel = file;
    if (scene.rfind("histogram/", 0) == 0) selection.count = count;  // inputs: fewer than the preset's, for speed
    selection.kernelAccessChecks = checks;
    selection.kernelTimeout = 60;
    selection.kernelTracedPixel = pixel;
    Findings f;
    try {
        PreparedScene prepared = prepareScene(selection, size);
        CudaStream stream;
        for (int i = 0; i < frames; ++i) renderOffline(*prepared.scene, prepared.variant, prepared.size, stream.get());
        f.status = prepared.kernel->status();
        f.sites = prepared.kernel->accessSites();
        if (f.sites && f.status.accesses) {
            userkernel::FindingContext context;
            for (const std::string& own : userkernel::localIncludes(std::filesystem::absolute(file).lexically_normal().string()))
                context.userFiles.insert(own);
            context.width = f.status.frameWidth, context.height = f.status.frameHeight, context.outputs = f.status.frameOutputs;
            f.races = racingLines(*f.status.accesses, *f.sites, context);
            f.text = formatAccessFindings(*f.status.accesses, *f.sites, context);
            if (pixel) f.text += formatTracedAccesses(*f.status.accesses, *f.sites, context, *pixel);
        }
    } catch (const Error& e) {
        f.thrown = e.what();
    }
    return f;
}

// Whether `races` holds the pair of lines a, b of `file` of that kind and relation (a read-write pair: a the read).
inline bool reportedPair(const std::vector<userkernel::RacingLines>& races, bool writeWrite, bool acrossBlocks, int a, int b,
                         const std::string& file) {
    return std::any_of(races.begin(), races.end(), [&](const userkernel::RacingLines& r) {
        if (r.a.file != file || r.b.file != file || r.writeWrite != writeWrite || r.acrossBlocks != acrossBlocks) return false;
        return writeWrite ? std::minmax(r.a.line, r.b.line) == std::minmax(a, b) : r.a.line == a && r.b.line == b;
    });
}

}  // namespace racelab::gputest
