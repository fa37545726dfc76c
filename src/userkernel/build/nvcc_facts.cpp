#include "userkernel/build/nvcc_facts.hpp"

#include <map>
#include <mutex>
#include <regex>
#include <sstream>

#include "core/run_program.hpp"
#include "core/toolkit_program.hpp"

namespace racelab::userkernel {
namespace fs = std::filesystem;
namespace {

// `ask(nvcc)` once per nvcc: a test or a user may name another nvcc with RACELAB_NVCC, and builds run on
// several threads.
template <class T, class Ask>
T askedOnce(std::map<std::string, T>& answers, const std::string& nvcc, Ask ask) {
    static std::mutex mutex;
    std::lock_guard<std::mutex> lock(mutex);
    auto found = answers.find(nvcc);
    if (found == answers.end()) found = answers.emplace(nvcc, ask()).first;
    return found->second;
}

}  // namespace

std::string findNvcc() { return findToolkitProgram("nvcc", "RACELAB_NVCC"); }

std::string nvccMissingAdvice() {
    const std::string bin = cudaToolkitBinFolder().empty() ? "the toolkit's bin folder" : cudaToolkitBinFolder();
    return "nvcc was not found (not on PATH, not in " + bin + " or /usr/local/cuda/bin); a whole-file solution is "
           "built with it. It comes with the CUDA toolkit (NVIDIA's package cuda-nvcc, part of cuda-toolkit): put its "
           "bin folder on PATH, or name it with RACELAB_NVCC=/path/to/nvcc. Kernels written as a launch list need "
           "NVRTC alone and keep working.";
}

std::string nvccVersion(const std::string& nvcc) {
    static std::map<std::string, std::string> versions;
    return askedOnce(versions, nvcc, [&] {
        const ProgramRun run = runProgram({nvcc, "--version"}, 30);
        std::string last;
        std::istringstream lines(run.output);
        for (std::string line; std::getline(lines, line);)
            if (!line.empty()) last = line;
        return last;
    });
}

std::vector<fs::path> includeFoldersOfDryRun(const std::string& dryRunOutput) {
    // e.g.  #$ INCLUDES="-I/usr/local/cuda/bin/../targets/x86_64-linux/include"
    //       #$ SYSTEM_INCLUDES="-isystem" "/usr/local/cuda/bin/../targets/x86_64-linux/include/cccl"
    static const std::regex line(R"(^#\$ (SYSTEM_)?INCLUDES=(.*)$)");
    static const std::regex quoted(R"x("([^"]*)")x");
    std::vector<fs::path> folders;
    std::istringstream lines(dryRunOutput);
    for (std::string text; std::getline(lines, text);) {
        std::smatch m;
        if (!std::regex_match(text, m, line)) continue;
        const std::string values = m[2];
        bool nextIsFolder = false;
        for (auto it = std::sregex_iterator(values.begin(), values.end(), quoted); it != std::sregex_iterator(); ++it) {
            const std::string value = (*it)[1];
            if (nextIsFolder) {
                folders.push_back(fs::path(value).lexically_normal());
                nextIsFolder = false;
            } else if (value == "-isystem" || value == "-I") {
                nextIsFolder = true;
            } else if (value.rfind("-I", 0) == 0) {
                folders.push_back(fs::path(value.substr(2)).lexically_normal());
            } else if (value.rfind("-isystem", 0) == 0) {
                folders.push_back(fs::path(value.substr(8)).lexically_normal());
            }
        }
    }
    return folders;
}

std::vector<fs::path> nvccIncludeFolders(const std::string& nvcc) {
    static std::map<std::string, std::vector<fs::path>> folders;
    return askedOnce(folders, nvcc, [&] {
        // --dryrun prints the commands it would run, and its search path, without reading the input.
        const ProgramRun run = runProgram({nvcc, "--dryrun", "-x", "cu", "-c", "racelab-include-probe.cu", "-o", "/dev/null"}, 30);
        std::vector<fs::path> found = includeFoldersOfDryRun(run.output);
        if (!found.empty()) return found;
        std::error_code ec;
        const fs::path real = fs::canonical(nvcc, ec);
        const fs::path include = (ec ? fs::path(nvcc) : real).parent_path().parent_path() / "include";
        return std::vector<fs::path>{include, include / "cccl"};
    });
}

}  // namespace racelab::userkernel
