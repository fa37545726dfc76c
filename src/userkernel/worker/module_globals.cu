#include "userkernel/worker/module_globals.hpp"

#include "userkernel/worker/cubin_symbols.hpp"
#include "userkernel/worker/launch_tables.hpp"  // checkCuda

namespace racelab::userkernel {

ModuleGlobals::ModuleGlobals(cudaLibrary_t library, const std::vector<std::uint8_t>& cubin) : library_(library) {
    if (const std::optional<CubinSymbols> symbols = readCubinSymbols(cubin))
        names_.emplace(symbols->dataSymbols.begin(), symbols->dataSymbols.end());
}

void* ModuleGlobals::find(const std::string& name, std::size_t* bytes) const {
    if (names_ && !names_->count(name)) return nullptr;
    void* address = nullptr;
    std::size_t size = 0;
    const cudaError_t e = cudaLibraryGetGlobal(&address, &size, library_, name.c_str());
    if (e == cudaErrorSymbolNotFound && !names_) {
        cudaGetLastError();
        return nullptr;
    }
    checkCuda(e, ("finding the module's variable " + name).c_str());
    if (bytes) *bytes = size;
    return address;
}

}  // namespace racelab::userkernel
