#include "userkernel/build/whole_file_instrumented.hpp"

#include <filesystem>
#include <fstream>

#include "core/read_file.hpp"
#include "userkernel/build/nvcc_steps.hpp"

namespace racelab::userkernel {
namespace fs = std::filesystem;
namespace {

constexpr int kInstrumentedRegisterCap = 64;  // registers a thread in an instrumented whole file's kernels

// The steps after the PTX, in order: ptxas (which names the PTX file), fatbinary, and the host compile of the
// .cudafe1.cpp that embeds the fat binary. Empty where the dry run does not hold them as expected.
struct StepsAfterPtx {
    std::vector<std::vector<std::string>> commands;
    std::string ptxFile;
};

StepsAfterPtx stepsAfterPtx(const NvccSteps& steps) {
    StepsAfterPtx out;
    bool seenPtxas = false;
    for (const std::vector<std::string>& command : steps.commands) {
        const std::string name = nvccStepName(command);
        if (name == "ptxas") {
            out.ptxFile = nvccStepArgumentEnding(command, ".ptx");
            seenPtxas = true;
            out.commands.push_back(command);
            // The checks hold many values in registers: uncapped, ptxas gave an instrumented kernel of a public
            // solution more registers than a block of 256 threads can have, and its launch failed. 64 a thread
            // lets any block of up to 1,024 threads launch (65,536 registers a multiprocessor); the rest spills.
            out.commands.back().insert(out.commands.back().begin() + 1, {"--maxrregcount", std::to_string(kInstrumentedRegisterCap)});
        } else if (seenPtxas && name == "fatbinary") {
            out.commands.push_back(command);
        } else if (seenPtxas) {
            if (!nvccStepArgumentEnding(command, ".cudafe1.cpp").empty()) out.commands.push_back(command);
        }
    }
    if (out.ptxFile.empty() || out.commands.size() != 3) return {};
    return out;
}

}  // namespace

std::vector<std::string> accessCheckOptions(unsigned mode, const std::string& contractFolder) {
    return {"-I" + contractFolder, "-include", "racelab/access_check.cuh", "-DRACELAB_ACCESS_MODE=" + std::to_string(mode) + "u"};
}

std::vector<std::string> hostHooksCompile(const std::string& nvcc, const std::vector<std::string>& options,
                                          const std::string& contractFolder, const std::string& object) {
    std::vector<std::string> argv{nvcc, "-c"};
    argv.insert(argv.end(), options.begin(), options.end());
    argv.insert(argv.end(), {"-I" + contractFolder, "-x", "cu", "-o", object,
                             (fs::path(contractFolder) / "racelab" / "host_hooks_definitions.cuh").string()});
    return argv;
}

InstrumentedObject instrumentWholeFileObject(const std::vector<std::string>& compileArgv, const std::string& contractFolder,
                                             double timeoutSeconds) {
    InstrumentedObject out;
    std::vector<std::string> dryRun = compileArgv;
    dryRun.insert(dryRun.begin() + 1, "--dryrun");
    const ProgramRun listed = runProgram(dryRun, 30);
    const NvccSteps steps = readNvccSteps(listed.output);
    StepsAfterPtx after = stepsAfterPtx(steps);
    if (after.commands.empty()) {
        out.failure = "racelab's instrumented build could not read nvcc's steps (nvcc --dryrun), racelab's fault, not "
                      "the solution's";
        return out;
    }
    const std::optional<std::string> ptx = readWholeFile(after.ptxFile);
    if (!ptx) {
        out.failure = "racelab's instrumented build found no PTX from nvcc at " + after.ptxFile;
        return out;
    }
    InstrumentedPtx instrumented = instrumentPtx(*ptx, {true});
    if (!instrumented.error.empty()) {
        out.failure = instrumented.error;
        return out;
    }
    if (!(std::ofstream(after.ptxFile, std::ios::binary | std::ios::trunc) << instrumented.ptx)) {
        out.failure = "racelab's instrumented build could not write " + after.ptxFile;
        return out;
    }
    out.sites = std::move(instrumented.sites);
    // The host compile: its launches through the runtime's legacy path, which names the kernel by its host
    // function (the path CUDA 13 replaced names it by a handle of the runtime's own), and its launches,
    // allocations and frees renamed to racelab's hooks.
    std::vector<std::string>& hostCompile = after.commands.back();
    hostCompile.insert(hostCompile.begin() + 1, {"-D__NV_LEGACY_LAUNCH", "-include",
                                                 (fs::path(contractFolder) / "racelab" / "host_hooks.cuh").string()});
    out.run.started = true;
    out.run.exitCode = 0;
    for (std::vector<std::string> command : after.commands) {
        const std::string program = nvccStepProgram(steps, command.front());
        if (program.empty()) {
            out.failure = "racelab's instrumented build did not find nvcc's " + command.front();
            return out;
        }
        command.front() = program;
        ProgramRun run = runProgram(command, timeoutSeconds);
        out.run.output += run.output;
        if (!run.started || run.timedOut || run.exitCode != 0) {
            out.run.started = run.started, out.run.timedOut = run.timedOut, out.run.exitCode = run.exitCode;
            out.run.startError = run.startError;
            out.failure = "racelab's instrumented build failed in nvcc's " + nvccStepName(command) +
                          " (racelab's fault, not the solution's):\n" + run.output;
            return out;
        }
    }
    return out;
}

}  // namespace racelab::userkernel
