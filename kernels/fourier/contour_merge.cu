// Contour preprocessing on the GPU, merging close contours (contour_preprocess_gpu.cuh):
//   merge             tiled all-pairs distances through shared memory, skipping tile pairs whose bounding
//                     boxes are apart, give the pairs of close contours; the host joins them into groups
//                     (union-find over a few hundred pairs, contour_merge_plan.cu) and the splices run on the
//                     device, one batched round per group position, all rounds launched back to back.
// Distances are contour.hpp's, shared with the CPU and unfused on the GPU, so every comparison rounds alike;
// a splice enters the piece at the CPU's point (smallest distance, first target point, first piece point).
#include <cfloat>
#include <climits>

#include "common/launch.cuh"
#include "fourier/contour_merge_plan.cuh"
#include "fourier/contour_preprocess_shared.cuh"

namespace racelab::fourier {
using namespace contour_gpu;
namespace {

constexpr int kTile = 128;         // points per tile of the all-pairs merge test
constexpr int kTilesPerBlock = 8;  // tiles J each block of the merge test visits

__global__ void tileBoxes(const Point* points, int n, Box* boxes, int tiles) {
    const int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= tiles) return;
    const int begin = t * kTile, end = min(n, begin + kTile);
    Box b{points[begin].x, points[begin].y, points[begin].x, points[begin].y};
    for (int i = begin + 1; i < end; ++i)
        b = {fminf(b.x0, points[i].x), fminf(b.y0, points[i].y), fmaxf(b.x1, points[i].x), fmaxf(b.y1, points[i].y)};
    boxes[t] = b;
}

// Block (I, g) tests tile I against tiles J = I + g*kTilesPerBlock ... (J >= I), each J staged in shared
// memory; every pair of points of different contours nearer than `limit` sets the bit of its contour pair.
__global__ void __launch_bounds__(kTile) closeContourPairs(const Point* points, const int* contourOf, int n,
                                                           const Box* boxes, int tiles, float limit, int contours,
                                                           unsigned* pairBits) {
    __shared__ Point tilePoints[kTile];
    __shared__ int tileContours[kTile];
    const int I = blockIdx.x;
    const int firstJ = I + blockIdx.y * kTilesPerBlock;
    if (firstJ >= tiles) return;
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
            const std::size_t bit = static_cast<std::size_t>(min(myContour, other)) * contours + max(myContour, other);
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
__global__ void copyToDestinations(const Point* points, const int* contourOf, const int* offsets, int n,
                                   const int* dest, Point* out) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const int c = contourOf[i];
    if (dest[c] >= 0) out[dest[c] + i - offsets[c]] = points[i];
}

// Per job: the smallest (distance, target position) over all target x piece pairs.
__global__ void closestTargetPoint(const Point* out, const Point* points, const SpliceJob* jobs,
                                   unsigned long long* keys) {
    __shared__ Point piece[kThreads];
    const SpliceJob job = jobs[blockIdx.y];
    const int t = blockIdx.x * kThreads + threadIdx.x;
    if (blockIdx.x * kThreads >= job.targetLength) return;  // whole block past this job's target
    const Point mine = t < job.targetLength ? out[job.targetStart + t] : Point{0.f, 0.f};
    float best = FLT_MAX;
    for (int base = 0; base < job.pieceLength; base += kThreads) {
        __syncthreads();
        if (base + threadIdx.x < job.pieceLength) piece[threadIdx.x] = points[job.pieceStart + base + threadIdx.x];
        __syncthreads();
        const int count = min(kThreads, job.pieceLength - base);
        for (int k = 0; k < count; ++k) best = fminf(best, squaredDistance(mine, piece[k]));
    }
    if (t < job.targetLength) atomicMin(&keys[blockIdx.y], distanceKey(best, static_cast<unsigned>(t)));
}

// Per job: the first piece point at that smallest distance from the chosen target point.
__global__ void closestPiecePoint(const Point* out, const Point* points, const SpliceJob* jobs,
                                  const unsigned long long* keys, int* pieceEntry) {
    __shared__ int first;
    const SpliceJob job = jobs[blockIdx.x];
    const unsigned long long key = keys[blockIdx.x];
    const Point target = out[job.targetStart + static_cast<int>(key & 0xffffffffu)];
    const float d2 = __uint_as_float(static_cast<unsigned>(key >> 32));
    if (threadIdx.x == 0) first = INT_MAX;
    __syncthreads();
    for (int j = threadIdx.x; j < job.pieceLength; j += blockDim.x)
        if (squaredDistance(target, points[job.pieceStart + j]) == d2) {
            atomicMin(&first, j);
            break;
        }
    __syncthreads();
    if (threadIdx.x == 0) pieceEntry[blockIdx.x] = first;
}

// target[0..a], piece[b..], piece[..b-1], piece[b], target[a+1..] into the job's scratch space.
__global__ void spliceToScratch(const Point* out, const Point* points, const SpliceJob* jobs,
                                const unsigned long long* keys, const int* pieceEntry, Point* scratch) {
    const SpliceJob job = jobs[blockIdx.y];
    const int k = blockIdx.x * kThreads + threadIdx.x;
    const int length = job.targetLength + job.pieceLength + 1;
    if (k >= length) return;
    const int a = static_cast<int>(keys[blockIdx.y] & 0xffffffffu), b = pieceEntry[blockIdx.y];
    Point p;
    if (k <= a) p = out[job.targetStart + k];
    else if (k <= a + job.pieceLength + 1) p = points[job.pieceStart + (b + k - a - 1) % job.pieceLength];
    else p = out[job.targetStart + k - job.pieceLength - 1];
    scratch[job.scratchStart + k] = p;
}

__global__ void scratchBack(const Point* scratch, const SpliceJob* jobs, Point* out) {
    const SpliceJob job = jobs[blockIdx.y];
    const int k = blockIdx.x * kThreads + threadIdx.x;
    if (k < job.targetLength + job.pieceLength + 1) out[job.targetStart + k] = scratch[job.scratchStart + k];
}

}  // namespace

void ContourPreprocessorGpuCuda::mergeClose(float distance) {
    Impl& m = *impl_;
    const int contours = m.contours();
    if (contours < 2) return;
    m.requireContourLimit("merge");
    const float limit = distance * distance;
    // 1. which contour pairs come closer than the limit
    const int tiles = (m.n + kTile - 1) / kTile;
    DeviceBuffer<Box> boxes(tiles, "merge tile boxes");
    launchKernel("contours: merge tile boxes", tileBoxes, blocksFor(tiles, kThreads), kThreads, 0, m.stream,
                 m.points.data(), m.n, boxes.data(), tiles);
    const std::size_t words = (static_cast<std::size_t>(contours) * contours + 31) / 32;
    DeviceBuffer<unsigned> pairBits(words, "merge contour-pair bits");
    CUDA_CHECK(cudaMemsetAsync(pairBits.data(), 0, words * sizeof(unsigned), m.stream));
    dim3 grid(tiles, (tiles + kTilesPerBlock - 1) / kTilesPerBlock);
    launchKernel("contours: close pairs", closeContourPairs, grid, kTile, 0, m.stream, m.points.data(),
                 m.contourOf.data(), m.n, boxes.data(), tiles, limit, contours, pairBits.data());
    DeviceBuffer<PairWord> list(words, "merge pair list");
    DeviceBuffer<unsigned> listed(1, "merge pair count");
    CUDA_CHECK(cudaMemsetAsync(listed.data(), 0, sizeof(unsigned), m.stream));
    launchKernel("contours: list pair words", listSetWords, blocksFor(words, kThreads), kThreads, 0, m.stream,
                 pairBits.data(), words, list.data(), listed.data());
    const unsigned pairWords = downloadNow(listed.data(), 1, m.stream)[0];
    if (pairWords == 0) return;
    const std::vector<PairWord> set = downloadNow(list.data(), pairWords, m.stream);

    // 2. groups, and the splice rounds that build them, planned on the host
    const MergePlan plan = planMerge(set, contours, m.offsets);
    const int outPoints = plan.outOffsets.back();
    DeviceBuffer<Point> out(outPoints, "merged contour points"), scratch(outPoints, "merge scratch");
    DeviceBuffer<int> deviceDestination;
    uploadAsync(deviceDestination, plan.destination, m.stream, "merge destinations");
    launchKernel("contours: copy to destinations", copyToDestinations, blocksFor(m.n, kThreads), kThreads, 0, m.stream,
                 m.points.data(), m.contourOf.data(), m.deviceOffsets.data(), m.n, deviceDestination.data(), out.data());

    // 3. splice rounds: all uploaded once and launched back to back, no waits in between.
    DeviceBuffer<SpliceJob> deviceJobs;
    uploadAsync(deviceJobs, plan.jobs, m.stream, "merge splice jobs");
    DeviceBuffer<unsigned long long> keys(plan.jobs.size(), "merge keys");
    DeviceBuffer<int> pieceEntry(plan.jobs.size(), "merge entries");
    CUDA_CHECK(cudaMemsetAsync(keys.data(), 0xff, keys.bytes(), m.stream));
    for (const SpliceRound& r : plan.rounds) {
        const SpliceJob* roundJobs = deviceJobs.data() + r.firstJob;
        unsigned long long* roundKeys = keys.data() + r.firstJob;
        int* roundEntries = pieceEntry.data() + r.firstJob;
        launchKernel("contours: closest target point", closestTargetPoint,
                     dim3(blocksFor(r.longestTarget, kThreads), r.jobs), kThreads, 0, m.stream, out.data(),
                     m.points.data(), roundJobs, roundKeys);
        launchKernel("contours: closest piece point", closestPiecePoint, r.jobs, kThreads, 0, m.stream, out.data(),
                     m.points.data(), roundJobs, roundKeys, roundEntries);
        const dim3 spliceGrid(blocksFor(r.longestResult, kThreads), r.jobs);
        launchKernel("contours: splice to scratch", spliceToScratch, spliceGrid, kThreads, 0, m.stream, out.data(),
                     m.points.data(), roundJobs, roundKeys, roundEntries, scratch.data());
        launchKernel("contours: scratch back", scratchBack, spliceGrid, kThreads, 0, m.stream, scratch.data(), roundJobs,
                     out.data());
    }
    m.n = outPoints;
    std::swap(m.points, out);
    m.takeOffsets(plan.outOffsets);
}

}  // namespace racelab::fourier
