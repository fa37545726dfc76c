#include "app/kernel_sanitize.hpp"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <regex>

#include "frame/offline_frame.hpp"
#include "app/scene_setup.hpp"
#include "core/read_file.hpp"
#include "core/errors.hpp"
#include "core/gpu_timing.hpp"
#include "core/temporary_path.hpp"
#include "core/toolkit_program.hpp"
#include "judge/sanitizer_report.hpp"
#include "userkernel/user_kernel.hpp"

namespace racelab {
namespace {

namespace fs = std::filesystem;

// compute-sanitizer is 10-100 times slower than the kernel alone: a frame gets at least this long.
constexpr double kSanitizedFrameSeconds = 300;

std::string readText(const std::string& path) { return readWholeFile(path).value_or(""); }

}  // namespace

std::string findComputeSanitizer() { return findToolkitProgram("compute-sanitizer", "RACELAB_COMPUTE_SANITIZER"); }

SanitizerRun runKernelUnderSanitizer(const std::string& sanitizer, const std::string& tool, const SceneSelection& selection) {
    std::string source = fs::absolute(selection.kernel).lexically_normal().string();
    // The report's folder of its own: a whole-file solution's worker runs sandboxed, where only it is writable.
    const TemporaryFolder folder = [] {
        try {
            return TemporaryFolder("racelab-sanitize-", "the tool's report");
        } catch (const Error& e) {
            throw Error(std::string("--sanitize: ") + e.what());
        }
    }();
    const fs::path log = fs::path(folder.path()) / (tool + ".log");
    SceneSelection sanitized = selection;
    sanitized.kernelLauncher = {sanitizer, "--tool", tool, "--log-file", log.string(), "--print-limit", "200"};
    sanitized.kernelLauncherFolder = folder.path();
    sanitized.kernelTimeout = std::max(selection.kernelTimeout, kSanitizedFrameSeconds);
    sanitized.variantGiven = false;  // the kernel's own variant
    SanitizerRun run;
    {
        PreparedScene prepared = prepareScene(sanitized, "1024x1024");
        source = prepared.kernel->path();  // a folder's whole-file solution: the file in it
        CudaStream stream;
        try {
            renderOffline(*prepared.scene, prepared.variant, prepared.size, stream.get());
        } catch (const Error& e) {
            run.failure = e.what();  // a fault: the tool's report says where
        }
    }  // the kernel and its worker end here: compute-sanitizer writes its summary as the worker exits
    run.log = readText(log.string());
    run.findings = judge::parseSanitizerLog(run.log, tool, source);
    run.finished = std::regex_search(run.log, std::regex("SUMMARY: [0-9]+"));
    return run;
}

bool sanitizeKernel(const SceneSelection& selection) {
    const std::string sanitizer = findComputeSanitizer();
    if (sanitizer.empty()) {
        std::printf("--sanitize: compute-sanitizer was not found (not on PATH, not in %s or /usr/local/cuda/bin). It comes "
                    "with the CUDA toolkit (NVIDIA's package cuda-sanitizer-13-0, part of cuda-toolkit-13-0); put its "
                    "bin folder on PATH, or name it with RACELAB_COMPUTE_SANITIZER=/path/to/compute-sanitizer.\n",
                    cudaToolkitBinFolder().empty() ? "the toolkit's bin folder" : cudaToolkitBinFolder().c_str());
        return false;
    }
    const std::string source = fs::absolute(selection.kernel).lexically_normal().string();
    const std::string sourceText = readText(source);
    bool clean = true;
    for (const std::string tool : {"memcheck", "racecheck"}) {
        std::printf("%s: one frame of %s under %s (slow: every access is checked) ...\n", tool.c_str(), source.c_str(),
                    tool.c_str());
        std::fflush(stdout);
        const SanitizerRun run = runKernelUnderSanitizer(sanitizer, tool, selection);
        if (!run.failure.empty()) std::printf("%s: the frame failed: %s\n", tool.c_str(), run.failure.c_str());
        std::fputs(judge::formatSanitizerFindings(run.findings, sourceText).c_str(), stdout);
        if (!run.findings.empty()) {
            clean = false;
        } else if (!judge::sanitizerLogIsClean(run.log)) {
            clean = false;
            std::printf("%s: no report names %s, but the tool %s; its last lines:\n%s\n", tool.c_str(), source.c_str(),
                        run.finished ? "reported errors elsewhere (outside the kernel's file)" : "did not reach its summary",
                        run.log.substr(run.log.size() > 2000 ? run.log.size() - 2000 : 0).c_str());
        } else if (tool == "racecheck") {
            std::printf("racecheck: no shared-memory hazards in %s (races through global memory are not racecheck's: "
                        "check --repeat N shows them)\n", source.c_str());
        } else {
            std::printf("memcheck: no errors in %s\n", source.c_str());
        }
    }
    return clean;
}

}  // namespace racelab
