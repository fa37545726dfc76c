// Contour preprocessing on the GPU, merging close contours (contour_preprocess_gpu.cuh):
//   merge             tiled all-pairs distances through shared memory, skipping tile pairs whose bounding
//                     boxes are apart, give the pairs of close contours; one read-back brings them with the
//                     counts and offsets, the host joins them into groups (union-find over a few hundred
//                     pairs, contour_merge_plan.cu) and plans every splice, one upload sends the plan, and
//                     the splices run on the device: one launch per group position, launched back to back.
//                     In a launch, the blocks of a splice find the closest target point together; the last of
//                     them to finish enters the piece (CUDA's threadfence-reduction pattern), so a round is
//                     one launch, not four.
// Distances are contour.hpp's, shared with the CPU and unfused on the GPU, so every comparison rounds alike;
// a splice enters the piece at the CPU's point (smallest distance, first target point, first piece point).
#include <algorithm>
#include <cfloat>
#include <climits>
#include <cstring>

#include "common/launch.cuh"
#include "fourier/contour_merge_plan.cuh"
#include "fourier/contour_preprocess_shared.cuh"

namespace racelab::fourier {
using namespace contour_gpu;
namespace {

constexpr int kTile = 128;               // points per tile of the all-pairs merge test
constexpr int kTilesPerBlock = 8;        // tiles J each block of the merge test visits
constexpr unsigned kFirstWords = 8192;   // pair words read back with the counts; more take a second read-back
static_assert(sizeof(SpliceJob) == 5 * sizeof(int), "splice jobs travel in the plan's int upload");

__global__ void tileBoxes(const Point* points, const int* counts, Box* boxes) {
    const int n = counts[0], t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t * kTile >= n) return;
    const int begin = t * kTile, end = min(n, begin + kTile);
    Box b{points[begin].x, points[begin].y, points[begin].x, points[begin].y};
    for (int i = begin + 1; i < end; ++i)
        b = {fminf(b.x0, points[i].x), fminf(b.y0, points[i].y), fmaxf(b.x1, points[i].x), fmaxf(b.y1, points[i].y)};
    boxes[t] = b;
}

// Block (I, g) tests tile I against tiles J = I + g*kTilesPerBlock ... (J >= I), each J staged in shared
// memory; every pair of points of different contours nearer than `limit` sets the bit of its contour pair.
__global__ void __launch_bounds__(kTile) closeContourPairs(const Point* points, const int* contourOf, const int* counts,
                                                           const Box* boxes, float limit, int stride,
                                                           unsigned* pairBits) {
    __shared__ Point tilePoints[kTile];
    __shared__ int tileContours[kTile];
    const int n = counts[0], tiles = (n + kTile - 1) / kTile;
    const int I = blockIdx.x;
    const int firstJ = I + blockIdx.y * kTilesPerBlock;
    if (I >= tiles || firstJ >= tiles) return;  // the same for the whole block
    const int i = I * kTile + threadIdx.x;
    const Point mine = i < n ? points[i] : Point{0.f, 0.f};
    const int myContour = i < n ? contourOf[i] : -1;
    const Box myBox = boxes[I];
    for (int J = firstJ; J < min(tiles, firstJ + kTilesPerBlock); ++J) {
        if (boxDistanceSquared(myBox, boxes[J]) >= limit) continue;  // the same for the whole block
        __syncthreads();
        const int j = J * kTile + threadIdx.x;
        tilePoints[threadIdx.x] = j < n ? points[j] : Point{0.f, 0.f};
        tileContours[threadIdx.x] = j < n ? contourOf[j] : -1;
        __syncthreads();
        if (myContour < 0) continue;
        for (int k = 0; k < kTile; ++k) {
            const int other = tileContours[k];
            if (other < 0 || other == myContour || squaredDistance(mine, tilePoints[k]) >= limit) continue;
            const std::size_t bit = static_cast<std::size_t>(min(myContour, other)) * stride + max(myContour, other);
            const unsigned mask = 1u << (bit & 31);
            if (!(pairBits[bit >> 5] & mask)) atomicOr(&pairBits[bit >> 5], mask);
        }
    }
}

__global__ void listSetWords(const unsigned* words, std::size_t count, PairWord* list, unsigned* listed) {
    const std::size_t w = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
    if (w >= count || words[w] == 0) return;
    list[atomicAdd(listed, 1u)] = {static_cast<unsigned>(w), words[w]};
}

// Copies every point of a contour that has a destination (dest[c] >= 0) to dest[c] + its index in the contour.
__global__ void copyToDestinations(const Point* points, const int* contourOf, const int* offsets, const int* counts,
                                   const int* dest, Point* out) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= counts[0]) return;
    const int c = contourOf[i];
    if (dest[c] >= 0) out[dest[c] + i - offsets[c]] = points[i];
}

// One splice round, grid (blocks over the longest target, jobs). The blocks of job y find the smallest
// (distance, target position) over their target points x all piece points; the last block of the job to
// finish then finds the first piece point at that distance from the chosen target point and splices:
// target[0..a], piece[b..], piece[..b-1], piece[b], target[a+1..], through the job's scratch space.
__global__ void spliceRound(Point* out, const Point* points, const SpliceJob* jobs, unsigned long long* keys,
                            unsigned* arrived, Point* scratch) {
    __shared__ Point piece[kThreads];
    __shared__ bool last;
    __shared__ int firstPiecePoint;
    const SpliceJob job = jobs[blockIdx.y];
    if (static_cast<int>(blockIdx.x) * kThreads < job.targetLength) {  // the same for the whole block
        const int t = blockIdx.x * kThreads + threadIdx.x;
        const Point mine = t < job.targetLength ? out[job.targetStart + t] : Point{0.f, 0.f};
        float best = FLT_MAX;
        for (int base = 0; base < job.pieceLength; base += kThreads) {
            __syncthreads();
            if (base + static_cast<int>(threadIdx.x) < job.pieceLength)
                piece[threadIdx.x] = points[job.pieceStart + base + threadIdx.x];
            __syncthreads();
            const int count = min(kThreads, job.pieceLength - base);
            for (int k = 0; k < count; ++k) best = fminf(best, squaredDistance(mine, piece[k]));
        }
        if (t < job.targetLength) atomicMin(&keys[blockIdx.y], distanceKey(best, static_cast<unsigned>(t)));
    }
    __threadfence();  // this block's atomicMin is seen before its arrival is
    __syncthreads();
    if (threadIdx.x == 0) last = atomicAdd(&arrived[blockIdx.y], 1u) == gridDim.x - 1;
    __syncthreads();
    if (!last) return;
    __threadfence();
    const unsigned long long key = atomicAdd(&keys[blockIdx.y], 0ull);  // the final minimum, read coherently
    const int a = static_cast<int>(key & 0xffffffffu);
    const float d2 = __uint_as_float(static_cast<unsigned>(key >> 32));
    const Point target = out[job.targetStart + a];
    if (threadIdx.x == 0) firstPiecePoint = INT_MAX;
    __syncthreads();
    for (int j = threadIdx.x; j < job.pieceLength; j += blockDim.x)
        if (squaredDistance(target, points[job.pieceStart + j]) == d2) {
            atomicMin(&firstPiecePoint, j);
            break;
        }
    __syncthreads();
    const int b = firstPiecePoint, length = job.targetLength + job.pieceLength + 1;
    for (int k = threadIdx.x; k < length; k += blockDim.x) {
        Point p;
        if (k <= a) p = out[job.targetStart + k];
        else if (k <= a + job.pieceLength + 1) p = points[job.pieceStart + (b + k - a - 1) % job.pieceLength];
        else p = out[job.targetStart + k - job.pieceLength - 1];
        scratch[job.scratchStart + k] = p;
    }
    __syncthreads();  // the block's global writes are seen by the whole block after the barrier
    for (int k = threadIdx.x; k < length; k += blockDim.x) out[job.targetStart + k] = scratch[job.scratchStart + k];
}

}  // namespace

void ContourPreprocessorGpuCuda::mergeClose(float distance) {
    Impl& m = *impl_;
    if (m.contourCap < 2 || m.pointCap == 0) return;
    m.requireContourLimit("merge");
    const float limit = distance * distance;
    const int stride = m.contourCap;
    // 1. which contour pairs come closer than the limit
    const int tiles = (m.pointCap + kTile - 1) / kTile;
    m.boxes.reserve(tiles, "merge tile boxes");
    launchKernel("contours: merge tile boxes", tileBoxes, blocksFor(tiles, kThreads), kThreads, 0, m.stream,
                 m.points.data(), m.counts.data(), m.boxes.data());
    const std::size_t words = (static_cast<std::size_t>(stride) * stride + 31) / 32;
    m.pairBits.reserve(words, "merge contour-pair bits");
    m.pairList.reserve(words, "merge pair list");
    m.listed.reserve(1, "merge pair count");
    // The read-back below copies the first pair words whatever their count: cleared, the words past the count
    // are zeros rather than memory never written (compute-sanitizer initcheck).
    const std::size_t firstWords = std::min<std::size_t>(words, kFirstWords);
    namedGpuStep("contours: clear pair bits", m.stream, [&] {
        CUDA_CHECK(cudaMemsetAsync(m.pairBits.data(), 0, words * sizeof(unsigned), m.stream));
        CUDA_CHECK(cudaMemsetAsync(m.listed.data(), 0, sizeof(unsigned), m.stream));
        CUDA_CHECK(cudaMemsetAsync(m.pairList.data(), 0, firstWords * sizeof(PairWord), m.stream));
    });
    const dim3 grid(tiles, (tiles + kTilesPerBlock - 1) / kTilesPerBlock);
    launchKernel("contours: close pairs", closeContourPairs, grid, kTile, 0, m.stream, m.points.data(),
                 m.contourOf.data(), m.counts.data(), m.boxes.data(), limit, stride, m.pairBits.data());
    launchKernel("contours: list pair words", listSetWords, blocksFor(words, kThreads), kThreads, 0, m.stream,
                 m.pairBits.data(), words, m.pairList.data(), m.listed.data());

    // 2. one read-back: counts, pair count, offsets and the first pair words (all there is, as a rule)
    const std::size_t headerInts = 4 + static_cast<std::size_t>(stride) + 1;  // counts, listed, pad, offsets
    const std::size_t headerBytes = (headerInts * sizeof(int) + 15) / 16 * 16;
    auto* area = static_cast<char*>(m.downloadArea.reserve(headerBytes + firstWords * sizeof(PairWord), m.stream));
    auto* header = reinterpret_cast<int*>(area);
    auto* firstList = reinterpret_cast<PairWord*>(area + headerBytes);
    endFrameCapture(m.stream);
    CUDA_CHECK(cudaMemcpyAsync(header, m.counts.data(), 2 * sizeof(int), cudaMemcpyDeviceToHost, m.stream));
    CUDA_CHECK(cudaMemcpyAsync(header + 2, m.listed.data(), sizeof(unsigned), cudaMemcpyDeviceToHost, m.stream));
    CUDA_CHECK(cudaMemcpyAsync(header + 4, m.offsets.data(), (static_cast<std::size_t>(stride) + 1) * sizeof(int),
                               cudaMemcpyDeviceToHost, m.stream));
    CUDA_CHECK(cudaMemcpyAsync(firstList, m.pairList.data(), firstWords * sizeof(PairWord), cudaMemcpyDeviceToHost,
                               m.stream));
    m.downloadArea.copied(m.stream);
    waitForStream(m.stream);
    const int points = header[0], contours = header[1];
    const unsigned pairWords = static_cast<unsigned>(header[2]);
    m.pointCap = points, m.contourCap = contours;  // exact, now that the host has them
    if (pairWords == 0) return;
    const std::vector<int> offsets(header + 4, header + 4 + contours + 1);
    std::vector<PairWord> set(firstList, firstList + std::min<std::size_t>(pairWords, firstWords));
    if (pairWords > firstWords) {
        const std::vector<PairWord> rest = downloadNow(m.pairList.data() + firstWords, pairWords - firstWords, m.stream);
        set.insert(set.end(), rest.begin(), rest.end());
    }

    // 3. groups, and the splice rounds that build them, planned on the host and sent in one upload
    const MergePlan plan = planMerge(set, contours, stride, offsets);
    const int groups = static_cast<int>(plan.outOffsets.size()) - 1, outPoints = plan.outOffsets.back();
    const std::size_t destinationAt = 0, offsetsAt = contours, countsAt = offsetsAt + groups + 1,
                      jobsAt = countsAt + 2, planInts = jobsAt + plan.jobs.size() * 5;
    auto* package = static_cast<int*>(m.planArea.reserve(planInts * sizeof(int), m.stream));
    std::memcpy(package + destinationAt, plan.destination.data(), contours * sizeof(int));
    std::memcpy(package + offsetsAt, plan.outOffsets.data(), (groups + 1) * sizeof(int));
    package[countsAt] = outPoints, package[countsAt + 1] = groups;
    if (!plan.jobs.empty()) std::memcpy(package + jobsAt, plan.jobs.data(), plan.jobs.size() * sizeof(SpliceJob));
    m.planInts.reserve(planInts, "merge plan");
    copyToDevice(m.planInts.data(), package, planInts * sizeof(int), m.stream);
    m.planArea.copied(m.stream);
    const int* deviceDestination = m.planInts.data() + destinationAt;
    const auto* deviceJobs = reinterpret_cast<const SpliceJob*>(m.planInts.data() + jobsAt);

    m.pointsAlt.reserve(outPoints, "merged contour points");
    m.mergeScratch.reserve(outPoints, "merge scratch");
    launchKernel("contours: copy to destinations", copyToDestinations, blocksFor(points, kThreads), kThreads, 0,
                 m.stream, m.points.data(), m.contourOf.data(), m.offsets.data(), m.counts.data(), deviceDestination,
                 m.pointsAlt.data());

    // 4. splice rounds, launched back to back, no waits in between.
    const std::size_t jobs = plan.jobs.size();
    m.keys.reserve(std::max<std::size_t>(jobs, 1), "merge keys");
    m.arrived.reserve(std::max<std::size_t>(jobs, 1), "merge arrivals");
    namedGpuStep("contours: clear splice keys", m.stream, [&] {
        CUDA_CHECK(cudaMemsetAsync(m.keys.data(), 0xff, jobs * sizeof(unsigned long long), m.stream));
        CUDA_CHECK(cudaMemsetAsync(m.arrived.data(), 0, jobs * sizeof(unsigned), m.stream));
    });
    for (const SpliceRound& r : plan.rounds)
        launchKernel("contours: splice round", spliceRound, dim3(blocksFor(std::max(r.longestTarget, 1), kThreads), r.jobs),
                     kThreads, 0, m.stream, m.pointsAlt.data(), m.points.data(), deviceJobs + r.firstJob,
                     m.keys.data() + r.firstJob, m.arrived.data() + r.firstJob, m.mergeScratch.data());

    // 5. the merged contours become the current ones
    std::swap(m.points, m.pointsAlt);
    m.offsetsAlt.reserve(static_cast<std::size_t>(groups) + 1, "contour offsets");
    m.countsAlt.reserve(2, "contour counts");
    namedGpuStep("contours: merged offsets", m.stream, [&] {
        CUDA_CHECK(cudaMemcpyAsync(m.offsetsAlt.data(), m.planInts.data() + offsetsAt, (groups + 1) * sizeof(int),
                                   cudaMemcpyDeviceToDevice, m.stream));
        CUDA_CHECK(cudaMemcpyAsync(m.countsAlt.data(), m.planInts.data() + countsAt, 2 * sizeof(int),
                                   cudaMemcpyDeviceToDevice, m.stream));
    });
    std::swap(m.offsets, m.offsetsAlt);
    std::swap(m.counts, m.countsAlt);
    m.pointCap = outPoints, m.contourCap = groups, m.longestCap = 0;
    for (int g = 0; g < groups; ++g) m.longestCap = std::max(m.longestCap, plan.outOffsets[g + 1] - plan.outOffsets[g]);
    m.labelContours();
}

}  // namespace racelab::fourier
