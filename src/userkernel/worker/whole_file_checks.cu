// An instrumented whole-file solution's access checks in the worker (whole_file_checks.hpp). Host code only.
#include "userkernel/worker/whole_file_checks.hpp"

#include <utility>
#include <vector>

#include "core/bytes_text.hpp"
#include "core/errors.hpp"
#include "userkernel/worker/launch_tables.hpp"  // checkCuda

namespace racelab::userkernel {
namespace {

using SetAccessConfig = cudaError_t (*)(const RacelabAccessConfig*, cudaStream_t);

}  // namespace

WholeFileChecks::WholeFileChecks(AccessChecks& checks, const WholeFileAccessEntries& entries, cudaStream_t stream,
                                 const std::string& label)
    : checks_(checks), entries_(entries), stream_(stream) {
    if (!entries.mode || !entries.setHostHooks || !entries.setAccessConfig) return;
    const auto setConfig = reinterpret_cast<SetAccessConfig>(entries.setAccessConfig);
    checks_.attachWholeFile(entries.mode, entries.warpClocks, entries.orderBlocks,
                            [setConfig](const RacelabAccessConfig* config, cudaStream_t on) { return setConfig(config, on); },
                            stream, label);
    if (!checks_.active()) return;
    RacelabHostHooks hooks{};
    hooks.context = this;
    hooks.beforeLaunch = &WholeFileChecks::onLaunch;
    hooks.allocated = &WholeFileChecks::onAllocated;
    hooks.freeing = &WholeFileChecks::onFreeing;
    reinterpret_cast<RacelabSetHostHooks>(entries.setHostHooks)(&hooks);
    active_ = true;
}

WholeFileChecks::~WholeFileChecks() {
    if (active_) reinterpret_cast<RacelabSetHostHooks>(entries_.setHostHooks)(nullptr);
}

void WholeFileChecks::beginFrame(const KernelFrame& frame) {
    if (!active_) return;
    // The solution's buffers, named by the order it allocated them; the one of the image's size is the picture
    // (output 0), so that its racing words are the racing pixels.
    const std::size_t imageBytes = frame.outputs.empty() ? 0 : frame.outputs[0].bytes;
    std::vector<CheckedBuffer> buffers;
    const void* image = nullptr;
    for (const auto& [pointer, a] : allocations_) {
        if (buffers.size() == RACELAB_ACCESS_MAX_RANGES) break;  // the rest are counted untracked
        const bool isImage = !image && imageBytes && a.bytes == imageBytes;
        if (isImage) image = pointer;
        buffers.push_back({(isImage ? "the image (cudaMalloc #" : "cudaMalloc #") + std::to_string(a.number) + ", " +
                               bytesText(static_cast<long long>(a.bytes)) + (isImage ? ")" : ""),
                           pointer, a.bytes, true, isImage ? 0 : -1});
    }
    const KernelFrame::Traced& t = frame.traced;
    checks_.trace(image && t.bytes && t.output == 0 ? static_cast<const unsigned char*>(image) + t.offset : nullptr, t.bytes);
    checks_.collectRacingWords(frame.racingWords);
    checks_.beginFrame(buffers);
    inFrame_ = true;
}

std::string WholeFileChecks::abandonFrame() {
    inFrame_ = false;
    return std::exchange(hookError_, std::string());
}

AccessReport WholeFileChecks::endFrame() {
    inFrame_ = false;
    if (!hookError_.empty()) throw Error(std::exchange(hookError_, std::string()));
    return checks_.report();
}

void WholeFileChecks::onLaunch(void* context, const RacelabLaunchFacts* launch) {
    auto& self = *static_cast<WholeFileChecks*>(context);
    try {
        // One setting block and one shadow serve every stream: a launch on another stream than the last waits
        // for the device first, so that it never rewrites what a running launch reads.
        if (launch->stream != self.lastStream_) {
            checkCuda(cudaDeviceSynchronize(), "waiting before a launch on another stream");
            self.lastStream_ = launch->stream;
        }
        if (!self.inFrame_) return self.checks_.beforeUncheckedLaunch(launch->stream);
        if (launch->blocksPerMultiprocessor == 0 && self.hookError_.empty()) {
            // Not one block of this shape fits a multiprocessor: the launch will fail, and the picture with it.
            const unsigned threads = launch->block.x * launch->block.y * launch->block.z;
            self.hookError_ = "racelab's instrumented build of " + std::string(launch->name && *launch->name ? launch->name : "a kernel") +
                              " cannot launch blocks of " + std::to_string(threads) +
                              " threads: with racelab's checks in it, it needs more registers or shared memory than a "
                              "multiprocessor has for such a block (racelab's limit, not the solution's)";
        }
        HookedLaunch hooked;
        hooked.kernel = launch->name ? launch->name : "";
        hooked.grid = launch->grid, hooked.block = launch->block;
        hooked.dynamicShared = launch->dynamicShared, hooked.staticShared = launch->staticShared;
        hooked.blocksPerMultiprocessor = launch->blocksPerMultiprocessor;
        hooked.stream = launch->stream;
        self.checks_.beforeLaunch(hooked);
    } catch (const std::exception& e) {
        // Never thrown through the solution's frames: said when the frame ends. The launch goes ahead, so it
        // gets a setting of its own, unchecked, and never the last launch's (whose memory may be gone).
        if (self.hookError_.empty())
            self.hookError_ = std::string("racelab's access checks failed before a launch (racelab's fault, not the solution's): ") + e.what();
        try {
            self.checks_.beforeUncheckedLaunch(launch->stream);
        } catch (const std::exception&) {
        }
    }
}

void WholeFileChecks::onAllocated(void* context, const void* pointer, std::size_t bytes) {
    auto& self = *static_cast<WholeFileChecks*>(context);
    try {
        self.allocations_[pointer] = {bytes, ++self.allocated_};
    } catch (const std::exception&) {  // out of host memory: that buffer goes unchecked, counted untracked
    }
}

void WholeFileChecks::onFreeing(void* context, const void* pointer) { static_cast<WholeFileChecks*>(context)->allocations_.erase(pointer); }

}  // namespace racelab::userkernel
