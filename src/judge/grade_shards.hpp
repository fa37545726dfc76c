// Which submissions a grading run has, which of them a shard grades, and the merge of shard tables into the
// table one unsharded run would have written.
//
// A submission is, in the folder given to `racelab grade`:
//   * each regular file NAME.cu directly in it (the submission's name: "NAME.cu"), or
//   * each subfolder NAME (the submission's name: "NAME") holding exactly one .cu file directly inside, which is
//     graded; one holding none or several is still listed, with a problem that grading reports as the row's
//     message (contract-error) rather than dropping a student silently.
// Names starting with '.' and other files are skipped. The list is sorted by name bytewise (std::string's
// order, unsigned bytes), so every machine agrees on which submission is the K-th. A path to a single .cu file
// is one submission (whatever its extension: it was named on purpose).
#pragma once
#include <string>
#include <vector>

#include "judge/grade_table.hpp"
#include "judge/shard.hpp"

namespace racelab::judge {

struct Submission {
    std::string name;     // as above; untrusted text
    std::string source;   // the .cu file to grade; empty when `problem` is set
    std::string problem;  // why this submission cannot be graded, or empty
    bool operator==(const Submission&) const = default;
};

// Throws UsageError when `path` is neither a file nor a folder, or cannot be read.
std::vector<Submission> listSubmissions(const std::string& path);
// The submissions of `shard`: positions K, K + N, K + 2N, ... of the sorted list.
std::vector<Submission> submissionsOfShard(const std::vector<Submission>& all, const Shard& shard);

// Joins the tables of shards 0/N .. N-1/N (each exactly once; `origins` name them in errors, e.g. file names)
// into one table with shard 0/1 and rows in the canonical order; its date is the earliest shard's, its
// reference times (GradeFacts::referenceMs) those of the first table given. The shards must agree on the
// rule, the reference, the timing measure, the budget, the scene set, the columns (scenes, frames, sizes,
// whether graded), the racelab commit and dirty flag, the GPU, the driver and CUDA versions; a submission in
// two shards is an error. Every error is a UsageError naming the shards and the difference.
GradeTable mergeGradeTables(const std::vector<GradeTable>& shards, const std::vector<std::string>& origins);

}  // namespace racelab::judge
