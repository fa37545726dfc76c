// The contour preprocessing on the GPU. Contours live flattened: points[], contourOf[] (the contour of each
// point, non-decreasing) and offsets[] (where each contour starts, plus the total at the end).
//   brush, min size   flag each point, CUB DeviceSelect::Flagged, relabel (head flags + CUB scan)
//   duplicates        the CPU keeps a point when it is far enough from the last *kept* point, a sequential
//                     chain. Each point's successor on that chain (the first later point far enough) is
//                     found in parallel; the chain from each contour's first point is then walked by
//                     pointer jumping (log2(length) doubling passes), so the result equals the CPU's exactly.
//   merge             tiled all-pairs distances through shared memory, skipping tile pairs whose bounding
//                     boxes are apart, give the pairs of close contours; the host joins them into groups
//                     (union-find over a few hundred pairs) and the splices run on the device, one batched
//                     round per group position, all rounds launched back to back.
//   order             one block walks the greedy order: each step bounds the answer by the distance to every
//                     unused contour's first point, keeps the contours whose box is within that bound, and
//                     reduces (distance, point index) over their points, the CPU's tie-break.
// Distances are contour.hpp's, shared with the CPU and unfused on the GPU, so every comparison rounds alike.
#include "contour_preprocess.cuh"

#include <algorithm>
#include <cfloat>
#include <climits>
#include <cub/block/block_reduce.cuh>
#include <cub/device/device_scan.cuh>
#include <cub/device/device_select.cuh>
#include <numeric>

#include "common/launch.cuh"
#include "core/device_buffer.hpp"
#include "core/errors.hpp"

namespace racelab::fourier {
namespace {

constexpr int kNone = INT_MAX;
constexpr int kThreads = 256;
constexpr int kTile = 128;            // points per tile of the all-pairs merge test
constexpr int kTilesPerBlock = 8;     // tiles J each block of the merge test visits
constexpr int kOrderThreads = 1024;
constexpr int kMaxCandidates = 2048;  // contours near enough to be searched point by point in one order step
constexpr int kMaxContours = 65536;   // the order step's used-set lives in shared memory as bits

// Squared distances are non-negative, so their bit patterns order like the floats; the low half breaks ties.
__device__ __forceinline__ unsigned long long distanceKey(float d2, unsigned low) {
    return (static_cast<unsigned long long>(__float_as_uint(d2)) << 32) | low;
}

struct MinKey {
    __device__ unsigned long long operator()(unsigned long long a, unsigned long long b) const { return a < b ? a : b; }
};

__global__ void brushFlags(const Point* points, int n, const BrushStroke* strokes, int strokeCount,
                           unsigned char* keep) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    bool brushed = false;
    for (int s = 0; s < strokeCount; ++s) {
        const BrushStroke b = strokes[s];
        brushed |= squaredDistance(points[i], Point{b.x, b.y}) <= b.radius * b.radius;
    }
    keep[i] = !brushed;
}

__global__ void sizeFlags(const int* contourOf, const int* offsets, int n, int minSize, unsigned char* keep) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const int c = contourOf[i];
    keep[i] = offsets[c + 1] - offsets[c] >= minSize;
}

__global__ void headFlags(const int* contourOf, int n, int* heads) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) heads[i] = i == 0 || contourOf[i] != contourOf[i - 1];
}

// From the inclusive scan of the head flags: dense contour numbers and where each contour starts.
__global__ void finishRelabel(const int* scanned, int n, int* contourOf, int* offsets) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const int id = scanned[i] - 1;
    contourOf[i] = id;
    if (i == 0 || scanned[i - 1] - 1 != id) offsets[id] = i;
    if (i == n - 1) offsets[id + 1] = n;
}

// The first later point of the same contour at least `limit` (squared) away: the next kept point if i is kept.
__global__ void nextKept(const Point* points, const int* contourOf, const int* offsets, int n, float limit, int* next) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const int end = offsets[contourOf[i] + 1];
    const Point p = points[i];
    int j = i + 1;
    while (j < end && squaredDistance(p, points[j]) < limit) ++j;
    next[i] = j < end ? j : kNone;
}

__global__ void jumpTwice(const int* from, int n, int* to) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const int a = from[i];
    to[i] = a == kNone ? kNone : from[a];
}

// i is kept when the chain from its contour's first point lands on it: descend the jump levels, taking every
// jump that does not pass i (the chain's indices only grow).
__global__ void keptOnChain(const int* jumps, int levels, int n, const int* contourOf, const int* offsets,
                            unsigned char* keep) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int x = offsets[contourOf[i]];
    for (int k = levels - 1; k >= 0; --k) {
        const int y = jumps[static_cast<std::size_t>(k) * n + x];
        if (y <= i) x = y;
    }
    keep[i] = x == i;
}

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

struct PairWord {
    unsigned index, bits;
};

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

// One splice of a merge round: a piece (an original contour) entered into a group's contour built so far.
struct SpliceJob {
    int targetStart, targetLength, pieceStart, pieceLength, scratchStart;
};

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

// One block per contour: its number on every point.
__global__ void labelFromOffsets(const int* offsets, int* contourOf) {
    for (int i = offsets[blockIdx.x] + threadIdx.x; i < offsets[blockIdx.x + 1]; i += blockDim.x)
        contourOf[i] = blockIdx.x;
}

// One warp per contour: its bounding box.
__global__ void contourBoxes(const Point* points, const int* offsets, int contours, Box* boxes) {
    const int c = (blockIdx.x * blockDim.x + threadIdx.x) / 32, lane = threadIdx.x % 32;
    if (c >= contours) return;
    const Point first = points[offsets[c]];
    Box b{first.x, first.y, first.x, first.y};
    for (int i = offsets[c] + lane; i < offsets[c + 1]; i += 32)
        b = {fminf(b.x0, points[i].x), fminf(b.y0, points[i].y), fmaxf(b.x1, points[i].x), fmaxf(b.y1, points[i].y)};
    for (int s = 16; s > 0; s /= 2) {
        b.x0 = fminf(b.x0, __shfl_xor_sync(0xffffffffu, b.x0, s));
        b.y0 = fminf(b.y0, __shfl_xor_sync(0xffffffffu, b.y0, s));
        b.x1 = fmaxf(b.x1, __shfl_xor_sync(0xffffffffu, b.x1, s));
        b.y1 = fmaxf(b.y1, __shfl_xor_sync(0xffffffffu, b.y1, s));
    }
    if (lane == 0) boxes[c] = b;
}

__global__ void __launch_bounds__(kOrderThreads) greedyOrder(const Point* points, const int* contourOf,
                                                             const int* offsets, const Box* boxes, int contours,
                                                             int n, int first, int* order, int* entry) {
    using Reduce = cub::BlockReduce<unsigned long long, kOrderThreads>;
    __shared__ typename Reduce::TempStorage reduceStorage;
    __shared__ unsigned used[kMaxContours / 32];
    __shared__ int candidates[kMaxCandidates];
    __shared__ int candidateCount;
    __shared__ float bound;
    __shared__ Point penEnd;
    const int tid = threadIdx.x;
    for (int w = tid; w < (contours + 31) / 32; w += kOrderThreads) used[w] = 0;
    __syncthreads();
    auto isUsed = [&](int c) { return (used[c >> 5] >> (c & 31)) & 1u; };
    if (tid == 0) {
        order[0] = first, entry[0] = 0;
        used[first >> 5] |= 1u << (first & 31);
        penEnd = points[offsets[first + 1] - 1];
    }
    __syncthreads();
    for (int step = 1; step < contours; ++step) {
        const Point e = penEnd;
        const Box here{e.x, e.y, e.x, e.y};
        // an upper bound of the answer: the nearest first point of an unused contour
        float upper = FLT_MAX;
        for (int c = tid; c < contours; c += kOrderThreads)
            if (!isUsed(c)) upper = fminf(upper, squaredDistance(points[offsets[c]], e));
        const unsigned long long upperKey = Reduce(reduceStorage).Reduce(distanceKey(upper, 0), MinKey{});
        if (tid == 0) bound = __uint_as_float(static_cast<unsigned>(upperKey >> 32)), candidateCount = 0;
        __syncthreads();
        for (int c = tid; c < contours; c += kOrderThreads)
            if (!isUsed(c) && boxDistanceSquared(boxes[c], here) <= bound) {
                const int slot = atomicAdd(&candidateCount, 1);
                if (slot < kMaxCandidates) candidates[slot] = c;
            }
        __syncthreads();
        unsigned long long mine = ULLONG_MAX;
        if (candidateCount <= kMaxCandidates) {
            const int warp = tid / 32, lane = tid % 32;
            for (int k = warp; k < candidateCount; k += kOrderThreads / 32)
                for (int i = offsets[candidates[k]] + lane; i < offsets[candidates[k] + 1]; i += 32)
                    mine = min(mine, distanceKey(squaredDistance(points[i], e), static_cast<unsigned>(i)));
        } else {  // too many near contours to list: search every unused point
            for (int i = tid; i < n; i += kOrderThreads)
                if (!isUsed(contourOf[i]))
                    mine = min(mine, distanceKey(squaredDistance(points[i], e), static_cast<unsigned>(i)));
        }
        const unsigned long long best = Reduce(reduceStorage).Reduce(mine, MinKey{});
        if (tid == 0) {
            const int i = static_cast<int>(best & 0xffffffffu), c = contourOf[i];
            const int size = offsets[c + 1] - offsets[c], at = i - offsets[c];
            order[step] = c, entry[step] = at;
            used[c >> 5] |= 1u << (c & 31);
            penEnd = points[offsets[c] + (at + size - 1) % size];  // entered at `at`, it ends just before it
        }
        __syncthreads();
    }
}

// One block per output contour: source contour `from` rotated to start at `entry`.
struct RotatedCopy {
    int from, entry, destination;
};

__global__ void gatherRotated(const Point* points, const int* offsets, const RotatedCopy* copies, Point* out,
                              int* contourOf) {
    const RotatedCopy r = copies[blockIdx.x];
    const int start = offsets[r.from], size = offsets[r.from + 1] - start;
    for (int k = threadIdx.x; k < size; k += blockDim.x) {
        out[r.destination + k] = points[start + (r.entry + k) % size];
        contourOf[r.destination + k] = blockIdx.x;
    }
}

}  // namespace

struct ContourPreprocessorGpu::Impl {
    cudaStream_t stream;
    int n = 0;                          // points
    std::vector<int> offsets;           // host copy: contours = offsets.size() - 1
    DeviceBuffer<Point> points, pointsAlt;
    DeviceBuffer<int> contourOf, contourOfAlt, deviceOffsets, scratchInts;
    DeviceBuffer<unsigned char> flags, temp;
    DeviceBuffer<int> selectedCount;

    int contours() const { return static_cast<int>(offsets.size()) - 1; }

    // merge keeps a bit per contour pair and order a bit per contour in shared memory: both are bounded.
    void requireContourLimit(const char* step) const {
        if (contours() > kMaxContours)
            throw UsageError(std::string("the GPU ") + step + " handles at most " + std::to_string(kMaxContours) +
                             " contours, got " + std::to_string(contours()) + "; raise min size");
    }

    void ensureTemp(std::size_t bytes) { temp.reserve(std::max<std::size_t>(bytes, 1), "CUB temporary storage"); }

    // Dense contour numbers and offsets after points were removed (contours may have vanished).
    void relabel() {
        if (n == 0) {
            offsets.assign(1, 0);
            return;
        }
        scratchInts.reserve(2 * static_cast<std::size_t>(n), "contour relabelling");
        int* heads = scratchInts.data();
        int* scanned = scratchInts.data() + n;
        headFlags<<<blocksFor(n, kThreads), kThreads, 0, stream>>>(contourOf.data(), n, heads);
        std::size_t bytes = 0;
        CUDA_CHECK(cub::DeviceScan::InclusiveSum(nullptr, bytes, heads, scanned, n, stream));
        ensureTemp(bytes);
        CUDA_CHECK(cub::DeviceScan::InclusiveSum(temp.data(), bytes, heads, scanned, n, stream));
        deviceOffsets.reserve(static_cast<std::size_t>(n) + 1, "contour offsets");
        finishRelabel<<<blocksFor(n, kThreads), kThreads, 0, stream>>>(scanned, n, contourOf.data(), deviceOffsets.data());
        CUDA_CHECK(cudaGetLastError());
        const int count = downloadNow(scanned + n - 1, 1, stream)[0];
        offsets = downloadNow(deviceOffsets.data(), static_cast<std::size_t>(count) + 1, stream);
    }

    // Keeps the points whose flag is set, in order.
    void compact() {
        pointsAlt.reserve(n, "contour points");
        contourOfAlt.reserve(n, "contour numbers");
        selectedCount.reserve(1, "selection count");
        std::size_t bytes = 0;
        CUDA_CHECK(cub::DeviceSelect::Flagged(nullptr, bytes, points.data(), flags.data(), pointsAlt.data(),
                                              selectedCount.data(), n, stream));
        ensureTemp(bytes);
        CUDA_CHECK(cub::DeviceSelect::Flagged(temp.data(), bytes, points.data(), flags.data(), pointsAlt.data(),
                                              selectedCount.data(), n, stream));
        CUDA_CHECK(cub::DeviceSelect::Flagged(temp.data(), bytes, contourOf.data(), flags.data(), contourOfAlt.data(),
                                              selectedCount.data(), n, stream));
        n = downloadNow(selectedCount.data(), 1, stream)[0];
        std::swap(points, pointsAlt);
        std::swap(contourOf, contourOfAlt);
        relabel();
    }

    void takeOffsets(const std::vector<int>& hostOffsets) {
        offsets = hostOffsets;
        uploadAsync(deviceOffsets, offsets, stream, "contour offsets");
        contourOf.reserve(n, "contour numbers");
        if (contours() > 0) labelFromOffsets<<<contours(), kThreads, 0, stream>>>(deviceOffsets.data(), contourOf.data());
        CUDA_CHECK(cudaGetLastError());
    }
};

ContourPreprocessorGpu::ContourPreprocessorGpu(cudaStream_t stream) : impl_(std::make_unique<Impl>()) {
    impl_->stream = stream;
}

ContourPreprocessorGpu::~ContourPreprocessorGpu() = default;

std::size_t ContourPreprocessorGpu::contourCount() const { return static_cast<std::size_t>(impl_->contours()); }
std::size_t ContourPreprocessorGpu::pointCount() const { return static_cast<std::size_t>(impl_->n); }

void ContourPreprocessorGpu::upload(const std::vector<Contour>& contours) {
    Impl& m = *impl_;
    std::vector<Point> flat;
    std::vector<int> offsets{0};
    for (const Contour& c : contours) {
        if (c.empty()) continue;  // an empty contour has nothing any step could keep
        flat.insert(flat.end(), c.begin(), c.end());
        offsets.push_back(static_cast<int>(flat.size()));
    }
    if (flat.size() > static_cast<std::size_t>(INT_MAX / 2)) throw UsageError("too many contour points for the GPU");
    m.n = static_cast<int>(flat.size());
    uploadAsync(m.points, flat, m.stream, "contour points");
    m.takeOffsets(offsets);
}

std::vector<Contour> ContourPreprocessorGpu::download() const {
    const Impl& m = *impl_;
    std::vector<Point> flat = downloadNow(m.points.data(), static_cast<std::size_t>(m.n), m.stream);
    std::vector<Contour> out;
    for (int c = 0; c < m.contours(); ++c) out.emplace_back(flat.begin() + m.offsets[c], flat.begin() + m.offsets[c + 1]);
    return out;
}

void ContourPreprocessorGpu::removeBrushed(const std::vector<BrushStroke>& strokes) {
    Impl& m = *impl_;
    if (strokes.empty() || m.n == 0) return;
    DeviceBuffer<BrushStroke> deviceStrokes;
    uploadAsync(deviceStrokes, strokes, m.stream, "brush strokes");
    m.flags.reserve(m.n, "point flags");
    brushFlags<<<blocksFor(m.n, kThreads), kThreads, 0, m.stream>>>(m.points.data(), m.n, deviceStrokes.data(),
                                                                   static_cast<int>(strokes.size()), m.flags.data());
    CUDA_CHECK(cudaGetLastError());
    m.compact();
}

void ContourPreprocessorGpu::dropSmall(int minSize) {
    Impl& m = *impl_;
    if (m.n == 0) return;
    m.flags.reserve(m.n, "point flags");
    sizeFlags<<<blocksFor(m.n, kThreads), kThreads, 0, m.stream>>>(m.contourOf.data(), m.deviceOffsets.data(), m.n,
                                                                  minSize, m.flags.data());
    CUDA_CHECK(cudaGetLastError());
    m.compact();
}

void ContourPreprocessorGpu::removeDuplicates(float distance) {
    Impl& m = *impl_;
    if (m.n == 0) return;
    int longest = 1;
    for (int c = 0; c < m.contours(); ++c) longest = std::max(longest, m.offsets[c + 1] - m.offsets[c]);
    int levels = 1;  // 2^levels > longest: enough doublings to cross any contour
    while ((1 << levels) <= longest) ++levels;
    DeviceBuffer<int> jumps(static_cast<std::size_t>(levels) * m.n, "duplicate-removal jump tables");
    const unsigned blocks = blocksFor(m.n, kThreads);
    nextKept<<<blocks, kThreads, 0, m.stream>>>(m.points.data(), m.contourOf.data(), m.deviceOffsets.data(), m.n,
                                                distance * distance, jumps.data());
    for (int k = 1; k < levels; ++k)
        jumpTwice<<<blocks, kThreads, 0, m.stream>>>(jumps.data() + static_cast<std::size_t>(k - 1) * m.n, m.n,
                                                     jumps.data() + static_cast<std::size_t>(k) * m.n);
    m.flags.reserve(m.n, "point flags");
    keptOnChain<<<blocks, kThreads, 0, m.stream>>>(jumps.data(), levels, m.n, m.contourOf.data(),
                                                   m.deviceOffsets.data(), m.flags.data());
    CUDA_CHECK(cudaGetLastError());
    m.compact();
}

void ContourPreprocessorGpu::mergeClose(float distance) {
    Impl& m = *impl_;
    const int contours = m.contours();
    if (contours < 2) return;
    m.requireContourLimit("merge");
    const float limit = distance * distance;
    // 1. which contour pairs come closer than the limit
    const int tiles = (m.n + kTile - 1) / kTile;
    DeviceBuffer<Box> boxes(tiles, "merge tile boxes");
    tileBoxes<<<blocksFor(tiles, kThreads), kThreads, 0, m.stream>>>(m.points.data(), m.n, boxes.data(), tiles);
    const std::size_t words = (static_cast<std::size_t>(contours) * contours + 31) / 32;
    DeviceBuffer<unsigned> pairBits(words, "merge contour-pair bits");
    CUDA_CHECK(cudaMemsetAsync(pairBits.data(), 0, words * sizeof(unsigned), m.stream));
    dim3 grid(tiles, (tiles + kTilesPerBlock - 1) / kTilesPerBlock);
    closeContourPairs<<<grid, kTile, 0, m.stream>>>(m.points.data(), m.contourOf.data(), m.n, boxes.data(), tiles,
                                                    limit, contours, pairBits.data());
    DeviceBuffer<PairWord> list(words, "merge pair list");
    DeviceBuffer<unsigned> listed(1, "merge pair count");
    CUDA_CHECK(cudaMemsetAsync(listed.data(), 0, sizeof(unsigned), m.stream));
    listSetWords<<<blocksFor(words, kThreads), kThreads, 0, m.stream>>>(pairBits.data(), words, list.data(), listed.data());
    CUDA_CHECK(cudaGetLastError());
    const unsigned pairWords = downloadNow(listed.data(), 1, m.stream)[0];
    if (pairWords == 0) return;
    const std::vector<PairWord> set = downloadNow(list.data(), pairWords, m.stream);

    // 2. groups (union-find; the components do not depend on the order the pairs arrive in)
    std::vector<int> parent(contours);
    std::iota(parent.begin(), parent.end(), 0);
    auto find = [&](int x) {
        while (parent[x] != x) x = parent[x] = parent[parent[x]];
        return x;
    };
    for (const PairWord& w : set)
        for (int b = 0; b < 32; ++b)
            if (w.bits >> b & 1u) {
                const std::size_t bit = static_cast<std::size_t>(w.index) * 32 + b;
                const int i = static_cast<int>(bit / contours), j = static_cast<int>(bit % contours);
                parent[find(j)] = find(i);
            }
    // Each group becomes one contour, in the order of its first member; the others are spliced in index order.
    std::vector<int> groupOf(contours, -1), leaderOfRoot(contours, -1);
    std::vector<std::vector<int>> members;
    for (int c = 0; c < contours; ++c) {
        const int root = find(c);
        if (leaderOfRoot[root] < 0) leaderOfRoot[root] = static_cast<int>(members.size()), members.emplace_back();
        groupOf[c] = leaderOfRoot[root];
        members[groupOf[c]].push_back(c);
    }
    auto size = [&](int c) { return m.offsets[c + 1] - m.offsets[c]; };
    std::vector<int> outOffsets{0}, destination(contours, -1);
    std::size_t longestGroup = 0;
    for (const auto& group : members) {
        int total = static_cast<int>(group.size()) - 1;
        for (int c : group) total += size(c);
        destination[group[0]] = outOffsets.back();
        outOffsets.push_back(outOffsets.back() + total);
        longestGroup = std::max(longestGroup, group.size());
    }
    const int outPoints = outOffsets.back();
    DeviceBuffer<Point> out(outPoints, "merged contour points"), scratch(outPoints, "merge scratch");
    DeviceBuffer<int> deviceDestination;
    uploadAsync(deviceDestination, destination, m.stream, "merge destinations");
    copyToDestinations<<<blocksFor(m.n, kThreads), kThreads, 0, m.stream>>>(
        m.points.data(), m.contourOf.data(), m.deviceOffsets.data(), m.n, deviceDestination.data(), out.data());

    // 3. splice rounds: round r enters the r-th member of every group that has one. All rounds are planned on
    // the host (every length is known there), uploaded once and launched back to back: no waits in between.
    struct Round {
        int firstJob, jobs, longestTarget, longestResult;
    };
    std::vector<SpliceJob> jobs;
    std::vector<Round> rounds;
    std::vector<int> built(members.size());
    for (std::size_t g = 0; g < members.size(); ++g) built[g] = size(members[g][0]);
    for (std::size_t round = 1; round < longestGroup; ++round) {
        Round r{static_cast<int>(jobs.size()), 0, 0, 0};
        for (std::size_t g = 0; g < members.size(); ++g) {
            if (members[g].size() <= round) continue;
            const int piece = members[g][round];
            jobs.push_back({outOffsets[g], built[g], m.offsets[piece], size(piece), outOffsets[g]});
            r.longestTarget = std::max(r.longestTarget, built[g]);
            built[g] += size(piece) + 1;
            r.longestResult = std::max(r.longestResult, built[g]);
        }
        r.jobs = static_cast<int>(jobs.size()) - r.firstJob;
        rounds.push_back(r);
    }
    DeviceBuffer<SpliceJob> deviceJobs;
    uploadAsync(deviceJobs, jobs, m.stream, "merge splice jobs");
    DeviceBuffer<unsigned long long> keys(jobs.size(), "merge keys");
    DeviceBuffer<int> pieceEntry(jobs.size(), "merge entries");
    CUDA_CHECK(cudaMemsetAsync(keys.data(), 0xff, keys.bytes(), m.stream));
    for (const Round& r : rounds) {
        const SpliceJob* roundJobs = deviceJobs.data() + r.firstJob;
        unsigned long long* roundKeys = keys.data() + r.firstJob;
        int* roundEntries = pieceEntry.data() + r.firstJob;
        closestTargetPoint<<<dim3(blocksFor(r.longestTarget, kThreads), r.jobs), kThreads, 0, m.stream>>>(
            out.data(), m.points.data(), roundJobs, roundKeys);
        closestPiecePoint<<<r.jobs, kThreads, 0, m.stream>>>(out.data(), m.points.data(), roundJobs, roundKeys,
                                                             roundEntries);
        const dim3 spliceGrid(blocksFor(r.longestResult, kThreads), r.jobs);
        spliceToScratch<<<spliceGrid, kThreads, 0, m.stream>>>(out.data(), m.points.data(), roundJobs, roundKeys,
                                                               roundEntries, scratch.data());
        scratchBack<<<spliceGrid, kThreads, 0, m.stream>>>(scratch.data(), roundJobs, out.data());
    }
    CUDA_CHECK(cudaGetLastError());
    m.n = outPoints;
    std::swap(m.points, out);
    m.takeOffsets(outOffsets);
}

void ContourPreprocessorGpu::orderGreedy() {
    Impl& m = *impl_;
    const int contours = m.contours();
    if (contours < 2) return;
    m.requireContourLimit("ordering");
    int first = 0;  // the biggest; the first of equals, as on the CPU
    for (int c = 1; c < contours; ++c)
        if (m.offsets[c + 1] - m.offsets[c] > m.offsets[first + 1] - m.offsets[first]) first = c;
    DeviceBuffer<Box> boxes(contours, "contour boxes");
    contourBoxes<<<blocksFor(static_cast<std::size_t>(contours) * 32, kThreads), kThreads, 0, m.stream>>>(
        m.points.data(), m.deviceOffsets.data(), contours, boxes.data());
    DeviceBuffer<int> steps(2 * static_cast<std::size_t>(contours), "contour order");
    greedyOrder<<<1, kOrderThreads, 0, m.stream>>>(m.points.data(), m.contourOf.data(), m.deviceOffsets.data(),
                                                   boxes.data(), contours, m.n, first, steps.data(),
                                                   steps.data() + contours);
    CUDA_CHECK(cudaGetLastError());
    const std::vector<int> result = downloadNow(steps.data(), 2 * static_cast<std::size_t>(contours), m.stream);
    std::vector<RotatedCopy> copies;
    std::vector<int> outOffsets{0};
    for (int k = 0; k < contours; ++k) {
        const int c = result[k];
        copies.push_back({c, result[contours + k], outOffsets.back()});
        outOffsets.push_back(outOffsets.back() + m.offsets[c + 1] - m.offsets[c]);
    }
    DeviceBuffer<RotatedCopy> deviceCopies;
    uploadAsync(deviceCopies, copies, m.stream, "contour order");
    m.pointsAlt.reserve(m.n, "contour points");
    m.contourOfAlt.reserve(m.n, "contour numbers");
    gatherRotated<<<contours, kThreads, 0, m.stream>>>(m.points.data(), m.deviceOffsets.data(), deviceCopies.data(),
                                                       m.pointsAlt.data(), m.contourOfAlt.data());
    CUDA_CHECK(cudaGetLastError());
    std::swap(m.points, m.pointsAlt);
    std::swap(m.contourOf, m.contourOfAlt);
    m.offsets = outOffsets;
    uploadAsync(m.deviceOffsets, m.offsets, m.stream, "contour offsets");
}

std::vector<Contour> ContourPreprocessorGpu::run(const std::vector<Contour>& contours,
                                                 const std::vector<BrushStroke>& strokes, const PreprocessSettings& s) {
    upload(contours);
    removeBrushed(strokes);
    dropSmall(s.minSize);
    removeDuplicates(s.duplicateDistance);
    mergeClose(s.mergeDistance);
    orderGreedy();
    return download();
}

}  // namespace racelab::fourier
