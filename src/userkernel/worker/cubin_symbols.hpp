// The few facts racelab reads from a cubin (an ELF file) without a GPU: its kernels (the entry symbols) and
// the initial bytes of a __device__ variable (a launch list's table). What the worker otherwise learns only when
// it loads the module, so that `compile`, `check` and the viewer can say it right after the compile.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace racelab::userkernel {

struct CubinSymbols {
    std::vector<std::string> kernels;  // the plain names (plainKernelName) of its __global__ functions
    // The initial bytes of the variable `name` (unmangled, extern "C"); nullopt when there is no such
    // variable or its bytes are not in the file (uninitialised).
    std::optional<std::vector<std::uint8_t>> variableBytes(const std::string& name) const;

    struct Variable {
        std::string name;
        std::vector<std::uint8_t> bytes;
    };
    std::vector<Variable> variables;
    // The names of every data symbol (a __device__, __constant__ or __shared__ variable at namespace scope),
    // with or without bytes in the file: what a lookup by name can find once the module is loaded.
    std::vector<std::string> dataSymbols;
};

// Reads `cubin`; nullopt when it is no 64-bit little-endian ELF file racelab can read (the check is then skipped,
// and the worker's own, at load time, still holds).
std::optional<CubinSymbols> readCubinSymbols(const std::vector<std::uint8_t>& cubin);

// "ns::render" from a mangled kernel name ("_ZN2ns6renderEv"): demangled, without its parameter list; a name
// that is not mangled (extern "C") as it is. The worker names kernels the same way.
std::string plainKernelName(const std::string& mangled);

// The parameter list of a mangled kernel name, "(int, float*)"; "" for an extern "C" name, which has none.
std::string kernelParameterList(const std::string& mangled);
// How many parameters such a list holds (-1 for "": unknown).
int parameterCount(const std::string& list);

// What two names of one kernel have in common, a launch list's (`#KERNEL`: "::ns::k", "k< 16 >") and
// plainKernelName's ("ns::k", "k<16>", "k<unsigned int>"): no leading "::", no blanks. Compare these.
std::string kernelNameKey(std::string name);

}  // namespace racelab::userkernel
