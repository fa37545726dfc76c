// Provenance of a record: build facts from the header CMake regenerates at every build, device facts from the
// CUDA runtime (only in a CUDA build, and only when a device is usable), host facts from /proc.
#include "core/provenance.hpp"

#include <exception>
#include <fstream>
#include <sstream>
#include <thread>

#include "core/json_text.hpp"
#include "core/kernel_image.hpp"
#include "racelab/build_provenance.hpp"  // generated: cmake/Provenance.cmake
#ifdef RACELAB_HAVE_CUDA
#include <cuda_runtime_api.h>

#include "core/device_buffer.hpp"
#endif

namespace racelab {
namespace {

#ifdef RACELAB_HAVE_CUDA
// CUDA encodes versions as 1000 * major + 10 * minor (13000 = 13.0).
std::string cudaVersionText(int version) {
    return std::to_string(version / 1000) + "." + std::to_string(version % 1000 / 10);
}

void addCudaFacts(Provenance& p) {
    int runtime = 0, driver = 0;
    if (cudaRuntimeGetVersion(&runtime) == cudaSuccess && runtime > 0) p.cudaRuntime = cudaVersionText(runtime);
    if (cudaDriverGetVersion(&driver) == cudaSuccess && driver > 0) p.cudaDriver = cudaVersionText(driver);
    int device = 0;
    cudaDeviceProp props{};
    if (!cudaDeviceAvailable() || cudaGetDevice(&device) != cudaSuccess ||
        cudaGetDeviceProperties(&props, device) != cudaSuccess) {
        cudaGetLastError();  // a failed query must not stay as the sticky-free last error for the next call
        return;
    }
    p.device = props.name;
    p.computeCapability = std::to_string(props.major) + "." + std::to_string(props.minor);
    // The rated peak clocks (kHz): CUDA 13 dropped cudaDeviceProp::clockRate, the attributes remain. The
    // momentary clock would need NVML; the peak still tells two boards of one name apart.
    int smKHz = 0, memoryKHz = 0;
    if (cudaDeviceGetAttribute(&smKHz, cudaDevAttrClockRate, device) == cudaSuccess) p.smClockPeakMHz = smKHz / 1000;
    if (cudaDeviceGetAttribute(&memoryKHz, cudaDevAttrMemoryClockRate, device) == cudaSuccess)
        p.memoryClockPeakMHz = memoryKHz / 1000;
}
#endif

std::string readWholeFile(const char* path) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

Provenance gatherOnce() {
    Provenance p;
    p.racelabVersion = RACELAB_VERSION;
    p.gitCommit = RACELAB_GIT_COMMIT;
    p.gitDirty = RACELAB_GIT_DIRTY;
    p.buildType = RACELAB_BUILD_TYPE;
    p.compiler = RACELAB_COMPILER;
#ifdef RACELAB_HAVE_CUDA
    addCudaFacts(p);
#endif
    try {
        p.gpuCode = describeGpuCodeForRun();
    } catch (const std::exception& e) {  // a record is still worth writing without this line
        p.gpuCode = std::string("unknown: ") + e.what();
    }
    p.hostCpu = cpuModelFromCpuinfo(readWholeFile("/proc/cpuinfo"));
    p.hostThreads = std::thread::hardware_concurrency();
    return p;
}

std::string numberOrNone(int value) { return value > 0 ? std::to_string(value) : jsonQuoted("none"); }

}  // namespace

Provenance currentProvenance() {
    static const Provenance once = gatherOnce();
    Provenance p = once;
    p.dateUtc = isoDateUtc(std::time(nullptr));
    return p;
}

std::string provenanceJson(const Provenance& p, int indent) {
    const std::string in(static_cast<std::size_t>(indent) + 2, ' ');
    std::ostringstream json;
    json << "{\n"
         << in << "\"racelab_version\": " << jsonQuoted(p.racelabVersion) << ",\n"
         << in << "\"git_commit\": " << jsonQuoted(p.gitCommit) << ",\n"
         << in << "\"git_dirty\": " << (p.gitDirty == "true" || p.gitDirty == "false" ? p.gitDirty : jsonQuoted(p.gitDirty))
         << ",\n"
         << in << "\"build_type\": " << jsonQuoted(p.buildType) << ",\n"
         << in << "\"compiler\": " << jsonQuoted(p.compiler) << ",\n"
         << in << "\"cuda_runtime\": " << jsonQuoted(p.cudaRuntime) << ",\n"
         << in << "\"cuda_driver\": " << jsonQuoted(p.cudaDriver) << ",\n"
         << in << "\"device\": " << jsonQuoted(p.device) << ",\n"
         << in << "\"compute_capability\": " << jsonQuoted(p.computeCapability) << ",\n"
         << in << "\"sm_clock_peak_mhz\": " << numberOrNone(p.smClockPeakMHz) << ",\n"
         << in << "\"memory_clock_peak_mhz\": " << numberOrNone(p.memoryClockPeakMHz) << ",\n"
         << in << "\"gpu_code\": " << jsonQuoted(p.gpuCode) << ",\n"
         << in << "\"host_cpu\": " << jsonQuoted(p.hostCpu) << ",\n"
         << in << "\"host_threads\": " << p.hostThreads << ",\n"
         << in << "\"date_utc\": " << jsonQuoted(p.dateUtc) << "\n"
         << std::string(static_cast<std::size_t>(indent), ' ') << "}";
    return json.str();
}

std::string isoDateUtc(std::time_t when) {
    std::tm utc{};
    gmtime_r(&when, &utc);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
    return text;
}

std::string cpuModelFromCpuinfo(const std::string& cpuinfo) {
    std::istringstream lines(cpuinfo);
    for (std::string line; std::getline(lines, line);) {
        if (line.rfind("model name", 0) != 0) continue;
        const auto colon = line.find(':');
        if (colon == std::string::npos) continue;
        const auto start = line.find_first_not_of(" \t", colon + 1);
        if (start != std::string::npos) return line.substr(start);
    }
    return "unknown";
}

}  // namespace racelab
