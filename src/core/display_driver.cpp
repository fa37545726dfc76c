#include "core/display_driver.hpp"

#include <dlfcn.h>

#include <fstream>
#include <regex>

namespace racelab {
namespace {

// NVML's entry points by their documented C signatures; 0 is NVML_SUCCESS.
using NvmlInit = int (*)();
using NvmlDriverVersion = int (*)(char*, unsigned);
using NvmlShutdown = int (*)();

std::string fromNvml() {
    void* nvml = dlopen("libnvidia-ml.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!nvml) return "";
    std::string version;
    auto init = reinterpret_cast<NvmlInit>(dlsym(nvml, "nvmlInit_v2"));
    auto get = reinterpret_cast<NvmlDriverVersion>(dlsym(nvml, "nvmlSystemGetDriverVersion"));
    auto shutdown = reinterpret_cast<NvmlShutdown>(dlsym(nvml, "nvmlShutdown"));
    if (init && get && shutdown && init() == 0) {
        char text[96] = {};
        if (get(text, sizeof text) == 0) version = text;
        shutdown();
    }
    dlclose(nvml);
    return version;
}

std::string fromProc() {
    std::ifstream file("/proc/driver/nvidia/version");
    std::string line;
    std::getline(file, line);
    static const std::regex version(R"(Kernel Module[^0-9]*([0-9]+\.[0-9]+(\.[0-9]+)?))");
    std::smatch match;
    return std::regex_search(line, match, version) ? match[1].str() : "";
}

}  // namespace

std::string displayDriverVersion() {
    static const std::string version = [] {
        std::string v = fromNvml();
        if (v.empty()) v = fromProc();
        return v.empty() ? std::string("unknown") : v;
    }();
    return version;
}

}  // namespace racelab
