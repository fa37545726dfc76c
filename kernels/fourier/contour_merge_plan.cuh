// Private to the GPU merge (contour_merge.cu): the host's part of it. The device lists the contour pairs
// that come closer than the merge distance; the host joins them into groups (union-find over a few hundred
// pairs) and plans every splice round up front, since every length is known there -- the rounds then run
// on the device back to back, with no waits in between.
#pragma once
#include <vector>

namespace racelab::fourier::contour_gpu {

// One word of the contour-pair bit matrix with a bit set: bit b of word `index` is pair (i, j), i < j,
// at bit index*32 + b = i * stride + j (stride: the host's bound of the contour count when it was made).
struct PairWord {
    unsigned index, bits;
};

// One splice of a merge round: a piece (an original contour) entered into a group's contour built so far.
struct SpliceJob {
    int targetStart, targetLength, pieceStart, pieceLength, scratchStart;
};

// Round r enters the r-th member of every group that has one: jobs [firstJob, firstJob + jobs).
struct SpliceRound {
    int firstJob, jobs, longestTarget, longestResult;
};

struct MergePlan {
    std::vector<int> outOffsets;   // the merged contours: one a group, in the order of each group's first member
    std::vector<int> destination;  // per contour: where its points start in the output if it leads a group, else -1
    std::vector<SpliceJob> jobs;
    std::vector<SpliceRound> rounds;
};

// The groups of the close pairs `set` (a bit matrix of row length `stride`) over `contours` contours laid out
// by `offsets`, and the splices that build them: each group becomes one contour, its first member copied,
// the others spliced in index order.
MergePlan planMerge(const std::vector<PairWord>& set, int contours, int stride, const std::vector<int>& offsets);

}  // namespace racelab::fourier::contour_gpu
