#include "scenes/histogram/histogram_scene.hpp"

#include <cstdio>
#include <numeric>
#include <sstream>

#include "core/errors.hpp"
#include "core/grouped_digits.hpp"
#include "core/gpu_timing.hpp"
#include "core/repeat_timing.hpp"
#include "core/stats.hpp"
#include "scenes/histogram/histogram_gpu.hpp"
#include "scenes/histogram/histogram_reference.hpp"
#include "scenes/workload.hpp"

RACELAB_WORKLOAD(histogram);

namespace racelab::histogram {
namespace {

long long sum(const std::vector<std::uint32_t>& bins) {
    return std::accumulate(bins.begin(), bins.end(), 0LL);
}

}  // namespace

const std::vector<VariantInfo>& HistogramScene::variants() const { return racelabWorkload_histogram().variants; }

HistogramScene::HistogramScene(const std::string& preset, const SceneOptions& options)
    : Scene(racelabWorkload_histogram().parameters), preset_(preset), count_(kDefaultInputs), backend_(options.backend) {
    if (preset != "random" && preset != "skewed" && preset != "image")
        throw UsageError("unknown histogram scene '" + preset + "'");
    if (preset == "image") {
        imagePath_ = options.input("image");
        if (imagePath_.empty()) throw MissingInputError("histogram/image needs --image FILE (a PNG or JPEG)");
    } else if (options.count != 0) {
        if (options.count < 1 || options.count > kMaxInputs)
            throw UsageError("histogram inputs (--count) must be 1.." + std::to_string(kMaxInputs));
        count_ = options.count;
    }
    parameters_.at("seed").number = options.seed;
    regenerate();
}

HistogramScene::~HistogramScene() = default;

void HistogramScene::regenerate() {
    bins_ = parameters_.at("bins").asInt();
    const auto seed = static_cast<std::uint32_t>(parameters_.at("seed").asInt());
    if (preset_ == "image")
        inputs_ = imageInputs(imagePath_, bins_);
    else
        inputs_ = generateInputs(preset_ == "skewed" ? Distribution::Skewed : Distribution::MultiPeak, seed, count_, bins_);
    referenceBins_ = countReference(inputs_, bins_);
    largestReference_ = largestCount(referenceBins_);  // the bars' scale, drawn every frame
    onDevice_.markStale();
    lastLost_.reset();
}

void HistogramScene::ensureDeviceInputs(cudaStream_t stream) {
    if (!gpu_) gpu_ = makeGpuHalf<HistogramGpu>("histogram");  // throws in a build without CUDA
    onDevice_.ensure([&] {
        if (preset_ == "image") {
            gpu_->upload(inputs_, bins_, stream);
        } else {
            // The GPU makes its own inputs from the same hash: the test that its bins equal the reference's
            // checks both generators as well as the counting.
            gpu_->generate(preset_ == "skewed" ? Distribution::Skewed : Distribution::MultiPeak,
                           static_cast<std::uint32_t>(parameters_.at("seed").asInt()), count_, bins_, stream);
        }
        gpu_->uploadReference(referenceBins_, stream);
    });
}

void HistogramScene::render(const FrameTarget& target, int variant) {
    ensureDeviceInputs(target.stream);
    gpu_->count(static_cast<Counting>(variant), target.stream);
    gpu_->draw(target, largestReference_);
    rendered_ = true;
}

// Both halves of every slot show the reference: a correct GPU frame equals this pixel for pixel.
void HistogramScene::renderReference(HostImage& image, bool parallel) { drawChart(referenceBins_, referenceBins_, image, parallel); }

std::optional<ExactRaceCount> HistogramScene::exactRaceCount(cudaStream_t stream) {
    if (!gpu_ || !rendered_ || backend_ != Backend::Cuda) return std::nullopt;
    const long long inputs = static_cast<long long>(inputs_.size());
    // Every input lands in exactly one bin, so whatever the bins are short of was lost.
    lastLost_ = inputs - sum(gpu_->downloadBins(stream));
    return ExactRaceCount{"lost updates", *lastLost_, inputs};
}

std::vector<std::uint32_t> HistogramScene::deviceInputs(cudaStream_t stream) {
    ensureDeviceInputs(stream);
    return gpu_->downloadInputs(stream);
}

std::vector<std::uint32_t> HistogramScene::deviceBins(cudaStream_t stream) {
    ensureDeviceInputs(stream);
    return gpu_->downloadBins(stream);
}

CheckRule HistogramScene::checkRule() const {
    return {0.f, 0, "histogram rule: the bars equal the CPU reference's exactly (every channel of every pixel)"};
}

std::string HistogramScene::statsLine() const {
    std::ostringstream line;
    line << groupedDigits(static_cast<long long>(inputs_.size())) << " inputs into " << bins_ << " bins";
    if (lastLost_) {
        char share[32];
        std::snprintf(share, sizeof share, " (%.2f %%)", 100.0 * static_cast<double>(*lastLost_) / static_cast<double>(inputs_.size()));
        line << "; last frame lost " << groupedDigits(*lastLost_) << " updates" << share;
    }
    return line.str();
}

RatioSide HistogramScene::benchGpuSide(int variant) const {
    static const char* const what[] = {"GPU good (per-block bins in shared memory, one global atomic per bin and block)",
                                       "GPU bad (racy += on global bins: updates lost)",
                                       "GPU warp (warp-aggregated global atomics, __match_any_sync)"};
    return {what[variant], "zeroing the bins + counting + drawing the bars; inputs made beforehand", 0};
}

// The CPU counts the same inputs again (per-thread private bins, merged) and draws the same chart. Like for
// like with good, which privatises per block; warp and bad count another way (and bad does not count right).
std::vector<BenchReference> HistogramScene::benchReferences(int variant) {
    return {{"CPU per-thread private bins", "counting the same inputs + drawing the bars; inputs made beforehand",
             variant == 0 ? Likeness::LikeForLike : Likeness::AlgorithmAndHardware,
             [this](HostImage& image, bool parallel) {
                 drawChart(countReference(inputs_, bins_, parallel), referenceBins_, image, parallel);
             },
             true}};
}

std::vector<std::string> HistogramScene::benchNotes(const BenchFacts& facts, cudaStream_t stream) {
    std::vector<std::string> notes;
    char line[256];
    const double inputs = static_cast<double>(inputs_.size());
    if (backend_ == Backend::Cuda) {
        ensureDeviceInputs(stream);
        const auto& family = racelabWorkload_histogram().variants;
        for (std::size_t v = 0; v < family.size(); ++v) {
            const Summary s = timeRepeated(20, 3, [] {}, [&] {
                GpuTimer timer(stream);
                timer.start();
                gpu_->count(static_cast<Counting>(v), stream);
                timer.stop();
                return timer.elapsedMs();  // the GPU's own time of the memset and the counting kernel
            });
            std::snprintf(line, sizeof line, "count only, %s: %.4f ms (median of %zu) -> %.1f G inputs/s", family[v].name.c_str(),
                          s.p50, s.count, inputs / (s.p50 * 1e6));
            notes.push_back(line);
        }
    }
    if (facts.cpu) {
        const Summary s = timeRepeated(5, [&] { countReference(inputs_, bins_, true); });
        std::snprintf(line, sizeof line, "count only, CPU per-thread private bins (OpenMP): %.3f ms -> %.2f G inputs/s", s.p50,
                      inputs / (s.p50 * 1e6));
        notes.push_back(line);
    }
    return notes;
}

}  // namespace racelab::histogram
