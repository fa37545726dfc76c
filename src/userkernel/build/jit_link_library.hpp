// nvJitLink, the CUDA toolkit's linker, opened at run time like NVRTC (nvrtc_library.hpp): it turns the PTX
// of an instrumented build (ptx_instrument.hpp) into a cubin for the GPU's architecture on the host, so an
// instrumented build is cached, checked and loaded like any other. Only check --races and --checked need it.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace racelab::userkernel {

struct JitLinkResult {
    std::vector<std::uint8_t> cubin;  // empty when `error` says why
    std::string error;
};

// Assembles `ptx` for `architecture` ("sm_90"); `name` names it in the linker's messages.
JitLinkResult linkPtx(const std::string& ptx, const std::string& architecture, const std::string& name);

// "" when nvJitLink opens; else what is missing and how to get it.
std::string jitLinkMissing();

}  // namespace racelab::userkernel
