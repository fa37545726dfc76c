#include "userkernel/build/whole_file_build.hpp"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <thread>

#include "core/asset_paths.hpp"
#include "core/errors.hpp"
#include "core/read_file.hpp"
#include "core/run_program.hpp"
#include "core/temporary_path.hpp"
#include "core/toolkit_program.hpp"

namespace racelab::userkernel {
namespace fs = std::filesystem;
namespace {

// nvcc's own version line ("Build cuda_13.0.r13.0/compiler.36424714_0"), asked once: part of every cache key.
std::string nvccVersion(const std::string& nvcc) {
    static std::string version = [&] {
        const ProgramRun run = runProgram({nvcc, "--version"}, 30);
        std::string last;
        std::istringstream lines(run.output);
        for (std::string line; std::getline(lines, line);)
            if (!line.empty()) last = line;
        return last;
    }();
    return version;
}

// Line `number` (1-based) of `path`, "" when there is none.
std::string sourceLine(const std::string& path, int number) {
    const std::optional<std::string> text = readWholeFile(path);
    if (!text) return "";
    std::istringstream lines(*text);
    std::string line;
    for (int i = 0; i < number && std::getline(lines, line); ++i) {
    }
    return line;
}

// nvcc's front end quotes the line after preprocessing (__global__ as __attribute__((global)), a macro
// expanded), so its caret counts columns of that text. The column in the file is where the quoted text from
// the caret on is found in the line as written; where it is not found the column is left out.
void placeInSource(Diagnostic& d) {
    if (d.sourceLine.empty()) return;
    const std::string written = sourceLine(d.file, d.line);
    if (written.empty() || written == d.sourceLine) return;
    std::string tail = d.column > 0 ? d.sourceLine.substr(static_cast<std::size_t>(d.column - 1)) : "";
    d.sourceLine = written;
    const std::size_t at = tail.empty() ? std::string::npos : written.find(tail.substr(0, 24));
    d.column = at == std::string::npos ? 0 : static_cast<int>(at) + 1;
}

// nvcc's messages: the front end's (EDG, as NVRTC's) and the host compiler's (GCC: FILE:LINE:COL: error: ...).
std::vector<Diagnostic> parseNvccOutput(const std::string& output) {
    std::vector<Diagnostic> out = parseNvrtcLog(output);
    for (Diagnostic& d : out) placeInSource(d);
    static const std::regex gcc(R"(^(.+):(\d+):(\d+): (error|warning|fatal error): (.*)$)");
    std::istringstream lines(output);
    for (std::string line; std::getline(lines, line);) {
        std::smatch m;
        if (!std::regex_match(line, m, gcc)) continue;
        Diagnostic d;
        d.file = m[1];
        d.line = std::stoi(m[2]);
        d.column = std::stoi(m[3]);
        d.severity = m[4];
        d.message = m[5];
        d.sourceLine = sourceLine(d.file, d.line);
        out.push_back(d);
    }
    return out;
}

// The last lines of a long output (a linker's complaint): enough to read, not a screenful of noise.
std::string lastLines(const std::string& text, int count) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    std::string out;
    for (std::size_t i = lines.size() > static_cast<std::size_t>(count) ? lines.size() - count : 0; i < lines.size(); ++i)
        out += lines[i] + "\n";
    return out;
}

// An error in a header both files include is reported by both compiles: said once.
std::vector<Diagnostic> withoutRepeats(const std::vector<Diagnostic>& diagnostics) {
    std::vector<Diagnostic> out;
    for (const Diagnostic& d : diagnostics)
        if (std::none_of(out.begin(), out.end(), [&](const Diagnostic& seen) {
                return seen.headline() == d.headline() && seen.sourceLine == d.sourceLine;
            }))
            out.push_back(d);
    return out;
}

// Two runs as one: the first failure's exit code, every output, in order.
ProgramRun combined(const ProgramRun& first, const ProgramRun& second) {
    ProgramRun out = first;
    out.output += second.output;
    out.started = first.started && second.started;
    out.timedOut = first.timedOut || second.timedOut;
    if (out.exitCode == 0) out.exitCode = second.exitCode;
    if (out.startError.empty()) out.startError = second.startError;
    return out;
}

void writeFile(const std::string& path, const std::vector<std::uint8_t>& bytes) {
    std::ofstream(path, std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
}

// The entry object's key: the solution's build key without the solution's own file, and instead every
// header of the solution's folder (the entry includes its cudaRenderer.h, and what that includes).
std::string entryObjectKey(const std::string& solutionKey, const std::string& entry, const std::string& solution) {
    std::vector<std::string> headers{entry};
    std::error_code ec;
    for (const auto& file : fs::directory_iterator(fs::path(solution).parent_path(), ec)) {
        const std::string extension = file.path().extension().string();
        if ((extension == ".h" || extension == ".hpp" || extension == ".hh" || extension == ".cuh") && file.is_regular_file(ec))
            headers.push_back(file.path().string());
    }
    std::sort(headers.begin() + 1, headers.end());
    Digest digest;
    digestKernelInputs(headers, digest);
    return "racelab whole-file entry object\n" + solutionKey.substr(0, solutionKey.rfind("inputs ")) + "headers " + digest.hex() + "\n";
}

}  // namespace

std::optional<std::string> wholeFileSolution(const std::string& path, const WholeFileHarness& harness) {
    std::error_code ec;
    fs::path file = path;
    if (fs::is_directory(file, ec)) file /= harness.solutionFile;
    if (!fs::is_regular_file(file, ec)) return std::nullopt;
    const std::optional<std::string> text = readWholeFile(file.string());
    if (!text || !std::regex_search(*text, std::regex(harness.recognizer))) return std::nullopt;
    return fs::absolute(file, ec).lexically_normal().string();
}

std::string harnessFolder(const WholeFileHarness& harness) {
    const std::string include = contractHeaderFolder();
    if (include.empty()) return "";
    const fs::path folder = fs::path(include) / "harness" / harness.folder;
    std::error_code ec;
    return fs::is_regular_file(folder / harness.entrySource, ec) ? folder.string() : "";
}

std::string findNvcc() { return findToolkitProgram("nvcc", "RACELAB_NVCC"); }

std::string nvccMissingAdvice() {
    const std::string bin = cudaToolkitBinFolder().empty() ? "the toolkit's bin folder" : cudaToolkitBinFolder();
    return "nvcc was not found (not on PATH, not in " + bin + " or /usr/local/cuda/bin); a whole-file solution is "
           "built with it. It comes with the CUDA toolkit (NVIDIA's package cuda-nvcc, part of cuda-toolkit): put its "
           "bin folder on PATH, or name it with RACELAB_NVCC=/path/to/nvcc. Kernels written as a launch list need "
           "NVRTC alone and keep working.";
}

KernelBuild buildWholeFile(const WholeFileRequest& request, const WholeFileHarness& harness, const KernelCache& cache) {
    KernelBuild build;
    std::error_code ec;
    build.sourcePath = fs::absolute(request.solutionPath, ec).lexically_normal().string();
    build.architecture = request.architecture;
    build.dependencies = localIncludes(build.sourcePath);
    if (!readWholeFile(build.sourcePath)) {
        build.failure = build.sourcePath + ": cannot read the solution";
        return build;
    }
    const std::string nvcc = findNvcc();
    if (nvcc.empty()) {
        build.failure = nvccMissingAdvice();
        return build;
    }
    const std::string folder = harnessFolder(harness);
    if (folder.empty()) {
        build.failure = "racelab's course harness (kernels/include/harness/" + harness.folder +
                        ") is missing from its assets";
        return build;
    }
    const std::string entry = (fs::path(folder) / harness.entrySource).string();
    // The course's flags (-O3) and what a shared library needs. The solution's own folder comes first: its
    // cudaRenderer.h (and any course file it carries) win over racelab's; the starter's cudaRenderer.h waits in
    // fallback/, out of the way of the entry file's own folder, which a quoted #include searches first. Warning 611 ("only partially
    // overridden") is silenced because racelab's CircleRenderer declares every loadScene form the course ever
    // had, so each solution overrides one of them by design. --no-undefined: a method declared and never
    // defined is a link error here, with its name, not a library that fails to load later.
    const std::vector<std::string> compileOptions{"-Xcompiler", "-fPIC", "-O3", "-lineinfo", "-std=c++17",
                                                  "--diag-suppress=611", "--gpu-architecture=" + request.architecture,
                                                  "-I" + fs::path(build.sourcePath).parent_path().string(), "-I" + folder,
                                                  "-I" + (fs::path(folder) / "fallback").string()};
    const std::vector<std::string> linkOptions{"-shared", "-Xlinker", "--no-undefined", "--gpu-architecture=" + request.architecture};
    std::string key = "racelab whole-file solution\nnvcc " + nvccVersion(nvcc) + "\n";
    for (const std::string& option : compileOptions) key += option + "\n";
    for (const std::string& option : linkOptions) key += "link " + option + "\n";
    std::vector<std::string> inputs = build.dependencies;
    inputs.push_back(entry);
    Digest digest;
    digestKernelInputs(inputs, digest);
    key += "inputs " + digest.hex() + "\n";
    if (auto cached = cache.load(key)) {
        build.cubin = std::move(cached->cubin);
        build.diagnostics = parseNvccOutput(cached->log);
        build.fromCache = true;
        build.ok = true;
        return build;
    }
    // The entry file is compiled apart, and kept: it changes only with the solution's headers, so a save of
    // the solution's .cu compiles that file alone (and a first build compiles both at once).
    const std::string entryKey = entryObjectKey(key, entry, build.sourcePath);

    std::optional<TemporaryFolder> scratchFolder;
    try {
        scratchFolder.emplace("racelab-nvcc-", "nvcc's objects");
    } catch (const Error& e) {
        build.failure = e.what();
        return build;
    }
    const std::string& scratch = scratchFolder->path();
    const std::string solutionObject = (fs::path(scratch) / "solution.o").string(),
                      entryObject = (fs::path(scratch) / "entry.o").string(),
                      library = (fs::path(scratch) / "solution.so").string();
    const auto compileCommand = [&](const std::string& source, const std::string& object) {
        std::vector<std::string> argv{nvcc, "-c"};
        argv.insert(argv.end(), compileOptions.begin(), compileOptions.end());
        argv.insert(argv.end(), {"-o", object, source});
        return argv;
    };
    const auto start = std::chrono::steady_clock::now();
    std::optional<CachedBuild> cachedEntry = cache.load(entryKey);
    if (cachedEntry) writeFile(entryObject, cachedEntry->cubin);
    ProgramRun entryRun;
    std::thread entryCompile;
    if (!cachedEntry)
        entryCompile = std::thread([&] { entryRun = runProgram(compileCommand(entry, entryObject), request.timeoutSeconds); });
    ProgramRun run = runProgram(compileCommand(build.sourcePath, solutionObject), request.timeoutSeconds);
    if (entryCompile.joinable()) entryCompile.join();
    if (!cachedEntry) {
        run = combined(run, entryRun);
        if (entryRun.started && entryRun.exitCode == 0)
            if (const std::optional<std::string> bytes = readWholeFile(entryObject))
                cache.store(entryKey, {std::vector<std::uint8_t>(bytes->begin(), bytes->end()), entryRun.output});
    }
    if (run.started && !run.timedOut && run.exitCode == 0) {
        std::vector<std::string> argv{nvcc};
        argv.insert(argv.end(), linkOptions.begin(), linkOptions.end());
        argv.insert(argv.end(), {"-o", library, solutionObject, entryObject});
        const double spent = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        run = combined(run, runProgram(argv, std::max(1.0, request.timeoutSeconds - spent)));
    }
    build.compileMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    build.diagnostics = withoutRepeats(parseNvccOutput(run.output));
    if (!run.started) {
        build.failure = "nvcc could not be started: " + run.startError;
    } else if (run.timedOut) {
        build.failure = build.sourcePath + ": nvcc took longer than " + std::to_string(static_cast<int>(request.timeoutSeconds)) +
                        " s and was stopped";
    } else if (run.exitCode == 0) {
        const std::optional<std::string> bytes = readWholeFile(library);
        build.ok = bytes && !bytes->empty();
        if (build.ok) build.cubin.assign(bytes->begin(), bytes->end());
        else build.failure = "nvcc reported success but wrote no library";
    } else if (errorCount(build.diagnostics) == 0) {
        build.failure = build.sourcePath + ": nvcc failed (exit " + std::to_string(run.exitCode) + "):\n" + lastLines(run.output, 30);
    }
    if (build.ok) cache.store(key, {build.cubin, run.output});
    return build;
}

}  // namespace racelab::userkernel
