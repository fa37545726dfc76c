// The rewrite that makes an instrumented build of a user kernel (check --races, --checked): the module's PTX,
// as NVRTC writes it with line information, gets a call to racelabAccess (racelab/access_check.cuh) before
// every global, shared and generic load, store and atomic, which may skip it, and a call after every barrier,
// __syncwarp and GPU- or system-scope fence. Each rewritten instruction is a site: its kind, its bytes, the
// scope of an atomic and the source line its `.loc` gives; fences are noted with their scope and line. The sites travel inside the module (a __device__ byte array holding JSON), so that a cached build
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
                          // with another strong access that its scope holds
    std::string file;     // where its .loc points (an inlined function: the function's own line)
    int line = 0;
    std::string callerFile;  // where that function was inlined, if it was
    int callerLine = 0;
    std::string instruction;  // the PTX, for messages
    std::string scope;  // a strong access's: "block", "cluster", "gpu" or "system" (the threads it is atomic to);
                        // "" for a plain one
};

// A memory fence (__threadfence, __threadfence_block, fence.* and membar.*) and the threads it orders for.
struct FenceSite {
    std::string scope;  // "block", "cluster", "gpu" or "system"
    std::string file;
    int line = 0;
};

struct AccessSites {
    std::vector<AccessSite> sites;             // by site number
    std::vector<std::string> moduleVariables;  // the module's own __device__ variables (checked buffers too)
    std::vector<std::string> notCovered;       // what the rewrite leaves alone, each with why
    std::vector<FenceSite> fences;             // in the order met, one a line and scope
    int barriers = 0, warpSyncs = 0;
    int partialWarpSyncs = 0;  // of those, with a mask that may not name the whole warp
    // Whether accesses of different blocks may be ordered by message passing: a GPU- or system-scope fence, or
    // a release, in the module (the worker then keeps each thread's releases and acquires).
    bool ordersBlocks() const;
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
