#include "userkernel/build/launch_list_check.hpp"

#include <algorithm>
#include <cstring>
#include <regex>
#include <sstream>

#include "core/read_file.hpp"
#include "userkernel/worker/cubin_symbols.hpp"
#include "userkernel/worker/launch_plan.hpp"

namespace racelab::userkernel {
namespace {

Diagnostic errorAt(const std::string& file, const std::string& text, std::size_t offset, std::string message) {
    Diagnostic d;
    d.file = file;
    d.severity = "error";
    d.message = std::move(message);
    const std::size_t lineStart = text.rfind('\n', offset == 0 ? 0 : offset - 1);
    const std::size_t begin = lineStart == std::string::npos || offset == 0 ? 0 : lineStart + 1;
    d.line = 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(begin), '\n'));
    d.column = 1 + static_cast<int>(offset - begin);
    const std::size_t end = text.find('\n', offset);
    d.sourceLine = text.substr(begin, end == std::string::npos ? std::string::npos : end - begin);
    return d;
}

std::string escapedForRegex(const std::string& name) {
    std::string out;
    for (char c : name) {
        if (std::strchr("\\^$.|?*+()[]{}", c)) out += '\\';
        out += c;
    }
    return out;
}

}  // namespace

std::vector<Diagnostic> thrustIncludes(const std::vector<std::string>& files) {
    static const std::regex include(R"(^[ \t]*#[ \t]*include[ \t]*[<"](thrust/[^>"]*)[>"])", std::regex::multiline);
    std::vector<Diagnostic> found;
    for (const std::string& file : files) {
        const std::optional<std::string> text = readWholeFile(file);
        if (!text) continue;
        for (auto it = std::sregex_iterator(text->begin(), text->end(), include); it != std::sregex_iterator(); ++it)
            found.push_back(errorAt(
                file, *text, static_cast<std::size_t>(it->position(1)),
                "thrust (" + (*it)[1].str() + ") is called from host code, and a launch-list kernel has none: racelab "
                "makes the launches. Sort or scan inside your kernels with CUB's block-wide primitives (<cub/block/"
                "block_radix_sort.cuh>, <cub/block/block_scan.cuh>), across kernels with a launch of its own for each "
                "pass; or bring your whole cudaRenderer.cu with its host code (docs/YOUR_KERNEL.md, \"Bring your asst3\")"));
    }
    return found;
}

namespace {

// The entries of the table `name` (whose length `countName` records), as the cubin initialises them.
template <class Entry>
std::vector<Entry> tableOf(const CubinSymbols& symbols, const std::string& name, const std::string& countName) {
    const auto table = symbols.variableBytes(name);
    const auto countBytes = symbols.variableBytes(countName);
    int count = 0;
    if (!table || !countBytes || countBytes->size() != sizeof count) return {};
    std::memcpy(&count, countBytes->data(), sizeof count);
    if (count <= 0 || table->size() != static_cast<std::size_t>(count) * sizeof(Entry)) return {};
    std::vector<Entry> out(static_cast<std::size_t>(count));
    std::memcpy(out.data(), table->data(), table->size());
    return out;
}

// Where the launch list names `kernel`: the first argument of a launch macro (0 when not found).
std::size_t launchOf(const std::string& source, const std::string& kernel) {
    const std::regex named("RACELAB_(PER_ITEM|PER_PIXEL|PER_TILE|PER_TILE_1D|FIXED|PER_SM)[ \\t\\r\\n]*\\([ \\t\\r\\n]*(" +
                           escapedForRegex(kernel) + ")[ \\t\\r\\n]*,");
    std::smatch where;
    return std::regex_search(source, where, named) ? static_cast<std::size_t>(where.position(2)) : 0;
}

}  // namespace

std::vector<Diagnostic> launchTableMistakes(const std::string& sourcePath, const std::string& source,
                                            const std::vector<std::uint8_t>& cubin) {
    const std::optional<CubinSymbols> symbols = readCubinSymbols(cubin);
    if (!symbols) return {};
    const std::vector<ScratchBuffer> scratch = tableOf<ScratchBuffer>(*symbols, "racelabScratch", "racelabScratchCount");
    std::vector<Diagnostic> found;
    for (const char* list : {"racelabSetup", "racelabLaunches"}) {
        for (const LaunchStep& step : tableOf<LaunchStep>(*symbols, list, std::string(list) == "racelabSetup" ? "racelabSetupCount" : "racelabLaunchCount")) {
            const std::string name = nameOf(step.kernel);
            const std::size_t at = launchOf(source, name);
            const bool isKernel = std::any_of(symbols->kernels.begin(), symbols->kernels.end(),
                                              [&](const std::string& k) { return kernelNameKey(k) == kernelNameKey(name); });
            if (!isKernel && name.find('<') != std::string::npos) {
                found.push_back(errorAt(sourcePath, source, at,
                                        "the launch list names " + name + ", an instance of a template this file does not "
                                        "compile: naming it does not instantiate it. Instantiate it, `template __global__ void " +
                                        name + "(...);` with its parameters, and write the template's arguments as literals"));
                continue;
            }
            if (!isKernel) {
                found.push_back(errorAt(sourcePath, source, at,
                                        "the launch list names " + name + ", which is no __global__ function of this file (a "
                                        "__device__ function has a kernel's pointer type, so the compiler takes it): racelab "
                                        "launches kernels only. Declare it `__global__ void " + name + "(...)`, or launch a "
                                        "__global__ kernel that calls it"));
                continue;
            }
            // The family's sizes are the header's RACELAB_<SIZE> constants, so any index from 0 up is one of them.
            if (const std::string problem = problemWith(step, static_cast<std::size_t>(1) << 30, scratch); !problem.empty())
                found.push_back(errorAt(sourcePath, source, at, problem));
        }
    }
    return found;
}

}  // namespace racelab::userkernel
