// The rewrite that makes an instrumented build of a user kernel (check --races, --checked): the module's PTX,
// as NVRTC writes it with line information, gets a call to racelabAccess (racelab/access_check.cuh) before
// every global, shared and generic load, store and atomic, which may skip it, and a call after every barrier
// and __syncwarp. Each rewritten instruction is a site: its kind, its bytes and the source line its `.loc`
// gives. The sites travel inside the module (a __device__ byte array holding JSON), so that a cached build
// still says which line each site is. Text in, text out: no GPU, no toolkit.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace racelab::userkernel {

struct AccessSite {
    std::string kind;   // "load", "store" or "atomic"
    std::string space;  // "global", "shared" or "generic" (resolved when it runs)
    int bytes = 0;
    bool strong = false;  // an atomic, or a relaxed, acquire or release load or store: never a data race
    std::string file;     // where its .loc points (an inlined function: the function's own line)
    int line = 0;
    std::string callerFile;  // where that function was inlined, if it was
    int callerLine = 0;
    std::string instruction;  // the PTX, for messages
};

struct AccessSites {
    std::vector<AccessSite> sites;             // by site number
    std::vector<std::string> moduleVariables;  // the module's own __device__ variables (checked buffers too)
    std::vector<std::string> notCovered;       // what the rewrite leaves alone, each with why
    int barriers = 0, warpSyncs = 0;
};

struct InstrumentedPtx {
    std::string ptx;  // empty when `error` says why not
    AccessSites sites;
    std::string error;
};

// The symbol that carries the sites in the module.
inline constexpr const char* kAccessSitesSymbol = "racelabAccessSites";

struct InstrumentOptions {
    // thrust's and CUB's own functions and kernels (nvcc's PTX of a whole file holds them) are copied as they
    // are: their accesses are not checked, and one note in notCovered says how many were left plain.
    bool toolkitPlain = false;
};

InstrumentedPtx instrumentPtx(const std::string& ptx, InstrumentOptions options = {});

std::string accessSitesJson(const AccessSites& sites);
// nullopt when `bytes` (a module's racelabAccessSites) is not such a table.
std::optional<AccessSites> accessSitesFromJson(const std::vector<std::uint8_t>& bytes);

}  // namespace racelab::userkernel
