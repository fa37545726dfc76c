#include "userkernel/worker_main.hpp"

#include <fstream>
#include <iterator>
#include <memory>

#include "core/read_file.hpp"
#include "core/gpu_timing.hpp"
#include "userkernel/kernel_executor.hpp"
#include "userkernel/worker_channel.hpp"
#include "userkernel/worker_messages.hpp"

namespace racelab::userkernel {
namespace {

nlohmann::json failure(const std::string& error, bool workerEnds) {
    return {{"ok", false}, {"error", error}, {"workerEnds", workerEnds}};
}

std::vector<std::uint8_t> readCubin(const std::string& path) {
    const std::optional<std::string> bytes = readWholeFile(path);
    if (!bytes) throw Error("kernel worker: cannot read the compiled kernel " + path);
    return std::vector<std::uint8_t>(bytes->begin(), bytes->end());
}

}  // namespace

int runKernelWorker(int socketFd, int device) {
    const WorkerChannel channel(socketFd);
    std::unique_ptr<KernelExecutor> executor;
    try {
        selectCudaDevice(device);
        executor = makeGpuHalf<KernelExecutor>("userkernel_executor");
    } catch (const std::exception& e) {
        channel.send(failure(e.what(), true));
        return 3;
    }
    channel.send({{"ok", true}});
    for (;;) {
        nlohmann::json request;
        if (channel.receive(request, -1) != WorkerChannel::Status::Message) return 2;
        const std::string op = request.value("op", "");
        try {
            if (op == "quit") return 0;
            if (op == "load") {
                const LoadedKernel loaded = executor->load(readCubin(request.at("cubin")), loadSpecFrom(request));
                channel.send({{"ok", true}, {"steps", loaded.steps}, {"scratch", loaded.scratch}});
            } else if (op == "buffers") {
                executor->openBuffers(buffersFrom(request));
                channel.send({{"ok", true}});
            } else if (op == "frame") {
                nlohmann::json reply = timesReply(executor->runFrame(frameFrom(request)));
                reply["id"] = request.value("id", 0LL);
                channel.send(reply);
            } else {
                channel.send(failure("kernel worker: unknown request '" + op + "'", false));
            }
        } catch (const KernelFault& e) {
            channel.send(failure(e.what(), true));
            return 3;
        } catch (const std::exception& e) {
            channel.send(failure(e.what(), false));
        }
    }
}

}  // namespace racelab::userkernel
