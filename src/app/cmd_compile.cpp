// racelab compile FILE: a user kernel compiled for a named GPU architecture, without a GPU, so a learner on a
// laptop sees the compiler's FILE:LINE:COL: error: lines: a launch-list kernel with NVRTC, a whole-file
// solution (a course's whole program, or a folder holding one) with nvcc (userkernel/whole_file_build.hpp).
// check --kernel on a machine without a CUDA device compiles the same way first (compileWithoutDevice) and
// then says what could not run.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <map>
#include <optional>
#include <regex>

#include "app/commands.hpp"
#include "core/errors.hpp"
#include "core/kernel_image.hpp"
#include "core/read_file.hpp"
#include "scenes/scene_registry.hpp"
#include "userkernel/build/kernel_compiler.hpp"
#include "userkernel/build/nvrtc_library.hpp"
#include "userkernel/build/compile_worker.hpp"
#include "userkernel/build/whole_file_build.hpp"
#include "userkernel/racecheck/device/racelab/access_check_layout.cuh"

namespace racelab {
namespace {

// The lowest architecture the build carries SASS for: what a compile without a GPU targets by default, so the
// kernel compiles for every GPU racelab itself runs on.
std::string lowestBuiltArchitecture() {
    const BuiltGpuCode& built = builtGpuCode();
    if (!built.sass.empty()) return "sm_" + std::to_string(built.sass.front());
    if (!built.ptx.empty()) return "sm_" + std::to_string(built.ptx.front());
    return "sm_75";  // the lowest GPU CUDA 13 builds for, where the build did not record its list
}

// The families whose contract header `file` (or a local header it includes) includes.
std::vector<const WorkloadFamily*> familiesIncluded(const std::string& file) {
    std::vector<const WorkloadFamily*> found;
    for (const std::string& path : userkernel::localIncludes(file)) {
        const std::optional<std::string> text = readWholeFile(path);
        if (!text) continue;
        for (const WorkloadFamily* family : workloadFamilies()) {
            if (!family->kernelContract) continue;
            const std::regex include("#\\s*include\\s*[<\"]" + family->kernelContract->header + "[>\"]");
            if (std::regex_search(*text, include) &&
                std::find(found.begin(), found.end(), family) == found.end())
                found.push_back(family);
        }
    }
    return found;
}

// compile --races on a whole file: how many accesses and barriers of the solution's own lines the instrumented
// build checks, in which files, and what it leaves alone.
std::string describeSites(const userkernel::AccessSites& sites, const std::string& solution) {
    std::map<std::string, int> byFile;
    for (const userkernel::AccessSite& site : sites.sites) ++byFile[site.file.empty() ? "(no line)" : site.file];
    std::string out = "instrumented for races: " + std::to_string(sites.sites.size()) + " loads, stores and atomics and " +
                      std::to_string(sites.barriers) + " barriers checked";
    const char* separator = ": ";
    for (const auto& [file, count] : byFile) {
        out += separator + std::to_string(count) + " in " + (file == solution ? std::filesystem::path(file).filename().string() : file);
        separator = ", ";
    }
    out += "\n";
    for (const std::string& note : sites.notCovered) out += "  not checked: " + note + "\n";
    return out;
}

// A whole-file solution (a course's whole program) of the family asked for, or of any family: built with
// nvcc into a shared library instead of NVRTC's cubin.
std::optional<CompileOutcome> compileWholeFile(const CompileOptions& options, const std::string& architecture) {
    for (const WorkloadFamily* family : workloadFamilies()) {
        if (!family->kernelContract) continue;
        if (!options.family.empty() && family->name != options.family) continue;
        const std::optional<std::string> solution = userkernel::wholeFileSolution(options.path, *family->kernelContract);
        if (!solution) continue;
        const WholeFileHarness& harness = *family->kernelContract->wholeFile;
        userkernel::WholeFileRequest request{*solution, architecture};
        if (options.races) request.accessChecks = RACELAB_ACCESS_RACES;
        const userkernel::KernelBuild build =
            userkernel::buildWholeFile(request, harness, userkernel::KernelCache(userkernel::KernelCache::defaultFolder()));
        CompileOutcome out;
        out.architecture = architecture;
        out.family = family->name;
        out.builtAs = " with nvcc into a shared library (a whole-file solution, the " + family->name + " family's course harness)";
        out.compiled = build.ok;
        out.messages = build.messages();
        out.fromCache = build.fromCache;
        out.compileMs = build.compileMs;
        out.toolMissing = userkernel::findNvcc().empty() || userkernel::harnessFolder(harness).empty();
        if (build.ok && build.accessSites) out.instrumented = describeSites(*build.accessSites, build.sourcePath);
        return out;
    }
    return std::nullopt;
}

}  // namespace

void checkCompileOptions(const CompileOptions& options) {
    if (!options.family.empty()) kernelFamilyNamed(options.family);
    if (!options.architecture.empty() && !std::regex_match(options.architecture, std::regex("sm_[0-9]{2,3}[af]?")))
        throw UsageError("--arch " + options.architecture + ": name a GPU architecture as sm_XX, e.g. sm_90");
}

CompileOutcome compileWithoutDevice(const CompileOptions& options) {
    checkCompileOptions(options);
    CompileOutcome out;
    out.architecture = options.architecture.empty() ? lowestBuiltArchitecture() : options.architecture;
    if (std::optional<CompileOutcome> whole = compileWholeFile(options, out.architecture)) return *whole;
    if (std::filesystem::is_directory(options.path))
        throw UsageError(options.path + " is a folder without one solution racelab can tell: a whole-file solution's folder "
                         "holds its cudaRenderer.cu, or one .cu file that defines CudaRenderer; name the file to compile");
    if (!readWholeFile(options.path)) throw UsageError("no kernel file " + options.path + " (or it cannot be read)");
    const std::vector<const WorkloadFamily*> included = familiesIncluded(options.path);
    if (!options.family.empty()) {
        const WorkloadFamily& wanted = kernelFamilyNamed(options.family);
        if (std::find(included.begin(), included.end(), &wanted) == included.end()) {
            out.messages = options.path + ":1:1: error: the file does not include " + wanted.kernelContract->header +
                           ", the contract of the " + wanted.name + " family (racelab new-kernel " + wanted.name +
                           " FILE writes a starter that does)\n";
            return out;
        }
        out.family = wanted.name;
    } else if (included.size() == 1) {
        out.family = included.front()->name;
    }
    // In a process of its own, with a time and memory limit: a file may be hostile (compile_worker.hpp).
    const userkernel::KernelBuild build = userkernel::CompileWorker().compile(
        {options.path, out.architecture, {}, {}, options.races ? RACELAB_ACCESS_RACES : 0u},
        userkernel::KernelCache::defaultFolder());
    out.compiled = build.ok;
    out.messages = build.messages();
    out.fromCache = build.fromCache;
    out.compileMs = build.compileMs;
    if (!out.family.empty()) out.builtAs = " (the " + out.family + " family's contract)";
    out.toolMissing = !userkernel::nvrtc().usable() || userkernel::contractHeaderFolder().empty();
    return out;
}

std::string describeCompile(const CompileOptions& options, const CompileOutcome& outcome) {
    std::string out = outcome.messages;
    if (!out.empty() && out.back() != '\n') out += '\n';
    if (outcome.toolMissing) return out + "racelab cannot compile kernels here: nothing was found wrong with " + options.path + "\n";
    if (!outcome.compiled) return out + options.path + ": does not compile for " + outcome.architecture + "\n";
    out += options.path + ": compiles for " + outcome.architecture + outcome.builtAs;
    out += outcome.fromCache ? ", from the cache" : "";
    out += "\n";
    if (options.races) out += outcome.instrumented.empty() ? "instrumented for races\n" : outcome.instrumented;
    return out;
}

int runCompile(const CompileOptions& options) {
    const CompileOutcome outcome = compileWithoutDevice(options);
    const std::string text = describeCompile(options, outcome);
    std::fputs(text.c_str(), outcome.compiled ? stdout : stderr);
    if (outcome.toolMissing) return 2;  // racelab could not compile: not the kernel's fault
    return outcome.compiled ? 0 : 1;
}

}  // namespace racelab
