// Compiling a user kernel file with NVRTC into a cubin for one GPU architecture, with line info and the file's
// absolute path as the program name (so compiler messages, compute-sanitizer reports and device asserts name
// the user's file), through the on-disk cache. Runs on the host only; the background compiler
// (background_compiler.hpp) calls it off the frame loop's thread.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/digest.hpp"
#include "scenes/kernel_contract.hpp"
#include "userkernel/build/compile_diagnostics.hpp"
#include "userkernel/build/kernel_cache.hpp"
#include "userkernel/racecheck/ptx_instrument.hpp"

namespace racelab::userkernel {

struct CompileRequest {
    std::string sourcePath;    // made absolute by compileKernel
    std::string architecture;  // e.g. "sm_90": the GPU's own (a cubin, no JIT)
    std::vector<std::string> extraOptions;  // e.g. "-DTILE=32"
    // Set: the file is a whole-file solution of this harness, built with nvcc (whole_file_build.hpp).
    std::optional<WholeFileHarness> wholeFile;
    // RACELAB_ACCESS_RACES | RACELAB_ACCESS_CHECKED (racelab/access_check_layout.cuh): an instrumented build,
    // every access checked (ptx_instrument.hpp); 0: the plain build.
    unsigned accessChecks = 0;
};

struct KernelBuild {
    bool ok = false;
    std::string sourcePath;  // absolute
    std::string architecture;
    std::vector<std::uint8_t> cubin;
    std::vector<Diagnostic> diagnostics;  // errors and warnings, as parsed from the log
    std::string failure;  // a failure that is no compiler message (file unreadable, NVRTC missing)
    double compileMs = 0;  // NVRTC's own time (0 when it came from the cache)
    bool fromCache = false;
    // A whole file's object made by nvcc's host and device steps side by side (nvcc_two_chains.hpp): a build
    // of a path nvcc has built before.
    bool inTwoChains = false;
    std::vector<std::string> dependencies;  // the file and the local headers it includes (what to watch)
    // An instrumented whole-file build: the access sites of the solution's code (launch lists carry theirs
    // in the cubin, racelabAccessSites).
    std::optional<AccessSites> accessSites;
    // Every message for a terminal or the panel: the failure, or `FILE:LINE:COL: error: ...` blocks.
    std::string messages() const;
};

// The include folders user kernels compile with: racelab's contract headers (racelab/<family>.cuh, from
// the assets) and the toolkit's CCCL (CUB) and CUDA headers where found.
std::vector<std::string> userKernelIncludeFolders();
// The folder of racelab/launch.cuh and the family headers ("" if the assets lack them).
std::string contractHeaderFolder();

// Adds everything that decides a build besides its options to `digest`: the files (a source and its local
// headers) and every header racelab installs for user kernels (kernels/include/, the harnesses too).
void digestKernelInputs(const std::vector<std::string>& files, Digest& digest);

// Compiles (or loads from `cache`). Never throws for a bad kernel: the build says what went wrong.
KernelBuild compileKernel(const CompileRequest& request, const KernelCache& cache);

// The file and every header it includes with #include "..." (resolved from the including file's folder),
// recursively; the ones that do not exist are left out.
std::vector<std::string> localIncludes(const std::string& sourcePath);

}  // namespace racelab::userkernel
