#include "userkernel/build/jit_link_library.hpp"

#include "core/toolkit_library.hpp"

// Set by CMake (cmake/ToolkitSonames.cmake) when the build has a CUDA toolkit.
#ifndef RACELAB_NVJITLINK_SONAME
#define RACELAB_NVJITLINK_SONAME ""
#endif

namespace racelab::userkernel {
namespace {

// nvJitLink's entry points by their C signatures (nvJitLink.h is not needed to build); the unversioned names,
// which every 12.x and 13.x library exports.
struct JitLinkApi {
    using Handle = struct JitLinkOpaque*;
    int (*create)(Handle*, std::uint32_t, const char**) = nullptr;
    int (*addData)(Handle, int, const void*, std::size_t, const char*) = nullptr;
    int (*complete)(Handle) = nullptr;
    int (*cubinSize)(Handle, std::size_t*) = nullptr;
    int (*cubin)(Handle, void*) = nullptr;
    int (*errorLogSize)(Handle, std::size_t*) = nullptr;
    int (*errorLog)(Handle, char*) = nullptr;
    int (*destroy)(Handle*) = nullptr;
    std::string error;
};
constexpr int kInputPtx = 2;  // NVJITLINK_INPUT_PTX

const JitLinkApi& api() {
    static const JitLinkApi opened = [] {
        JitLinkApi a;
        const std::string built = RACELAB_NVJITLINK_SONAME;
        const std::vector<std::string> sonames = built.empty() ? std::vector<std::string>{"libnvJitLink.so.13", "libnvJitLink.so.12"}
                                                               : std::vector<std::string>{built};
        std::vector<std::string> folders{cudaToolkitLibraryFolder(), "/usr/local/cuda/lib64"};
        for (const std::string& wheel : pythonWheelFolders({"nvidia/cu13/lib", "nvidia/nvjitlink/lib"})) folders.push_back(wheel);
        const ToolkitLibrary library = openToolkitLibrary(sonames, folders);
        if (!library.handle) {
            a.error = "nvJitLink (" + sonames.front() + ") not found (" + library.error +
                      "): install the CUDA toolkit's nvJitLink (the package libnvjitlink-13-0 of NVIDIA's CUDA repository, or the "
                      "whole toolkit) or the Python wheel nvidia-nvjitlink, or add its folder to LD_LIBRARY_PATH";
            return a;
        }
        void* h = library.handle;
        auto bind = [h](const char* name, auto& into) { return bindToolkitSymbol(h, name, into); };
        const bool all = bind("nvJitLinkCreate", a.create) && bind("nvJitLinkAddData", a.addData) &&
                         bind("nvJitLinkComplete", a.complete) && bind("nvJitLinkGetLinkedCubinSize", a.cubinSize) &&
                         bind("nvJitLinkGetLinkedCubin", a.cubin) && bind("nvJitLinkGetErrorLogSize", a.errorLogSize) &&
                         bind("nvJitLinkGetErrorLog", a.errorLog) && bind("nvJitLinkDestroy", a.destroy);
        if (!all) a.error = "nvJitLink " + sonames.front() + " lacks the expected entry points";
        return a;
    }();
    return opened;
}

}  // namespace

std::string jitLinkMissing() { return api().error; }

JitLinkResult linkPtx(const std::string& ptx, const std::string& architecture, const std::string& name) {
    const JitLinkApi& a = api();
    JitLinkResult result;
    if (!a.error.empty()) {
        result.error = a.error;
        return result;
    }
    const std::string arch = "-arch=" + architecture;
    const char* options[] = {arch.c_str(), "-lineinfo"};
    JitLinkApi::Handle handle = nullptr;
    if (a.create(&handle, 2, options) != 0) {
        result.error = "nvJitLink could not start for " + architecture;
        return result;
    }
    int status = a.addData(handle, kInputPtx, ptx.c_str(), ptx.size() + 1, name.c_str());
    if (status == 0) status = a.complete(handle);
    if (status == 0) {
        std::size_t size = 0;
        a.cubinSize(handle, &size);
        result.cubin.resize(size);
        if (size) a.cubin(handle, result.cubin.data());
    } else {
        std::size_t size = 0;
        a.errorLogSize(handle, &size);
        std::string log(size, '\0');
        if (size) a.errorLog(handle, log.data());
        while (!log.empty() && log.back() == '\0') log.pop_back();
        result.error = "nvJitLink could not assemble the instrumented build (error " + std::to_string(status) + ")" +
                       (log.empty() ? "" : ":\n" + log);
    }
    a.destroy(&handle);
    return result;
}

}  // namespace racelab::userkernel
