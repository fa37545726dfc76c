// The host's part of the GPU merge (contour_merge_plan.cuh): union-find over the close contour pairs, and
// the splice rounds planned from the contour sizes. Host code only; it lives with the kernels it plans for.
#include "fourier/contour_merge_plan.cuh"

#include <algorithm>
#include <cstddef>
#include <numeric>

namespace racelab::fourier::contour_gpu {

MergePlan planMerge(const std::vector<PairWord>& set, int contours, int stride, const std::vector<int>& offsets) {
    // groups (union-find; the components do not depend on the order the pairs arrive in)
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
                const int i = static_cast<int>(bit / stride), j = static_cast<int>(bit % stride);
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
    auto size = [&](int c) { return offsets[c + 1] - offsets[c]; };
    MergePlan plan;
    plan.outOffsets = {0};
    plan.destination.assign(contours, -1);
    std::size_t longestGroup = 0;
    for (const auto& group : members) {
        int total = static_cast<int>(group.size()) - 1;
        for (int c : group) total += size(c);
        plan.destination[group[0]] = plan.outOffsets.back();
        plan.outOffsets.push_back(plan.outOffsets.back() + total);
        longestGroup = std::max(longestGroup, group.size());
    }

    // splice rounds: round r enters the r-th member of every group that has one.
    std::vector<int> built(members.size());
    for (std::size_t g = 0; g < members.size(); ++g) built[g] = size(members[g][0]);
    for (std::size_t round = 1; round < longestGroup; ++round) {
        SpliceRound r{static_cast<int>(plan.jobs.size()), 0, 0, 0};
        for (std::size_t g = 0; g < members.size(); ++g) {
            if (members[g].size() <= round) continue;
            const int piece = members[g][round];
            plan.jobs.push_back({plan.outOffsets[g], built[g], offsets[piece], size(piece), plan.outOffsets[g]});
            r.longestTarget = std::max(r.longestTarget, built[g]);
            built[g] += size(piece) + 1;
            r.longestResult = std::max(r.longestResult, built[g]);
        }
        r.jobs = static_cast<int>(plan.jobs.size()) - r.firstJob;
        plan.rounds.push_back(r);
    }
    return plan;
}

}  // namespace racelab::fourier::contour_gpu
