// The instrumented build of a whole-file solution (check --races, --checked, F; compile --races): nvcc compiles
// the solution as for a plain build, with racelab's access checks (racelab/access_check.cuh) pre-included and
// its intermediate files kept; then the PTX of the solution's device code is rewritten with the launch lists'
// own rewriter (racecheck/ptx_instrument.hpp), thrust's and CUB's own kernels left plain, and nvcc's steps after
// the PTX -- ptxas, fatbinary and the host compile that embeds the device code -- run again on it, as nvcc's
// dry run lists them (nvcc_steps.hpp). The host code is compiled as it was, but for its launches, allocations
// and frees, which go to racelab's hooks (racelab/host_hooks.cuh; their definitions, an object of their own,
// are linked beside it: hostHooksCompile): the worker sees each launch before it starts and sets the checks up
// for it on its stream, as it does for a launch list. The solution's launches start the instrumented kernels,
// and the lines they name are the solution's own.
#pragma once
#include <string>
#include <vector>

#include "core/run_program.hpp"
#include "userkernel/racecheck/ptx_instrument.hpp"

namespace racelab::userkernel {

struct InstrumentedObject {
    ProgramRun run;       // the steps' output; exitCode 0 when all ran
    std::string failure;  // racelab's failure ("" when none): the dry run unread, the rewrite refused
    AccessSites sites;
};

// The options that give a solution's compile the access checks in `mode` (RACELAB_ACCESS_RACES, ...).
std::vector<std::string> accessCheckOptions(unsigned mode, const std::string& contractFolder);

// After `compileArgv` (nvcc, with keepOptions and accessCheckOptions) compiled the solution's object: the same
// object again, from its PTX instrumented, its host code calling racelab's hooks (contractFolder's
// racelab/host_hooks.cuh).
InstrumentedObject instrumentWholeFileObject(const std::vector<std::string>& compileArgv, const std::string& contractFolder,
                                             double timeoutSeconds);

// The compile of the hooks' definitions (racelab/host_hooks_definitions.cuh) into `object`, with `options` (the
// solution's compile options, without its own pre-includes).
std::vector<std::string> hostHooksCompile(const std::string& nvcc, const std::vector<std::string>& options,
                                          const std::string& contractFolder, const std::string& object);

// The line a build's log keeps the access sites on (JSON), so that a build from the cache still has them.
inline constexpr const char* kAccessSitesLogPrefix = "racelab-access-sites ";

}  // namespace racelab::userkernel
