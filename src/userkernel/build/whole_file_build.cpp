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
#include "userkernel/build/nvcc_facts.hpp"
#include "userkernel/build/nvcc_messages.hpp"
#include "userkernel/build/nvcc_steps.hpp"
#include "userkernel/build/nvcc_two_chains.hpp"
#include "userkernel/build/whole_file_instrumented.hpp"

namespace racelab::userkernel {
namespace fs = std::filesystem;
namespace {

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
    // The solution's options and inputs left out: the entry is compiled without them.
    std::string options;
    std::istringstream lines(solutionKey.substr(0, solutionKey.rfind("inputs ")));
    for (std::string line; std::getline(lines, line);)
        if (line.rfind("solution ", 0) != 0) options += line + "\n";
    return "racelab whole-file entry object\n" + options + "headers " + digest.hex() + "\n";
}

// What a build needs before anything runs, looked for in this order: the solution readable, nvcc, the
// harness's folder. `failure` says what is missing ("" when nothing is).
struct Prerequisites {
    std::string nvcc, harnessFolder, failure;
};

Prerequisites findPrerequisites(const std::string& sourcePath, const WholeFileHarness& harness) {
    Prerequisites found;
    if (!readWholeFile(sourcePath)) {
        found.failure = sourcePath + ": cannot read the solution";
        return found;
    }
    found.nvcc = findNvcc();
    if (found.nvcc.empty()) {
        found.failure = nvccMissingAdvice();
        return found;
    }
    found.harnessFolder = harnessFolder(harness);
    if (found.harnessFolder.empty())
        found.failure = "racelab's course harness (kernels/include/harness/" + harness.folder +
                        ") is missing from its assets";
    return found;
}

// What nvcc runs with for one solution: the same options make its cache key and its commands.
struct NvccCommands {
    std::string nvcc;
    std::string entry;  // the harness's entry file, built beside the solution
    std::string compat;  // racelab_toolkit_compat.h, pre-included in the solution's compile
    std::vector<std::string> compileOptions, linkOptions;
    std::vector<std::string> solutionOptions;  // the solution's compile only: what it is built as of its year
};

// What the pre-includes depend on in a solution's files, read in one pass over each file.
struct SolutionIdioms {
    std::vector<std::string> cccl;  // the CCCL headers (<thrust/...>, <cub/...>, <cuda/...>) they include, each
                                    // once, in the order first included, where the toolkit has them
    bool configuresCccl = false;    // they define one of CCCL's own configuration macros (THRUST_DEVICE_SYSTEM,
                                    // CUB_IGNORE_..., ...), which only take effect before CCCL's headers
    bool masklessVotes = false;     // they call the warp votes without a mask (__any(, __all(, __ballot()
};

SolutionIdioms readIdioms(const std::vector<std::string>& files, const std::string& nvcc) {
    static const std::regex include(R"(^\s*#\s*include\s*<((thrust|cub|cuda)/[^>]+)>)");
    static const std::regex define(R"(^\s*#\s*define\s+_?(THRUST|CUB|CCCL|LIBCUDACXX)_\w*)");
    static const std::regex vote(R"(\b__(any|all|ballot)\s*\()");
    const std::vector<fs::path> folders = nvccIncludeFolders(nvcc);
    SolutionIdioms found;
    for (const std::string& file : files) {
        std::istringstream lines(readWholeFile(file).value_or(""));
        for (std::string line; std::getline(lines, line);) {
            found.configuresCccl |= std::regex_search(line, define);
            found.masklessVotes |= std::regex_search(line, vote);
            std::smatch m;
            if (!std::regex_search(line, m, include) || std::find(found.cccl.begin(), found.cccl.end(), m[1].str()) != found.cccl.end())
                continue;
            std::error_code ec;
            if (std::any_of(folders.begin(), folders.end(), [&](const fs::path& f) { return fs::is_regular_file(f / m[1].str(), ec); }))
                found.cccl.push_back(m[1]);
        }
    }
    return found;
}

// What the solution's compile is given before its own text, so that a file that built with the toolkit of its
// year builds with this one unchanged (docs/DECISIONS.md, "Whole files of every year build as their toolkit
// built them, unedited"), in this order:
//   - the CCCL headers the solution includes, in its order. Its own #include of them then finds their include
//     guards set and adds nothing, so macros it defines first -- the course's cudaRenderer.h has long defined
//     `uint` as `unsigned int`, which CUDA 13's libcu++ uses as a name -- reach no CCCL header, as they reached
//     none of the older toolkits' that did not use those names. Not where the solution configures CCCL with
//     its own macros: those must come first, so such a file is built as written;
//   - racelab_toolkit_compat.h: the calls later toolkits removed (cudaThreadSynchronize, CUDA 13.0; the warp
//     intrinsics without a mask, CUDA 9.0 for sm_70 on), each mapped to its documented replacement. The votes
//     are renamed by macros, so only for a file that calls them.
std::vector<std::string> solutionPreIncludes(const std::string& compat, const std::vector<std::string>& files,
                                             const std::string& nvcc) {
    const SolutionIdioms idioms = readIdioms(files, nvcc);
    std::vector<std::string> options;
    if (!idioms.configuresCccl)
        for (const std::string& header : idioms.cccl) options.insert(options.end(), {"-include", header});
    options.insert(options.end(), {"-include", compat});
    if (idioms.masklessVotes) options.push_back("-DRACELAB_MASKLESS_VOTES");
    return options;
}

NvccCommands nvccCommands(const Prerequisites& found, const WholeFileHarness& harness, const WholeFileRequest& request,
                          const std::string& sourcePath, const std::vector<std::string>& dependencies) {
    const std::string& architecture = request.architecture;
    const std::string& folder = found.harnessFolder;
    NvccCommands commands;
    commands.nvcc = found.nvcc;
    commands.entry = (fs::path(folder) / harness.entrySource).string();
    // The course's flags (-O3) and what a shared library needs. The solution's own folder comes first: its
    // cudaRenderer.h (and any course file it carries) win over racelab's; the starter's cudaRenderer.h waits in
    // fallback/, out of the way of the entry file's own folder, which a quoted #include searches first. Warning
    // 611 ("only partially overridden") is silenced because racelab's CircleRenderer declares every loadScene
    // form the course ever had, so each solution overrides one of them by design. --no-undefined: a method declared and never
    // defined is a link error here, with its name, not a library that fails to load later.
    commands.compileOptions = {"-Xcompiler", "-fPIC", "-O3", "-lineinfo", "-std=c++17",
                               "--diag-suppress=611", "--gpu-architecture=" + architecture,
                               "-I" + fs::path(sourcePath).parent_path().string(), "-I" + folder,
                               "-I" + (fs::path(folder) / "fallback").string()};
    commands.linkOptions = {"-shared", "-Xlinker", "--no-undefined", "--gpu-architecture=" + architecture};
    commands.compat = (fs::path(folder) / "racelab_toolkit_compat.h").string();
    commands.solutionOptions = solutionPreIncludes(commands.compat, dependencies, found.nvcc);
    if (request.accessChecks) {
        const std::vector<std::string> checks = accessCheckOptions(request.accessChecks, contractHeaderFolder());
        commands.solutionOptions.insert(commands.solutionOptions.end(), checks.begin(), checks.end());
    }
    return commands;
}

// The solution's cache key: nvcc's version, every option, and a digest of the solution, its headers and the
// entry file.
std::string solutionKey(const NvccCommands& commands, const std::vector<std::string>& dependencies) {
    std::string key = "racelab whole-file solution\nnvcc " + nvccVersion(commands.nvcc) + "\n";
    for (const std::string& option : commands.compileOptions) key += option + "\n";
    for (const std::string& option : commands.solutionOptions) key += "solution " + option + "\n";
    for (const std::string& option : commands.linkOptions) key += "link " + option + "\n";
    std::vector<std::string> inputs = dependencies;
    inputs.push_back(commands.entry);
    inputs.push_back(commands.compat);
    Digest digest;
    digestKernelInputs(inputs, digest);
    key += "inputs " + digest.hex() + "\n";
    return key;
}

// A build of the same key found in the cache fills `build` (its diagnostics parsed from the stored log).
bool takeFromCache(const KernelCache& cache, const std::string& key, KernelBuild& build) {
    auto cached = cache.load(key);
    if (!cached) return false;
    build.cubin = std::move(cached->cubin);
    // nvcc's messages are the log up to racelab's own record of the access sites, if any.
    const std::size_t at = cached->log.rfind(kAccessSitesLogPrefix);
    build.diagnostics = parseNvccOutput(cached->log.substr(0, at));
    if (at != std::string::npos) {
        const std::string json = cached->log.substr(at + std::string(kAccessSitesLogPrefix).size());
        build.accessSites = accessSitesFromJson(std::vector<std::uint8_t>(json.begin(), json.end()));
    }
    build.fromCache = true;
    build.ok = true;
    return true;
}

// nvcc's objects and library in a folder of their own, removed with it.
struct ScratchFiles {
    ScratchFiles()  // throws Error where the folder cannot be made
        : folder("racelab-nvcc-", "nvcc's objects"),
          keep((fs::path(folder.path()) / "keep").string()),
          solutionObject((fs::path(folder.path()) / "solution.o").string()),
          entryObject((fs::path(folder.path()) / "entry.o").string()),
          library((fs::path(folder.path()) / "solution.so").string()),
          hooksObject((fs::path(folder.path()) / "host_hooks.o").string()) {}
    TemporaryFolder folder;
    std::string keep;  // nvcc's intermediate files, for an instrumented build
    std::string solutionObject, entryObject, library;
    std::string hooksObject;  // an instrumented build's: racelab's hooks (racelab/host_hooks_definitions.cuh)
};

std::vector<std::string> compileCommand(const NvccCommands& commands, const std::string& source, const std::string& object,
                                       const std::vector<std::string>& extra = {}) {
    std::vector<std::string> argv{commands.nvcc, "-c"};
    argv.insert(argv.end(), commands.compileOptions.begin(), commands.compileOptions.end());
    argv.insert(argv.end(), extra.begin(), extra.end());
    argv.insert(argv.end(), {"-o", object, source});
    return argv;
}

// The key of the module id nvcc gives a source file: nvcc's version and the file's path, all that nvcc derives
// it from (nvcc_two_chains.hpp).
std::string moduleIdKey(const NvccCommands& commands, const std::string& sourcePath) {
    return "racelab nvcc module id\nnvcc " + nvccVersion(commands.nvcc) + "\n" + sourcePath + "\n";
}

// The solution's object: by nvcc itself the first time its path is built, then, its module id known, as two
// chains at once (nvcc_two_chains.hpp). With `instrumented`, it is then made again from its PTX instrumented
// (whole_file_instrumented.hpp), and what that found goes there.
ProgramRun compileSolutionObject(const NvccCommands& commands, const std::string& sourcePath, const ScratchFiles& files,
                                 const KernelCache& cache, double timeoutSeconds, InstrumentedObject* instrumented,
                                 bool& inTwoChains) {
    std::error_code ec;
    fs::create_directories(files.keep, ec);
    const std::vector<std::string> compile = compileCommand(commands, sourcePath, files.solutionObject, commands.solutionOptions);
    const std::string idKey = moduleIdKey(commands, sourcePath);
    const std::optional<CachedBuild> knownId = cache.load(idKey);
    const std::string moduleId = knownId ? std::string(knownId->cubin.begin(), knownId->cubin.end()) : "";
    ProgramRun run = compileInTwoChains(compile, files.keep, moduleId, timeoutSeconds, &inTwoChains);
    const bool ok = run.started && !run.timedOut && run.exitCode == 0;
    if (ok && !knownId)
        if (const std::string id = keptModuleId(files.keep); !id.empty())
            cache.store(idKey, {std::vector<std::uint8_t>(id.begin(), id.end()), ""});
    if (instrumented && ok) {
        // The hooks' object beside the instrumented steps: it depends on nothing of the solution's.
        ProgramRun hooksRun;
        std::thread hooks([&] {
            hooksRun = runProgram(hostHooksCompile(commands.nvcc, commands.compileOptions, contractHeaderFolder(), files.hooksObject),
                                  timeoutSeconds);
        });
        struct Joined {  // joined whatever the instrumented steps do, a throw included
            std::thread& thread;
            ~Joined() { thread.join(); }
        };
        {
            const Joined joined{hooks};
            std::vector<std::string> kept = compile;
            const std::vector<std::string> keep = keepOptions(files.keep);
            kept.insert(kept.begin() + 1, keep.begin(), keep.end());
            *instrumented = instrumentWholeFileObject(kept, contractHeaderFolder(), timeoutSeconds);
        }
        run = combined(run, instrumented->run);
        if (instrumented->failure.empty() && (!hooksRun.started || hooksRun.timedOut || hooksRun.exitCode != 0))
            instrumented->failure = "racelab's hooks for the instrumented build did not compile (racelab's fault, not the "
                                    "solution's):\n" + hooksRun.output + hooksRun.startError;
    }
    return run;
}

// The solution's object, and the entry's from the cache or compiled at the same time on a second thread (then
// cached): one run with both outputs.
ProgramRun compileObjects(const NvccCommands& commands, const std::string& sourcePath, const ScratchFiles& files,
                          const std::string& entryKey, const KernelCache& cache, double timeoutSeconds,
                          InstrumentedObject* instrumented, bool& inTwoChains) {
    std::optional<CachedBuild> cachedEntry = cache.load(entryKey);
    if (cachedEntry) writeFile(files.entryObject, cachedEntry->cubin);
    ProgramRun entryRun;
    std::thread entryCompile;
    if (!cachedEntry)
        entryCompile = std::thread(
            [&] { entryRun = runProgram(compileCommand(commands, commands.entry, files.entryObject), timeoutSeconds); });
    ProgramRun run = compileSolutionObject(commands, sourcePath, files, cache, timeoutSeconds, instrumented, inTwoChains);
    if (entryCompile.joinable()) entryCompile.join();
    if (!cachedEntry) {
        run = combined(run, entryRun);
        if (entryRun.started && entryRun.exitCode == 0)
            if (const std::optional<std::string> bytes = readWholeFile(files.entryObject))
                cache.store(entryKey, {std::vector<std::uint8_t>(bytes->begin(), bytes->end()), entryRun.output});
    }
    return run;
}

// The objects linked into the shared library (the solution's, the entry's, and an instrumented build's hooks), within
// what the compiles left of the time limit.
ProgramRun linkLibrary(const NvccCommands& commands, const ScratchFiles& files, bool instrumented, double timeoutSeconds,
                       std::chrono::steady_clock::time_point start) {
    std::vector<std::string> argv{commands.nvcc};
    argv.insert(argv.end(), commands.linkOptions.begin(), commands.linkOptions.end());
    argv.insert(argv.end(), {"-o", files.library, files.solutionObject, files.entryObject});
    if (instrumented) argv.push_back(files.hooksObject);
    const double spent = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return runProgram(argv, std::max(1.0, timeoutSeconds - spent));
}

// What nvcc's runs left: the library's bytes, or the failure to report beside the diagnostics.
void readOutcome(KernelBuild& build, const ProgramRun& run, const std::string& library, double timeoutSeconds) {
    build.diagnostics = withoutRepeats(parseNvccOutput(run.output));
    if (!run.started) {
        build.failure = "nvcc could not be started: " + run.startError;
    } else if (run.timedOut) {
        build.failure = build.sourcePath + ": nvcc took longer than " + std::to_string(static_cast<int>(timeoutSeconds)) +
                        " s and was stopped";
    } else if (run.exitCode == 0) {
        const std::optional<std::string> bytes = readWholeFile(library);
        build.ok = bytes && !bytes->empty();
        if (build.ok) build.cubin.assign(bytes->begin(), bytes->end());
        else build.failure = "nvcc reported success but wrote no library";
    } else if (errorCount(build.diagnostics) == 0) {
        build.failure = build.sourcePath + ": nvcc failed (exit " + std::to_string(run.exitCode) + "):\n" + lastLines(run.output, 30);
    }
}

}  // namespace

std::optional<std::string> wholeFileSolution(const std::string& path, const WholeFileHarness& harness) {
    std::error_code ec;
    fs::path file = path;
    if (fs::is_directory(file, ec)) {
        // The course's name, else the folder's one .cu file, as grade takes a subfolder (a student who handed in
        // cudaRenderer_final.cu): the same folder is the same solution to every command.
        std::vector<fs::path> sources;
        for (const fs::directory_entry& entry : fs::directory_iterator(file, ec))
            if (entry.is_regular_file(ec) && entry.path().extension() == ".cu") sources.push_back(entry.path());
        file = fs::is_regular_file(file / harness.solutionFile, ec) || sources.size() != 1 ? file / harness.solutionFile : sources.front();
    }
    if (!fs::is_regular_file(file, ec)) return std::nullopt;
    const std::optional<std::string> text = readWholeFile(file.string());
    if (!text || !std::regex_search(*text, std::regex(harness.recognizer))) return std::nullopt;
    return fs::absolute(file, ec).lexically_normal().string();
}

std::optional<std::string> wholeFileSolution(const std::string& path, const KernelContract& contract) {
    if (!contract.wholeFile) return std::nullopt;
    return wholeFileSolution(path, *contract.wholeFile);
}

std::string harnessFolder(const WholeFileHarness& harness) {
    const std::string include = contractHeaderFolder();
    if (include.empty()) return "";
    const fs::path folder = fs::path(include) / "harness" / harness.folder;
    std::error_code ec;
    return fs::is_regular_file(folder / harness.entrySource, ec) ? folder.string() : "";
}

KernelBuild buildWholeFile(const WholeFileRequest& request, const WholeFileHarness& harness, const KernelCache& cache) {
    KernelBuild build;
    std::error_code ec;
    build.sourcePath = fs::absolute(request.solutionPath, ec).lexically_normal().string();
    build.architecture = request.architecture;
    build.dependencies = localIncludes(build.sourcePath);
    const Prerequisites found = findPrerequisites(build.sourcePath, harness);
    if (!found.failure.empty()) {
        build.failure = found.failure;
        return build;
    }
    const NvccCommands commands = nvccCommands(found, harness, request, build.sourcePath, build.dependencies);
    const std::string key = solutionKey(commands, build.dependencies);
    if (takeFromCache(cache, key, build)) return build;
    // The entry file is compiled apart, and kept: it changes only with the solution's headers, so a save of
    // the solution's .cu compiles that file alone (and a first build compiles both at once).
    const std::string entryKey = entryObjectKey(key, commands.entry, build.sourcePath);
    std::optional<ScratchFiles> files;
    try {
        files.emplace();
    } catch (const Error& e) {
        build.failure = e.what();
        return build;
    }
    const auto start = std::chrono::steady_clock::now();
    InstrumentedObject instrumented;
    ProgramRun run = compileObjects(commands, build.sourcePath, *files, entryKey, cache, request.timeoutSeconds,
                                    request.accessChecks ? &instrumented : nullptr, build.inTwoChains);
    if (!instrumented.failure.empty()) {
        build.failure = build.sourcePath + ": " + instrumented.failure;
        return build;
    }
    if (run.started && !run.timedOut && run.exitCode == 0)
        run = combined(run, linkLibrary(commands, *files, request.accessChecks != 0, request.timeoutSeconds, start));
    build.compileMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    readOutcome(build, run, files->library, request.timeoutSeconds);
    std::string log = run.output;
    if (request.accessChecks) {
        build.accessSites = instrumented.sites;
        log += "\n" + std::string(kAccessSitesLogPrefix) + accessSitesJson(instrumented.sites);
    }
    if (build.ok) cache.store(key, {build.cubin, log});
    return build;
}

}  // namespace racelab::userkernel
