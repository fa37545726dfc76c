#include "userkernel/build/kernel_compiler.hpp"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>
#include <set>
#include <sstream>

#include "core/read_file.hpp"
#include "userkernel/build/launch_list_check.hpp"
#include "core/asset_paths.hpp"
#include "core/toolkit_library.hpp"
#include "userkernel/build/jit_link_library.hpp"
#include "userkernel/build/nvrtc_library.hpp"
#include "userkernel/racecheck/ptx_instrument.hpp"

#ifndef RACELAB_CUDA_INCLUDE_DIR
#define RACELAB_CUDA_INCLUDE_DIR "/usr/local/cuda/include"
#endif

namespace racelab::userkernel {
namespace fs = std::filesystem;
namespace {

void addLocalIncludes(const fs::path& file, std::set<std::string>& seen, std::vector<std::string>& out, int depth) {
    static const std::regex include(R"re(^\s*#\s*include\s*"([^"]+)")re");
    const std::optional<std::string> text = depth > 16 ? std::nullopt : readWholeFile(file.string());
    if (!text) return;
    std::istringstream lines(*text);
    for (std::string line; std::getline(lines, line);) {
        std::smatch m;
        if (!std::regex_search(line, m, include)) continue;
        std::error_code ec;
        const fs::path target = fs::weakly_canonical(file.parent_path() / m[1].str(), ec);
        if (ec || !fs::is_regular_file(target, ec) || !seen.insert(target.string()).second) continue;
        out.push_back(target.string());
        addLocalIncludes(target, seen, out, depth + 1);
    }
}


}  // namespace

void digestKernelInputs(const std::vector<std::string>& files, Digest& digest) {
    for (const std::string& path : files) {
        digest.add(path);
        digest.add(readWholeFile(path).value_or("<missing>"));
    }
    const std::string contract = contractHeaderFolder();
    if (contract.empty()) return;
    std::vector<std::string> headers;
    for (const auto& entry : fs::recursive_directory_iterator(contract))
        if (entry.is_regular_file()) headers.push_back(entry.path().string());
    std::sort(headers.begin(), headers.end());
    for (const std::string& header : headers) {
        digest.add(header);
        digest.add(readWholeFile(header).value_or(""));
    }
}

namespace {

// A compiled file whose launch list names something that is no kernel fails its build here, at the launch
// list's line, rather than in the worker when it loads (launch_list_check.hpp). False when it does.
bool refuseLaunchesOfNoKernel(KernelBuild& build, const std::string& source) {
    std::vector<Diagnostic> wrong = launchTableMistakes(build.sourcePath, source, build.cubin);
    if (wrong.empty()) return true;
    build.diagnostics.insert(build.diagnostics.end(), wrong.begin(), wrong.end());
    build.cubin.clear();
    return false;
}

// An instrumented build: NVRTC's PTX, every access behind its check (ptx_instrument.hpp), assembled by
// nvJitLink. False with build.failure set when a step fails: racelab's, not the kernel's.
bool instrumentedCubin(const NvrtcApi& api, NvrtcApi::Program program, const std::string& architecture, KernelBuild& build) {
    std::size_t size = 0;
    api.getPTXSize(program, &size);
    std::string ptx(size, '\0');
    if (size) api.getPTX(program, ptx.data());
    while (!ptx.empty() && ptx.back() == '\0') ptx.pop_back();
    const InstrumentedPtx instrumented = instrumentPtx(ptx);
    if (!instrumented.error.empty()) {
        build.failure = build.sourcePath + ": " + instrumented.error;
        return false;
    }
    JitLinkResult linked = linkPtx(instrumented.ptx, architecture, build.sourcePath);
    if (!linked.error.empty()) {
        build.failure = build.sourcePath + ": racelab's instrumented build failed (racelab's fault, not the kernel's): " + linked.error;
        return false;
    }
    build.cubin = std::move(linked.cubin);
    return !build.cubin.empty();
}

}  // namespace

std::string KernelBuild::messages() const {
    if (!failure.empty()) return failure;
    return formatDiagnostics(diagnostics);
}

std::string contractHeaderFolder() {
    for (const std::string& root : assetRoots()) {
        const fs::path folder = fs::path(root) / "kernels" / "include";
        std::error_code ec;
        if (fs::is_regular_file(folder / "racelab" / "launch.cuh", ec)) return folder.string();
    }
    return "";
}

std::vector<std::string> userKernelIncludeFolders() {
    std::vector<std::string> folders;
    if (const std::string contract = contractHeaderFolder(); !contract.empty()) {
        folders.push_back(contract);
        // The course's helpers (circleBoxTest.cu_inl, exclusiveScan.cu_inl, ...): a family's launch-list
        // versions first, where its whole-file version would clash with racelab/<family>.cuh, then the harness's.
        for (const char* kind : {"launch_list", "harness"}) {
            std::error_code ec;
            std::vector<std::string> families;
            for (const auto& entry : fs::directory_iterator(fs::path(contract) / kind, ec))
                if (entry.is_directory(ec)) families.push_back(entry.path().string());
            std::sort(families.begin(), families.end());
            folders.insert(folders.end(), families.begin(), families.end());
        }
    }
    // CUDA 13 keeps CCCL (CUB, Thrust, libcu++) in include/cccl; CUDA 12 in include itself.
    std::vector<std::string> toolkits{RACELAB_CUDA_INCLUDE_DIR};
    if (const char* home = std::getenv("CUDA_HOME")) toolkits.push_back(std::string(home) + "/include");
    toolkits.push_back("/usr/local/cuda/include");
    for (const std::string& wheel : pythonWheelFolders({"nvidia/cu13/include", "nvidia/cuda_cccl/include"}))
        toolkits.push_back(wheel);
    std::set<std::string> seen;
    for (const std::string& toolkit : toolkits) {
        std::error_code ec;
        for (const fs::path& candidate : {fs::path(toolkit) / "cccl", fs::path(toolkit)})
            if (fs::is_directory(candidate / "cub", ec) && seen.insert(candidate.string()).second)
                folders.push_back(candidate.string());
        if (fs::is_regular_file(fs::path(toolkit) / "cuda_fp16.h", ec) && seen.insert(toolkit).second)
            folders.push_back(toolkit);
    }
    return folders;
}

std::vector<std::string> localIncludes(const std::string& sourcePath) {
    std::vector<std::string> out{sourcePath};
    std::set<std::string> seen{sourcePath};
    addLocalIncludes(sourcePath, seen, out, 0);
    return out;
}

KernelBuild compileKernel(const CompileRequest& request, const KernelCache& cache) {
    KernelBuild build;
    std::error_code ec;
    build.sourcePath = fs::absolute(request.sourcePath, ec).lexically_normal().string();
    build.architecture = request.architecture;
    build.dependencies = localIncludes(build.sourcePath);
    const std::optional<std::string> read = readWholeFile(build.sourcePath);
    if (!read) {
        build.failure = build.sourcePath + ": cannot read the kernel file";
        return build;
    }
    const std::string& source = *read;
    // Refused before NVRTC runs: its own errors would point into thrust's headers (launch_list_check.hpp).
    if (std::vector<Diagnostic> thrust = thrustIncludes(build.dependencies); !thrust.empty()) {
        build.diagnostics = std::move(thrust);
        return build;
    }
    const NvrtcApi& api = nvrtc();
    if (!api.usable()) {
        build.failure = api.error;
        return build;
    }
    const std::string contract = contractHeaderFolder();
    if (contract.empty()) {
        build.failure = "racelab's kernel headers (kernels/include/racelab/*.cuh) are missing from its assets (looked in "
                        "the folders of RACELAB_ASSETS, next to the binary and in the source tree)";
        return build;
    }

    std::vector<std::string> options{"--gpu-architecture=" + request.architecture, "-lineinfo", "-std=c++17"};
    if (api.supportsAutomaticPch()) {
        // Precompiled headers live as long as this process: a CUB kernel's edit recompiles in a fraction.
        options.push_back("--pch");
        options.push_back("--pch-messages=false");
    }
    options.push_back("-I" + fs::path(build.sourcePath).parent_path().string());
    for (const std::string& folder : userKernelIncludeFolders()) options.push_back("-I" + folder);
    for (const std::string& extra : request.extraOptions) options.push_back(extra);
    if (request.accessChecks) {
        if (const std::string missing = jitLinkMissing(); !missing.empty()) {
            build.failure = "an instrumented build (--races, --checked) needs " + missing;
            return build;
        }
        options.push_back("--pre-include=" + (fs::path(contract) / "racelab" / "access_check.cuh").string());
        options.push_back("-DRACELAB_ACCESS_MODE=" + std::to_string(request.accessChecks) + "u");
    }

    std::string key = "racelab user kernel\nnvrtc " + std::to_string(api.major) + "." + std::to_string(api.minor) + "\n";
    for (const std::string& option : options) key += option + "\n";
    Digest inputs;
    digestKernelInputs(build.dependencies, inputs);
    key += "inputs " + inputs.hex() + "\n";

    if (auto cached = cache.load(key)) {
        build.cubin = std::move(cached->cubin);
        build.diagnostics = parseNvrtcLog(cached->log);
        build.fromCache = true;
        build.ok = refuseLaunchesOfNoKernel(build, source);
        return build;
    }

    const auto start = std::chrono::steady_clock::now();
    NvrtcApi::Program program = nullptr;
    int result = api.createProgram(&program, source.c_str(), build.sourcePath.c_str(), 0, nullptr, nullptr);
    if (result != 0) {
        build.failure = std::string("NVRTC could not take the program: ") + api.getErrorString(result);
        return build;
    }
    std::vector<const char*> values;
    for (const std::string& option : options) values.push_back(option.c_str());
    result = api.compileProgram(program, static_cast<int>(values.size()), values.data());
    std::size_t logSize = 0;
    api.getProgramLogSize(program, &logSize);
    std::string log(logSize, '\0');
    if (logSize) api.getProgramLog(program, log.data());
    while (!log.empty() && log.back() == '\0') log.pop_back();
    build.diagnostics = parseNvrtcLog(log);
    if (result == 0 && request.accessChecks) {
        build.ok = instrumentedCubin(api, program, request.architecture, build);
    } else if (result == 0) {
        std::size_t size = 0;
        api.getCUBINSize(program, &size);
        build.cubin.resize(size);
        if (size) api.getCUBIN(program, reinterpret_cast<char*>(build.cubin.data()));
        build.ok = size > 0;
        if (!build.ok) build.failure = "NVRTC produced no cubin for " + request.architecture;
    } else if (build.diagnostics.empty()) {
        build.failure = build.sourcePath + ": " + api.getErrorString(result) + (log.empty() ? "" : "\n" + log);
    }
    api.destroyProgram(&program);
    build.compileMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    if (build.ok) cache.store(key, {build.cubin, log});
    build.ok = build.ok && refuseLaunchesOfNoKernel(build, source);
    return build;
}

}  // namespace racelab::userkernel
