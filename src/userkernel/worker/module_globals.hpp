// A loaded module's __device__ variables found by name, asking CUDA only for names the cubin's own symbol table
// holds. A lookup of an absent name is no error to racelab (a plain build has no access checks, a file may have
// no setup list), but CUDA reports it as one, and compute-sanitizer writes it into the user's log as an error of
// the user's program: so racelab's probes for optional symbols make no failing call.
#pragma once
#include <cuda_runtime.h>

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace racelab::userkernel {

class ModuleGlobals {
public:
    // `cubin`: the bytes `library` was loaded from.
    ModuleGlobals(cudaLibrary_t library, const std::vector<std::uint8_t>& cubin);

    // The variable's device address, its size in `bytes`; nullptr when the module has no variable of that name.
    // Throws KernelFault when CUDA fails on a name the module has.
    void* find(const std::string& name, std::size_t* bytes = nullptr) const;

    cudaLibrary_t library() const { return library_; }

private:
    cudaLibrary_t library_;
    // Every data symbol of the cubin; nullopt where the file could not be read (CUDA is then asked every name).
    std::optional<std::set<std::string>> names_;
};

}  // namespace racelab::userkernel
