#include "userkernel/build/nvcc_two_chains.hpp"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <optional>
#include <thread>

#include "core/read_file.hpp"
#include "userkernel/build/nvcc_steps.hpp"

namespace racelab::userkernel {
namespace fs = std::filesystem;
namespace {

using Command = std::vector<std::string>;

bool hasArgumentEnding(const Command& command, const std::string& end) { return !nvccStepArgumentEnding(command, end).empty(); }

bool has(const Command& command, const std::string& argument) {
    return std::find(command.begin(), command.end(), argument) != command.end();
}

// nvcc's seven steps for one .cu and one GPU architecture, as CUDA 12 and 13 list them; the host side, the
// device side and the join.
struct SevenSteps {
    std::vector<Command> host, device;
    Command join;
    std::string moduleIdFile;
};

// The steps in that shape, or nothing where the dry run holds anything else (more architectures, another
// toolkit's order): then nvcc runs them itself.
std::optional<SevenSteps> sevenSteps(const NvccSteps& steps) {
    if (steps.commands.size() != 7) return std::nullopt;
    const auto& c = steps.commands;
    const bool shaped = has(c[0], "-E") && hasArgumentEnding(c[0], ".cpp4.ii") && nvccStepName(c[1]) == "cudafe++" &&
                        has(c[2], "-E") && hasArgumentEnding(c[2], ".cpp1.ii") && nvccStepName(c[3]) == "cicc" &&
                        nvccStepName(c[4]) == "ptxas" && nvccStepName(c[5]) == "fatbinary" && has(c[6], "-c") &&
                        hasArgumentEnding(c[6], ".cudafe1.cpp");
    if (!shaped) return std::nullopt;
    SevenSteps out;
    out.host = {c[0], c[1]};
    out.device = {c[2], c[3], c[4], c[5]};
    out.join = c[6];
    // cudafe++ writes the module id (--gen_module_id_file) where cicc reads it: here it is written first, and
    // cudafe++ reads it as cicc does.
    Command& cudafe = out.host[1];
    const auto gen = std::find(cudafe.begin(), cudafe.end(), "--gen_module_id_file");
    const auto name = std::find(cudafe.begin(), cudafe.end(), "--module_id_file_name");
    if (gen == cudafe.end() || name == cudafe.end() || name + 1 == cudafe.end()) return std::nullopt;
    out.moduleIdFile = *(name + 1);
    cudafe.erase(gen);
    for (Command* command : {&out.host[0], &out.host[1], &out.device[0], &out.device[1], &out.device[2], &out.device[3], &out.join}) {
        const std::string program = nvccStepProgram(steps, command->front());
        if (program.empty()) return std::nullopt;
        command->front() = program;
    }
    return out;
}

// The commands one after another, each within what is left of the time limit; the first failure ends it.
ProgramRun runChain(const std::vector<Command>& commands, double timeoutSeconds, std::chrono::steady_clock::time_point start) {
    ProgramRun out;
    out.started = true;
    out.exitCode = 0;
    for (const Command& command : commands) {
        const double spent = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        const ProgramRun run = runProgram(command, std::max(1.0, timeoutSeconds - spent));
        out.output += run.output;
        if (!run.started || run.timedOut || run.exitCode != 0) {
            out.started = run.started, out.timedOut = run.timedOut, out.exitCode = run.exitCode;
            out.startError = run.startError;
            return out;
        }
    }
    return out;
}

}  // namespace

std::string keptModuleId(const std::string& keepFolder) {
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(keepFolder, ec))
        if (entry.path().extension() == ".module_id")
            if (std::optional<std::string> text = readWholeFile(entry.path().string())) return *text;
    return "";
}

ProgramRun compileInTwoChains(const std::vector<std::string>& compileArgv, const std::string& keepFolder,
                              const std::string& moduleId, double timeoutSeconds, bool* chained) {
    if (chained) *chained = false;
    std::vector<std::string> kept = compileArgv;
    const std::vector<std::string> keep = keepOptions(keepFolder);
    kept.insert(kept.begin() + 1, keep.begin(), keep.end());
    if (moduleId.empty()) return runProgram(kept, timeoutSeconds);
    std::vector<std::string> dryRun = kept;
    dryRun.insert(dryRun.begin() + 1, "--dryrun");
    const ProgramRun listed = runProgram(dryRun, 30);
    const std::optional<SevenSteps> steps =
        listed.exitCode == 0 ? sevenSteps(readNvccSteps(listed.output)) : std::nullopt;
    if (!steps || !(std::ofstream(steps->moduleIdFile, std::ios::binary | std::ios::trunc) << moduleId))
        return runProgram(kept, timeoutSeconds);
    if (chained) *chained = true;
    const auto start = std::chrono::steady_clock::now();
    ProgramRun host;
    std::thread hostSide([&] { host = runChain(steps->host, timeoutSeconds, start); });
    ProgramRun out = runChain(steps->device, timeoutSeconds, start);
    hostSide.join();
    // nvcc stops at its first failing step, the host side's front end: its messages come first here too.
    out.output = host.output + out.output;
    if (host.exitCode != 0 || !host.started || host.timedOut) {
        out.started = host.started, out.timedOut = host.timedOut || out.timedOut, out.exitCode = host.exitCode;
        out.startError = host.startError;
        return out;
    }
    if (out.exitCode != 0 || !out.started || out.timedOut) return out;
    const ProgramRun joined = runChain({steps->join}, timeoutSeconds, start);
    out.output += joined.output;
    out.started = joined.started, out.timedOut = joined.timedOut, out.exitCode = joined.exitCode;
    out.startError = joined.startError;
    return out;
}

}  // namespace racelab::userkernel
