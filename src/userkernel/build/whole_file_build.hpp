// Whole-file solutions: a course's whole program (CS149 asst3's cudaRenderer.cu, with its host code, thrust,
// its own allocations and launches) rather than a launch list. The family declares the harness it is written
// against (KernelContract::wholeFile); this finds such a solution, and builds it with the toolkit's nvcc,
// together with the harness's entry file, into a shared library for one GPU architecture, through the same
// on-disk cache as NVRTC builds. nvcc runs as a child process with a time limit: a solution is untrusted input.
#pragma once
#include <optional>
#include <string>

#include "scenes/kernel_contract.hpp"
#include "userkernel/build/kernel_compiler.hpp"
#include "userkernel/build/nvcc_facts.hpp"  // findNvcc, nvccMissingAdvice

namespace racelab::userkernel {

// The solution file `path` names for `harness`: the file itself when its text matches the recognizer, the
// folder's solutionFile when `path` is a folder holding one; nullopt otherwise.
std::optional<std::string> wholeFileSolution(const std::string& path, const WholeFileHarness& harness);
// The same for the family's harness, where its contract has one (nullopt where it has none).
std::optional<std::string> wholeFileSolution(const std::string& path, const KernelContract& contract);

// The folder of the harness's headers (kernels/include/harness/<folder>), "" when the assets lack it.
std::string harnessFolder(const WholeFileHarness& harness);

struct WholeFileRequest {
    std::string solutionPath;  // the solution file (wholeFileSolution's answer)
    std::string architecture;  // e.g. "sm_90"
    double timeoutSeconds = 300;
    // RACELAB_ACCESS_RACES | RACELAB_ACCESS_CHECKED: the instrumented build (whole_file_instrumented.hpp); 0: plain.
    unsigned accessChecks = 0;
};

// Builds (or loads from `cache`) the shared library; the build's `cubin` holds the library's bytes. Never
// throws for a bad solution: the build says what went wrong, as FILE:LINE:COL: diagnostics where nvcc gave
// them.
KernelBuild buildWholeFile(const WholeFileRequest& request, const WholeFileHarness& harness, const KernelCache& cache);

}  // namespace racelab::userkernel
