// Listing submissions, choosing a shard's share, merging shard tables (grade_shards.hpp).
#include "judge/grade_shards.hpp"

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>

#include "core/errors.hpp"
#include "judge/grade_text.hpp"

namespace fs = std::filesystem;

namespace racelab::judge {
namespace {

bool hidden(const std::string& name) { return !name.empty() && name.front() == '.'; }

bool isCuFile(const fs::directory_entry& entry) {
    std::error_code ec;
    const std::string name = entry.path().filename().string();
    return !hidden(name) && entry.path().extension() == ".cu" && entry.is_regular_file(ec);
}

std::vector<fs::directory_entry> entriesOf(const fs::path& folder) {
    std::vector<fs::directory_entry> entries;
    std::error_code ec;
    fs::directory_iterator it(folder, ec);
    if (ec) throw UsageError("cannot read the folder '" + folder.string() + "': " + ec.message());
    for (; it != fs::directory_iterator(); it.increment(ec)) {
        if (ec) throw UsageError("cannot read the folder '" + folder.string() + "': " + ec.message());
        entries.push_back(*it);
    }
    std::sort(entries.begin(), entries.end(), [](const auto& a, const auto& b) {
        return a.path().filename().string() < b.path().filename().string();
    });
    return entries;
}

Submission folderSubmission(const fs::directory_entry& folder) {
    Submission submission{folder.path().filename().string(), {}, {}};
    std::vector<std::string> sources;
    for (const auto& entry : entriesOf(folder.path()))
        if (isCuFile(entry)) sources.push_back(entry.path().string());
    if (sources.size() == 1) {
        submission.source = sources.front();
    } else if (sources.empty()) {
        submission.problem = "the folder holds no .cu file (a submission is one .cu file, or a folder with one)";
    } else {
        std::string names;
        for (const std::string& source : sources) names += (names.empty() ? "" : ", ") + fs::path(source).filename().string();
        submission.problem = "the folder holds " + std::to_string(sources.size()) + " .cu files (" + names +
                             "); a submission is one .cu file, or a folder with one";
    }
    return submission;
}

UsageError mergeError(const std::string& problem) { return UsageError("cannot merge the grade tables: " + problem); }

std::string labelList(const std::vector<GradedScene>& columns) {
    std::string text;
    for (const GradedScene& column : columns) text += (text.empty() ? "" : ", ") + column.label;
    return "[" + text + "]";
}

// The first way the columns of two shards differ in what was judged: which scenes, at which frame and size,
// whether graded; "" when they agree. A note may differ (it says why in words).
std::string columnDifference(const std::vector<GradedScene>& a, const std::vector<GradedScene>& b) {
    const bool sameScenes = std::equal(a.begin(), a.end(), b.begin(), b.end(),
                                       [](const GradedScene& x, const GradedScene& y) { return x.scene == y.scene; });
    if (!sameScenes) return "scenes differ: " + labelList(a) + " against " + labelList(b);
    for (std::size_t i = 0; i < a.size(); ++i) {
        const std::string scene = "\"" + a[i].scene + "\"";
        if (a[i].frame != b[i].frame)
            return "frame of the scene " + scene + " differs: " + std::to_string(a[i].frame) + " against " +
                   std::to_string(b[i].frame);
        if (a[i].width != b[i].width || a[i].height != b[i].height)
            return "size of the scene " + scene + " differs: " + sizeText(a[i]) + " against " + sizeText(b[i]);
        if (a[i].graded != b[i].graded)
            return "column \"" + a[i].label + "\" differs: " + (a[i].graded ? "graded" : "not graded") + " against " +
                   (b[i].graded ? "graded" : "not graded");
        if (a[i].label != b[i].label)
            return "label of the scene " + scene + " differs: \"" + a[i].label + "\" against \"" + b[i].label + "\"";
    }
    return {};
}

// The first fact on which `a` and `b` differ, as "NAME differs: \"A\" against \"B\"", or "".
std::string factDifference(const GradeFacts& a, const GradeFacts& b) {
    const std::pair<const char*, std::pair<std::string, std::string>> facts[] = {
        {"rule", {scoreRuleText(a.rule), scoreRuleText(b.rule)}},
        {"reference", {a.reference, b.reference}},
        {"timing measure", {measureText(a.measure), measureText(b.measure)}},
        {"budget", {budgetText(a.budgetSeconds), budgetText(b.budgetSeconds)}},
        {"scene set", {a.sceneSet, b.sceneSet}},
        {"racelab commit", {a.racelabCommit, b.racelabCommit}},
        {"racelab dirty flag", {a.racelabDirty, b.racelabDirty}},
        {"GPU", {a.gpu, b.gpu}},
        {"driver", {a.driver, b.driver}},
        {"CUDA runtime", {a.cudaRuntime, b.cudaRuntime}},
        {"CUDA version of the driver", {a.cudaDriver, b.cudaDriver}},
    };
    for (const auto& [name, values] : facts)
        if (values.first != values.second) return std::string(name) + " differs: \"" + values.first + "\" against \"" + values.second + "\"";
    return columnDifference(a.scenes, b.scenes);
}

}  // namespace

std::vector<Submission> listSubmissions(const std::string& path) {
    std::error_code ec;
    const fs::directory_entry given(path, ec);
    if (!ec && given.is_regular_file(ec)) return {Submission{fs::path(path).filename().string(), path, {}}};
    if (ec || !given.is_directory(ec))
        throw UsageError("'" + path + "' is neither a .cu file nor a folder of submissions");
    std::vector<Submission> submissions;
    for (const auto& entry : entriesOf(path)) {
        const std::string name = entry.path().filename().string();
        if (hidden(name)) continue;
        if (isCuFile(entry)) submissions.push_back({name, entry.path().string(), {}});
        else if (entry.is_directory(ec)) submissions.push_back(folderSubmission(entry));
    }
    return submissions;  // entriesOf sorted them by name
}

std::vector<Submission> submissionsOfShard(const std::vector<Submission>& all, const Shard& shard) {
    std::vector<Submission> mine;
    for (std::size_t i = 0; i < all.size(); ++i)
        if (inShard(i, shard)) mine.push_back(all[i]);
    return mine;
}

GradeTable mergeGradeTables(const std::vector<GradeTable>& shards, const std::vector<std::string>& origins) {
    RACELAB_REQUIRE(shards.size() == origins.size(), "one origin per shard");
    if (shards.empty()) throw mergeError("no tables given");
    const int count = shards.front().facts.shard.count;
    std::vector<std::string> originOfIndex(static_cast<std::size_t>(count));
    for (std::size_t i = 0; i < shards.size(); ++i) {
        const GradeFacts& facts = shards[i].facts;
        if (const std::string difference = factDifference(shards.front().facts, facts); !difference.empty())
            throw mergeError(origins.front() + " and " + origins[i] + ": the " + difference);
        if (facts.shard.count != count)
            throw mergeError(origins.front() + " is shard " + shardText(shards.front().facts.shard) + " but " +
                             origins[i] + " is shard " + shardText(facts.shard) + " (all shards must be K/N of one N)");
        std::string& seen = originOfIndex[static_cast<std::size_t>(facts.shard.index)];
        if (!seen.empty())
            throw mergeError(seen + " and " + origins[i] + " are both shard " + shardText(facts.shard));
        seen = origins[i];
    }
    for (int k = 0; k < count; ++k)
        if (originOfIndex[static_cast<std::size_t>(k)].empty())
            throw mergeError("shard " + std::to_string(k) + "/" + std::to_string(count) + " is missing");

    GradeTable merged;
    // The first table's facts, its reference times among them: each shard timed the reference on its own
    // machine, so the merged facts keep one shard's, and every row keeps the reference time it was scored against.
    merged.facts = shards.front().facts;
    merged.facts.shard = Shard{};
    std::map<std::string, std::size_t> ownerOf;  // submission -> the shard that graded it
    for (std::size_t i = 0; i < shards.size(); ++i) {
        merged.facts.dateUtc = std::min(merged.facts.dateUtc, shards[i].facts.dateUtc);
        std::set<std::string> submissions;
        for (const GradeRow& row : shards[i].rows) submissions.insert(row.submission);
        for (const std::string& submission : submissions) {
            const auto [owner, isNew] = ownerOf.emplace(submission, i);
            if (!isNew)
                throw mergeError("the submission \"" + submission + "\" is in " + origins[owner->second] + " and in " +
                                 origins[i]);
        }
        merged.rows.insert(merged.rows.end(), shards[i].rows.begin(), shards[i].rows.end());
    }
    sortRows(merged);
    return merged;
}

}  // namespace racelab::judge
