// Grade table basics: status names, facts from the provenance, canonical order, totals.
#include "judge/grade_table.hpp"

#include <algorithm>
#include <array>

namespace racelab::judge {
namespace {

constexpr std::array<std::pair<GradeStatus, std::string_view>, 8> kStatusNames{{
    {GradeStatus::Pass, "pass"},
    {GradeStatus::Wrong, "wrong"},
    {GradeStatus::Race, "race"},
    {GradeStatus::Fault, "fault"},
    {GradeStatus::Timeout, "timeout"},
    {GradeStatus::CompileError, "compile-error"},
    {GradeStatus::ContractError, "contract-error"},
    {GradeStatus::NotRun, "not-run"},
}};

}  // namespace

std::string_view statusName(GradeStatus status) {
    for (const auto& [value, name] : kStatusNames)
        if (value == status) return name;
    return "unknown";
}

std::optional<GradeStatus> parseStatus(std::string_view name) {
    for (const auto& [value, text] : kStatusNames)
        if (text == name) return value;
    return std::nullopt;
}

GradeStatus statusOf(RepeatVerdict verdict) {
    switch (verdict) {
        case RepeatVerdict::Correct: return GradeStatus::Pass;
        case RepeatVerdict::WrongDeterministic: return GradeStatus::Wrong;
        case RepeatVerdict::Nondeterministic: return GradeStatus::Race;
    }
    return GradeStatus::Wrong;
}

std::optional<double> GradeRow::ratio() const {
    if (!timeMs || !referenceMs || !(*referenceMs > 0)) return std::nullopt;
    return *timeMs / *referenceMs;
}

std::string gradedSceneLabel(const std::string& scene, long frame) {
    return frame == 0 ? scene : scene + "@" + std::to_string(frame);
}

std::string measureText(const TimingMeasure& measure) {
    const auto count = [](int n, const char* one) { return std::to_string(n) + " " + one + (n == 1 ? "" : "s"); };
    return "the least of " + count(measure.runs, "run") + ", each the mean of " + count(measure.frames, "frame") +
           ", after " + std::to_string(measure.warmup) + " untimed";
}

std::vector<std::string> GradeFacts::labels() const {
    std::vector<std::string> out;
    for (const GradedScene& s : scenes) out.push_back(s.label);
    return out;
}

const GradedScene* GradeFacts::column(const std::string& label) const {
    for (const GradedScene& s : scenes)
        if (s.label == label) return &s;
    return nullptr;
}

GradeFacts gradeFacts(const Provenance& provenance, const ScoreRule& rule, std::vector<GradedScene> scenes,
                      const Shard& shard) {
    GradeFacts facts;
    facts.racelabCommit = provenance.gitCommit;
    facts.racelabDirty = provenance.gitDirty;
    facts.gpu = provenance.device;
    facts.cudaRuntime = provenance.cudaRuntime;
    facts.cudaDriver = provenance.cudaDriver;
    facts.dateUtc = provenance.dateUtc;
    facts.rule = rule;
    facts.scenes = std::move(scenes);
    facts.shard = shard;
    return facts;
}

void sortRows(GradeTable& table) {
    const std::vector<std::string> scenes = table.facts.labels();
    const auto sceneRank = [&](const std::string& scene) {
        return static_cast<std::size_t>(std::find(scenes.begin(), scenes.end(), scene) - scenes.begin());
    };
    std::stable_sort(table.rows.begin(), table.rows.end(), [&](const GradeRow& a, const GradeRow& b) {
        if (a.submission != b.submission) return a.submission < b.submission;  // bytewise: char_traits<char>
        const std::size_t ra = sceneRank(a.scene), rb = sceneRank(b.scene);
        return ra != rb ? ra < rb : a.scene < b.scene;
    });
}

std::vector<SubmissionTotal> submissionTotals(const GradeTable& table) {
    std::vector<SubmissionTotal> totals;
    for (const GradeRow& row : table.rows) {
        auto it = std::find_if(totals.begin(), totals.end(), [&](const auto& t) { return t.submission == row.submission; });
        if (it == totals.end()) it = totals.insert(totals.end(), SubmissionTotal{row.submission});
        it->score += row.score;
        it->maxScore += row.maxScore;
        it->scenesPassed += row.status == GradeStatus::Pass;
        ++it->scenes;
    }
    return totals;
}

std::vector<RowGroup> rowsToTell(const GradeTable& table, const std::string& submission) {
    const auto plain = [](const GradeRow& r) {
        return r.wrongPixels == 0 && r.differingBetweenRuns == 0 && r.diffPng.empty() && r.heatPng.empty();
    };
    std::vector<RowGroup> groups;
    for (const GradeRow& row : table.rows) {
        if (row.submission != submission || (row.status == GradeStatus::Pass && row.message.empty())) continue;
        auto group = std::find_if(groups.begin(), groups.end(), [&](const RowGroup& g) {
            return plain(row) && plain(*g.row) && g.row->status == row.status && g.row->message == row.message;
        });
        if (group == groups.end()) group = groups.insert(groups.end(), RowGroup{&row, {}});
        group->scenes.push_back(row.scene);
    }
    return groups;
}

}  // namespace racelab::judge
