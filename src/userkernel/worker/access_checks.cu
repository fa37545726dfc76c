// The worker's half of an instrumented build (access_checks.hpp). Host code only.
#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <tuple>

#include "userkernel/worker/access_checks.hpp"
#include "userkernel/worker/launch_tables.hpp"  // checkCuda
#include "userkernel/worker/cubin_symbols.hpp"  // plainKernelName: a variable's name as its source spells it
#include "userkernel/racecheck/ptx_instrument.hpp"

namespace racelab::userkernel {
namespace {

constexpr std::size_t kConfigSlots = 256;  // launches queued before the worker waits for the first's copy
constexpr std::size_t kAlign = 256;
constexpr long long kNearBytes = 16ll << 20;  // a stray access farther than this from every buffer names none

constexpr std::size_t kRecordBytes = 8 * RACELAB_SHADOW_RECORDS;  // a word's shadow: its write and its reads

std::size_t aligned(std::size_t bytes) { return (bytes + kAlign - 1) / kAlign * kAlign; }
std::size_t wordsOf(std::size_t bytes) { return (bytes + 3) / 4; }

}  // namespace

std::vector<CheckedBuffer> buffersToCheck(const KernelFrame& frame, const std::vector<void*>& inputs, const std::vector<void*>& outputs,
                                          const std::vector<LoadedScratch>& scratch) {
    std::vector<CheckedBuffer> buffers;
    for (std::size_t i = 0; i < inputs.size() && i < frame.inputs.size(); ++i)
        buffers.push_back({frame.inputs[i].name, inputs[i], frame.inputs[i].bytes, false});
    for (std::size_t i = 0; i < outputs.size() && i < frame.outputs.size(); ++i)
        buffers.push_back({frame.outputs[i].name, outputs[i], frame.outputs[i].bytes, true, static_cast<int>(i)});
    for (const LoadedScratch& s : scratch)
        if (s.memory) buffers.push_back({s.name, s.memory, static_cast<std::size_t>(s.capacity * s.entry.elementBytes), true});
    return buffers;
}

AccessChecks::~AccessChecks() {
    release();
    cudaFree(report_);
    cudaFreeHost(configSlots_);
}

void AccessChecks::release() {
    cudaFree(shadow_), cudaFree(epochs_), cudaFree(sharedShadow_), cudaFree(warpClocks_), cudaFree(order_);
    shadow_ = epochs_ = sharedShadow_ = warpClocks_ = order_ = nullptr;
    shadowBytes_ = epochBytes_ = sharedShadowBytes_ = warpClockBytes_ = orderBytes_ = 0;
}

void AccessChecks::attach(const ModuleGlobals& globals, cudaStream_t stream, const std::string& label) {
    mode_ = 0, stream_ = stream, label_ = label, config_ = nullptr, setter_ = nullptr;
    moduleVariables_.clear();
    sharedShapes_.clear();
    std::size_t bytes = 0;
    void* mode = globals.find("racelabAccessMode");
    if (!mode) return;  // a plain build
    unsigned value = 0;
    checkCuda(cudaMemcpy(&value, mode, sizeof value, cudaMemcpyDeviceToHost), "reading the access checks' mode");
    config_ = globals.find("racelabAccessConfig", &bytes);
    if (!config_ || bytes != sizeof(RacelabAccessConfig))
        throw Error(label + ": the access checks' configuration is missing or has an unexpected size");
    void* sitesAddress = globals.find(kAccessSitesSymbol, &bytes);
    if (!sitesAddress) throw Error(label + ": the instrumented build has no table of sites");
    std::vector<std::uint8_t> sitesBytes(bytes);
    checkCuda(cudaMemcpy(sitesBytes.data(), sitesAddress, bytes, cudaMemcpyDeviceToHost), "reading the access sites");
    const std::optional<AccessSites> sites = accessSitesFromJson(sitesBytes);
    if (!sites) throw Error(label + ": the instrumented build's table of sites is unreadable");
    warpClocksNeeded_ = sites->partialWarpSyncs > 0;
    orderNeeded_ = sites->ordersBlocks();
    for (const std::string& name : sites->moduleVariables)
        if (void* address = globals.find(name, &bytes)) moduleVariables_.push_back({plainKernelName(name), address, bytes, true});
    prepareMemory();
    mode_ = value;
}

void AccessChecks::attachWholeFile(unsigned mode, bool warpClocks, bool orderBlocks, AccessConfigSetter setter, cudaStream_t stream,
                                   const std::string& label) {
    mode_ = 0, stream_ = stream, label_ = label, config_ = nullptr, setter_ = std::move(setter);
    moduleVariables_.clear();  // its module's variables are its runtime's: their accesses are counted untracked
    sharedShapes_.clear();
    warpClocksNeeded_ = warpClocks, orderNeeded_ = orderBlocks;
    if (!mode || !setter_) return;
    prepareMemory();
    mode_ = mode;
}

void AccessChecks::prepareMemory() {
    if (!report_) checkCuda(cudaMalloc(&report_, sizeof(RacelabAccessReport)), "memory for the access report");
    int device = 0, reserved = 0;
    cudaGetDevice(&device);
    cudaDeviceGetAttribute(&reserved, cudaDevAttrReservedSharedMemoryPerBlock, device);
    sharedBase_ = static_cast<unsigned>(reserved);
    if (!configSlots_) checkCuda(cudaMallocHost(&configSlots_, kConfigSlots * sizeof(RacelabAccessConfig)), "pinned memory for the access checks");
}

void* AccessChecks::grow(void*& memory, std::size_t& have, std::size_t need, const char* what) {
    if (need <= have) return memory;
    checkCuda(setter_ ? cudaDeviceSynchronize() : cudaStreamSynchronize(stream_), "before making the access checks' memory larger");
    cudaFree(memory);
    memory = nullptr, have = 0;
    if (cudaMalloc(&memory, need) != cudaSuccess) {
        cudaGetLastError();
        memory = nullptr;
        throw Error(label_ + ": racelab's " + what + " (" + std::to_string(need >> 20) +
                    " MiB) does not fit in the GPU's free memory; try a smaller frame (--size)");
    }
    have = need;
    return memory;
}

void AccessChecks::beginFrame(const std::vector<CheckedBuffer>& buffers) {
    buffers_ = buffers;
    buffers_.insert(buffers_.end(), moduleVariables_.begin(), moduleVariables_.end());
    // The module's variables lie together in its global segment (a header alone may bring dozens, of a byte
    // each): one range holds every run of them, while reports still name each (buffers_).
    std::vector<CheckedBuffer> ranges = buffers, variables = moduleVariables_;
    std::sort(variables.begin(), variables.end(), [](const CheckedBuffer& x, const CheckedBuffer& y) { return x.begin < y.begin; });
    for (const CheckedBuffer& v : variables) {
        const auto begin = static_cast<const std::uint8_t*>(v.begin);
        const bool joins = !ranges.empty() && ranges.size() > buffers.size() &&
                           begin <= static_cast<const std::uint8_t*>(ranges.back().begin) + ranges.back().bytes + kAlign;
        if (joins) ranges.back().bytes = std::max<std::size_t>(ranges.back().bytes, begin + v.bytes - static_cast<const std::uint8_t*>(ranges.back().begin));
        else {  // from a 16-byte boundary, so that the shadow's words are the memory's words
            const auto start = reinterpret_cast<const std::uint8_t*>(reinterpret_cast<std::uintptr_t>(begin) & ~std::uintptr_t{15});
            ranges.push_back({"the module's variables", start, v.bytes + static_cast<std::size_t>(begin - start), true});
        }
    }
    if (ranges.size() > RACELAB_ACCESS_MAX_RANGES)
        throw Error(label_ + ": more than " + std::to_string(RACELAB_ACCESS_MAX_RANGES) + " buffers to check (racelab's limit)");
    const bool races = mode_ & RACELAB_ACCESS_RACES;
    // Records of every tracked buffer first (cleared before each launch), then their marks (once a frame).
    std::size_t records = 0, marks = 0;
    shadowed_ = 0;
    for (const CheckedBuffer& b : ranges)
        if (races && b.tracked) records += aligned(kRecordBytes * wordsOf(b.bytes)), marks += aligned(4 * wordsOf(b.bytes)), shadowed_ += b.bytes;
    auto* memory = static_cast<std::uint8_t*>(grow(shadow_, shadowBytes_, records + marks, "shadow memory"));
    frameShadow_ = records + marks;
    base_ = RacelabAccessConfig{};
    base_.proceed = 1;
    base_.rangeCount = static_cast<unsigned>(ranges.size());
    std::size_t recordAt = 0, markAt = records;
    outputMarks_.clear();
    for (std::size_t i = 0; i < ranges.size(); ++i) {
        const CheckedBuffer& b = ranges[i];
        RacelabAccessRange& r = base_.ranges[i];
        r.begin = reinterpret_cast<unsigned long long>(b.begin);
        r.end = r.begin + b.bytes;
        if (!(races && b.tracked)) continue;
        r.shadow = reinterpret_cast<unsigned long long*>(memory + recordAt);
        r.marks = reinterpret_cast<unsigned*>(memory + markAt);
        if (b.output >= 0) outputMarks_.push_back({b.output, r.marks, wordsOf(b.bytes)});
        recordAt += aligned(kRecordBytes * wordsOf(b.bytes)), markAt += aligned(4 * wordsOf(b.bytes));
    }
    recordBytes_ = records;
    // The marks once a frame; the records before each launch (beforeLaunch), the first one included.
    if (marks) checkCuda(cudaMemsetAsync(memory + records, 0, marks, stream_), "clearing the shadow's marks");
    checkCuda(cudaMemsetAsync(report_, 0, sizeof(RacelabAccessReport), stream_), "clearing the access report");
    base_.report = report_;
    if (traceBegin_) {
        base_.traceBegin = reinterpret_cast<unsigned long long>(traceBegin_);
        base_.traceEnd = base_.traceBegin + traceBytes_;
    }
    launches_.clear();
    sharedShadowUsed_ = sharedShadowed_ = 0;
    // A whole-file solution launches on streams of its own (the legacy default one, as a rule), which racelab's
    // stream does not order: the clearing above is done before its first launch.
    if (setter_) checkCuda(cudaStreamSynchronize(stream_), "clearing the access checks' memory");
}

// A launch's shared memory in words, and how many of its blocks can be resident at once (each a slot of the
// shared shadow): asked of CUDA once a kernel and shape, not before every repetition.
AccessChecks::SharedShape AccessChecks::sharedShape(const void* function, dim3 block, std::size_t dynamicShared) {
    const int threadsABlock = static_cast<int>(block.x * block.y * block.z);
    const auto key = std::make_tuple(function, threadsABlock, dynamicShared);
    if (const auto found = sharedShapes_.find(key); found != sharedShapes_.end()) return found->second;
    cudaFuncAttributes attributes{};
    checkCuda(cudaFuncGetAttributes(&attributes, function), "reading a kernel's shared memory");
    int perSm = 0, sms = 0, device = 0;
    cudaGetDevice(&device);
    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
    if (cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSm, function, threadsABlock, dynamicShared) != cudaSuccess) cudaGetLastError();
    const SharedShape shape{wordsOf(attributes.sharedSizeBytes + dynamicShared), static_cast<std::size_t>(std::max(1, perSm) * std::max(1, sms))};
    sharedShapes_[key] = shape;
    return shape;
}

RacelabAccessConfig* AccessChecks::nextConfigSlot(cudaStream_t stream) {
    // A slot is reused only once the copy that read it last has run.
    // A whole-file solution's copies may be on any of its streams: the device, then.
    if (nextSlot_ > 0 && nextSlot_ % kConfigSlots == 0)
        checkCuda(setter_ ? cudaDeviceSynchronize() : cudaStreamSynchronize(stream), "waiting for the access checks' settings");
    return configSlots_ + (nextSlot_++ % kConfigSlots);
}

void AccessChecks::setConfig(const RacelabAccessConfig* config, cudaStream_t stream) {
    if (setter_) checkCuda(setter_(config, stream), "setting the access checks in the solution's module");
    else checkCuda(cudaMemcpyAsync(config_, config, sizeof *config, cudaMemcpyHostToDevice, stream), "setting the access checks");
}

void AccessChecks::beforeLaunch(const void* function, const std::string& kernel, dim3 grid, dim3 block, std::size_t dynamicShared) {
    const SharedShape shape = (mode_ & RACELAB_ACCESS_RACES) ? sharedShape(function, block, dynamicShared) : SharedShape{};
    launchOn(kernel, grid, block, shape, stream_);
}

void AccessChecks::beforeLaunch(const HookedLaunch& launch) {
    int sms = 0, device = 0;
    cudaGetDevice(&device);
    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
    const SharedShape shape{wordsOf(launch.staticShared + launch.dynamicShared),
                            static_cast<std::size_t>(std::max(1, launch.blocksPerMultiprocessor) * std::max(1, sms))};
    launchOn(launch.kernel, launch.grid, launch.block, shape, launch.stream);
}

void AccessChecks::beforeUncheckedLaunch(cudaStream_t stream) {
    RacelabAccessConfig* config = nextConfigSlot(stream);
    *config = RacelabAccessConfig{};
    config->proceed = 1;
    config->sharedBase = sharedBase_;
    setConfig(config, stream);
}

void AccessChecks::launchOn(const std::string& kernel, dim3 grid, dim3 block, SharedShape shape, cudaStream_t stream) {
    const unsigned long long threads = 1ull * grid.x * grid.y * grid.z * block.x * block.y * block.z;
    grow(epochs_, epochBytes_, std::max<std::size_t>(4, 4 * threads), "barrier counts");
    checkCuda(cudaMemsetAsync(epochs_, 0, 4 * threads, stream), "clearing the barrier counts");
    RacelabAccessConfig* config = nextConfigSlot(stream);
    *config = base_;
    config->launch = static_cast<unsigned>(launches_.size());
    config->epochs = static_cast<unsigned*>(epochs_);
    config->epochThreads = threads;
    config->sharedBase = sharedBase_;
    if (mode_ & RACELAB_ACCESS_RACES) {
        // A launch boundary orders every access before it: the records start empty.
        if (recordBytes_) checkCuda(cudaMemsetAsync(shadow_, 0, recordBytes_, stream), "clearing the shadow memory");
        const std::size_t words = shape.words, slots = shape.slots;
        if (words) {
            const std::size_t bytes = kRecordBytes * words * slots;
            grow(sharedShadow_, sharedShadowBytes_, bytes, "shadow of shared memory");
            checkCuda(cudaMemsetAsync(sharedShadow_, 0, bytes, stream), "clearing the shadow of shared memory");
            config->sharedShadow = static_cast<unsigned long long*>(sharedShadow_);
            sharedShadowUsed_ = std::max(sharedShadowUsed_, bytes), sharedShadowed_ = std::max(sharedShadowed_, 4 * words * slots);
            config->sharedWords = static_cast<unsigned>(words);
            config->sharedSlots = static_cast<unsigned>(slots);
        }
        setOrdering(*config, threads, 1ull * grid.x * grid.y * grid.z, stream);
    }
    setConfig(config, stream);
    LaunchShape recorded;
    recorded.kernel = kernel;
    recorded.grid[0] = grid.x, recorded.grid[1] = grid.y, recorded.grid[2] = grid.z;
    recorded.block[0] = block.x, recorded.block[1] = block.y, recorded.block[2] = block.z;
    launches_.push_back(recorded);
}

// What orders accesses beyond barriers, where the module needs it: each thread's warp clocks (a partial
// __syncwarp), each thread's and block's releases and acquires (a wide fence). Cleared for every launch: a
// launch boundary orders everything before it.
void AccessChecks::setOrdering(RacelabAccessConfig& config, unsigned long long threads, unsigned long long blocks, cudaStream_t stream) {
    if (warpClocksNeeded_) {
        const std::size_t bytes = 64 * threads;  // 32 counts of 16 bits a thread
        grow(warpClocks_, warpClockBytes_, bytes, "warp syncs' clocks");
        checkCuda(cudaMemsetAsync(warpClocks_, 0, bytes, stream), "clearing the warp syncs' clocks");
        config.warpClocks = static_cast<unsigned short*>(warpClocks_);
    }
    if (orderNeeded_) {
        const std::size_t threadBytes = aligned(sizeof(RacelabThreadOrder) * threads), blockBytes = aligned(8 * blocks);
        const std::size_t bytes = threadBytes + 2 * blockBytes + kAlign;
        auto* memory = static_cast<std::uint8_t*>(grow(order_, orderBytes_, bytes, "fences' and atomics' order"));
        checkCuda(cudaMemsetAsync(memory, 0, bytes, stream), "clearing the fences' and atomics' order");
        config.threadOrder = reinterpret_cast<RacelabThreadOrder*>(memory);
        config.blockRelease = reinterpret_cast<unsigned long long*>(memory + threadBytes);
        config.blockAcquire = reinterpret_cast<unsigned long long*>(memory + threadBytes + blockBytes);
        config.releaseCount = reinterpret_cast<unsigned*>(memory + threadBytes + 2 * blockBytes);
        config.orderBlocks = blocks;
    }
}

// Every output word whose marks say it raced, as runs (the viewer's overlay of racing pixels).
std::vector<RacingWords> AccessChecks::racingWords() const {
    std::vector<RacingWords> all;
    std::vector<unsigned> marks;
    for (const OutputMarks& o : outputMarks_) {
        marks.resize(o.words);
        checkCuda(cudaMemcpy(marks.data(), o.marks, 4 * o.words, cudaMemcpyDeviceToHost), "reading the racing words");
        RacingWords found;
        found.output = o.output;
        for (std::size_t w = 0; w < o.words; ++w) {
            if (!marks[w]) continue;
            if (!found.runs.empty() && found.runs.back().first + found.runs.back().second == w) {
                ++found.runs.back().second;
            } else if (found.runs.size() == kRacingRunsKept) {
                found.truncated = true;
                break;
            } else {
                found.runs.push_back({w, 1});
            }
        }
        if (!found.runs.empty()) all.push_back(std::move(found));
    }
    return all;
}

AccessReport AccessChecks::report() {
    std::vector<std::uint8_t> bytes(sizeof(RacelabAccessReport));
    checkCuda(cudaMemcpy(bytes.data(), report_, bytes.size(), cudaMemcpyDeviceToHost), "reading the access report");
    const auto* r = reinterpret_cast<const RacelabAccessReport*>(bytes.data());
    AccessReport out;
    out.launches = launches_;
    out.racesLookedFor = mode_ & RACELAB_ACCESS_RACES;
    out.racesDropped = r->racesDropped;
    out.strayCount = r->strayCount;
    out.untracked = r->untracked;
    out.tracedCount = r->traceCount;
    for (unsigned i = 0; i < std::min<unsigned>(r->traceCount, RACELAB_ACCESS_TRACE); ++i) {
        const RacelabTraceEvent& e = r->trace[i];
        out.traced.push_back({static_cast<int>(e.site), e.thread, static_cast<int>(e.launch), (e.kind & RACELAB_ACCESS_WRITE) != 0,
                              (e.kind & RACELAB_ACCESS_ATOMIC) != 0,
                              static_cast<long long>(e.address - reinterpret_cast<unsigned long long>(traceBegin_))});
    }
    if ((mode_ & RACELAB_ACCESS_RACES) && collectRacingWords_) out.racingWords = racingWords();
    out.shadowBytes = frameShadow_ + sharedShadowUsed_;
    out.shadowedBytes = shadowed_ + sharedShadowed_;
    auto bufferAt = [&](unsigned long long address, std::string& name, long long& offset) {
        for (const CheckedBuffer& b : buffers_) {
            const auto begin = reinterpret_cast<unsigned long long>(b.begin);
            if (address >= begin && address < begin + b.bytes) {
                name = b.name, offset = static_cast<long long>(address - begin);
                return;
            }
        }
    };
    for (const RacelabRace& race : r->races) {
        if (!race.key) continue;
        AccessRace a;
        a.siteA = static_cast<int>((race.key >> 14) & 0x3fffu), a.siteB = static_cast<int>(race.key & 0x3fffu);
        a.acrossBlocks = (race.key >> 62) & 1u, a.writeWrite = (race.key >> 61) & 1u;
        a.words = race.words, a.events = race.events;
        a.threadA = race.threadA, a.threadB = race.threadB, a.launch = static_cast<int>(race.launch);
        bufferAt(race.exampleAddress, a.buffer, a.offset);
        if (a.buffer.empty()) a.offset = static_cast<long long>(race.exampleAddress);  // shared memory: the offset
        out.races.push_back(a);
    }
    std::sort(out.races.begin(), out.races.end(), [](const AccessRace& x, const AccessRace& y) {
        return x.words != y.words ? x.words > y.words : x.events > y.events;
    });
    for (unsigned i = 0; i < std::min<unsigned>(r->strayCount, RACELAB_ACCESS_STRAYS); ++i) {
        const RacelabStray& s = r->strays[i];
        AccessStray a;
        a.site = static_cast<int>(s.site), a.address = s.address, a.bytes = static_cast<int>(s.bytes);
        a.thread = s.thread, a.launch = static_cast<int>(s.launch), a.misaligned = s.flags & RACELAB_STRAY_MISALIGNED;
        if (s.flags & RACELAB_STRAY_SHARED) {
            a.nearest = "shared memory";
        } else {
            long long best = 0;
            for (const CheckedBuffer& b : buffers_) {
                const auto begin = static_cast<long long>(reinterpret_cast<unsigned long long>(b.begin));
                const auto end = begin + static_cast<long long>(b.bytes), at = static_cast<long long>(s.address);
                const long long distance = at >= end ? at - end : at < begin ? at - begin : 0;
                if (a.nearest.empty() || std::llabs(distance) < std::llabs(best)) a.nearest = b.name, best = distance;
            }
            a.distance = best;
            // Far from everything (a null or made-up pointer): no buffer is "nearest" in a useful sense.
            if (std::llabs(best) > kNearBytes) a.nearest.clear();
        }
        out.strays.push_back(a);
    }
    return out;
}

}  // namespace racelab::userkernel
