#include "userkernel/build/nvcc_facts.hpp"

#include <map>
#include <mutex>
#include <sstream>

#include "core/run_program.hpp"
#include "core/toolkit_program.hpp"
#include "userkernel/build/nvcc_steps.hpp"

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
    const NvccSteps steps = readNvccSteps(dryRunOutput);
    std::vector<fs::path> folders;
    for (const char* variable : {"INCLUDES", "SYSTEM_INCLUDES"}) {
        const auto found = steps.variableWords.find(variable);
        if (found == steps.variableWords.end()) continue;
        const std::vector<std::string>& words = found->second;
        for (std::size_t i = 0; i < words.size(); ++i)
            for (const std::string flag : {"-I", "-isystem"}) {
                if (words[i] == flag && i + 1 < words.size()) folders.push_back(fs::path(words[++i]).lexically_normal());
                else if (words[i].size() > flag.size() && words[i].rfind(flag, 0) == 0)
                    folders.push_back(fs::path(words[i].substr(flag.size())).lexically_normal());
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
