#include "userkernel/build/compile_worker.hpp"

#include <sys/resource.h>

#include <cstdio>
#include <cstdlib>
#include <nlohmann/json.hpp>

#include "core/address_sanitizer_build.hpp"
#include "core/errors.hpp"
#include "core/read_file.hpp"
#include "core/temporary_path.hpp"
#include "userkernel/worker/worker_channel.hpp"
#include "userkernel/worker/worker_process.hpp"

namespace racelab::userkernel {
namespace {

nlohmann::json diagnosticJson(const Diagnostic& d) {
    return {{"file", d.file},     {"line", d.line},   {"column", d.column},     {"severity", d.severity},
            {"message", d.message}, {"source", d.sourceLine}, {"fromFile", d.fromFile}, {"fromLine", d.fromLine}};
}

Diagnostic diagnosticFrom(const nlohmann::json& j) {
    Diagnostic d;
    d.file = j.value("file", "");
    d.line = j.value("line", 0);
    d.column = j.value("column", 0);
    d.severity = j.value("severity", "");
    d.message = j.value("message", "");
    d.sourceLine = j.value("source", "");
    d.fromFile = j.value("fromFile", "");
    d.fromLine = j.value("fromLine", 0);
    return d;
}

// The build without its cubin, which travels as a file (a cubin can outgrow a socket message).
nlohmann::json buildJson(const KernelBuild& build, const std::string& cubinFile) {
    nlohmann::json diagnostics = nlohmann::json::array();
    for (const Diagnostic& d : build.diagnostics) diagnostics.push_back(diagnosticJson(d));
    return {{"ok", build.ok},         {"sourcePath", build.sourcePath}, {"architecture", build.architecture},
            {"cubinFile", cubinFile}, {"diagnostics", diagnostics},     {"failure", build.failure},
            {"compileMs", build.compileMs}, {"fromCache", build.fromCache}, {"dependencies", build.dependencies}};
}

KernelBuild buildFrom(const nlohmann::json& j) {
    KernelBuild build;
    build.ok = j.value("ok", false);
    build.sourcePath = j.value("sourcePath", "");
    build.architecture = j.value("architecture", "");
    for (const auto& d : j.value("diagnostics", nlohmann::json::array())) build.diagnostics.push_back(diagnosticFrom(d));
    build.failure = j.value("failure", "");
    build.compileMs = j.value("compileMs", 0.0);
    build.fromCache = j.value("fromCache", false);
    build.dependencies = j.value("dependencies", std::vector<std::string>{});
    const std::string cubinFile = j.value("cubinFile", "");
    if (!cubinFile.empty()) {
        const std::optional<std::string> bytes = readWholeFile(cubinFile);
        std::remove(cubinFile.c_str());
        if (bytes) build.cubin.assign(bytes->begin(), bytes->end());
        else build.ok = false, build.failure = "cannot read the compiled kernel back from " + cubinFile;
    }
    return build;
}

}  // namespace

CompileWorker::CompileWorker(CompileLimits limits) : limits_(limits) {}

CompileWorker::~CompileWorker() = default;

KernelBuild CompileWorker::compile(const CompileRequest& request, const std::string& cacheFolder) {
    KernelBuild failed;
    failed.sourcePath = request.sourcePath;
    failed.architecture = request.architecture;
    failed.dependencies = localIncludes(request.sourcePath);
    try {
        if (!process_ || !process_->running()) {
            process_ = std::make_unique<WorkerProcess>("nvrtc");
            process_->launchMode({"compile-worker", "--address-bytes", std::to_string(limits_.addressBytes)});
        }
    } catch (const Error& e) {
        failed.failure = std::string("racelab cannot start its compile process: ") + e.what();
        return failed;
    }
    char limit[32];
    std::snprintf(limit, sizeof limit, "%g s", limits_.seconds);
    const WorkerReply reply = process_->request(
        {{"op", "compile"},
         {"sourcePath", request.sourcePath},
         {"architecture", request.architecture},
         {"extraOptions", request.extraOptions},
         {"accessChecks", request.accessChecks},
         {"cacheFolder", cacheFolder}},
        static_cast<int>(limits_.seconds * 1000),
        request.sourcePath + ": NVRTC did not finish compiling it");
    if (reply.ok) return buildFrom(reply.message.at("build"));
    if (reply.timedOut)
        failed.failure = reply.error + " (racelab's limit for one compile is " + limit +
                         "; a loop the compiler unrolls without end? a huge `#pragma unroll`?)";
    else
        failed.failure = request.sourcePath + ": the compile failed in NVRTC's process: " + reply.error +
                         (reply.workerLost ? " (past its memory limit of " + std::to_string(limits_.addressBytes >> 30) +
                                                 " GiB, or a crash in NVRTC)"
                                           : "");
    return failed;
}

int runCompileWorker(int socketFd, long long addressBytes) {
    const WorkerChannel channel(socketFd);
    if (addressBytes > 0 && !kBuiltWithAddressSanitizer) {
        const rlimit limit{static_cast<rlim_t>(addressBytes), static_cast<rlim_t>(addressBytes)};
        setrlimit(RLIMIT_AS, &limit);
    }
    channel.send({{"ok", true}});
    for (;;) {
        nlohmann::json request;
        if (channel.receive(request, -1) != WorkerChannel::Status::Message) return 2;
        const std::string op = request.value("op", "");
        if (op == "quit") return 0;
        try {
            if (op != "compile") throw Error("compile worker: unknown request '" + op + "'");
            CompileRequest compile{request.at("sourcePath").get<std::string>(), request.at("architecture").get<std::string>(),
                                   request.value("extraOptions", std::vector<std::string>{}), {}};
            compile.accessChecks = request.value("accessChecks", 0u);
            const KernelBuild build = compileKernel(compile, KernelCache(request.value("cacheFolder", "")));
            channel.send({{"ok", true}, {"build", buildJson(build, build.cubin.empty() ? "" : TemporaryFile(build.cubin).keep())}});
        } catch (const std::exception& e) {
            channel.send({{"ok", false}, {"error", e.what()}});
        }
    }
}

}  // namespace racelab::userkernel
