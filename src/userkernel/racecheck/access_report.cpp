#include "userkernel/racecheck/access_report.hpp"

#include <nlohmann/json.hpp>

namespace racelab::userkernel {

nlohmann::json accessReportJson(const AccessReport& r) {
    nlohmann::json j{{"racesDropped", r.racesDropped}, {"strayCount", r.strayCount}, {"untracked", r.untracked},
                     {"shadowBytes", r.shadowBytes}, {"shadowedBytes", r.shadowedBytes}, {"racesLookedFor", r.racesLookedFor}};
    j["races"] = nlohmann::json::array();
    for (const AccessRace& a : r.races)
        j["races"].push_back({{"siteA", a.siteA}, {"siteB", a.siteB}, {"writeWrite", a.writeWrite}, {"acrossBlocks", a.acrossBlocks},
                              {"words", a.words}, {"events", a.events}, {"buffer", a.buffer}, {"offset", a.offset},
                              {"threadA", a.threadA}, {"threadB", a.threadB}, {"launch", a.launch}});
    j["strays"] = nlohmann::json::array();
    for (const AccessStray& s : r.strays)
        j["strays"].push_back({{"site", s.site}, {"address", s.address}, {"bytes", s.bytes}, {"thread", s.thread}, {"launch", s.launch},
                               {"nearest", s.nearest}, {"distance", s.distance}, {"misaligned", s.misaligned}});
    j["traced"] = nlohmann::json::array();
    for (const TracedAccess& t : r.traced) j["traced"].push_back({t.site, t.thread, t.launch, t.write, t.atomic, t.offset});
    j["tracedCount"] = r.tracedCount;
    j["racingWords"] = nlohmann::json::array();
    for (const RacingWords& w : r.racingWords) j["racingWords"].push_back({{"output", w.output}, {"runs", w.runs}, {"truncated", w.truncated}});
    j["launches"] = nlohmann::json::array();
    for (const LaunchShape& l : r.launches)
        j["launches"].push_back({{"kernel", l.kernel}, {"grid", {l.grid[0], l.grid[1], l.grid[2]}}, {"block", {l.block[0], l.block[1], l.block[2]}}});
    return j;
}

AccessReport accessReportFrom(const nlohmann::json& j) {
    AccessReport r;
    r.racesDropped = j.value("racesDropped", 0u);
    r.strayCount = j.value("strayCount", 0u);
    r.untracked = j.value("untracked", 0u);
    r.shadowBytes = j.value("shadowBytes", 0ull);
    r.shadowedBytes = j.value("shadowedBytes", 0ull);
    r.racesLookedFor = j.value("racesLookedFor", true);
    for (const auto& a : j.value("races", nlohmann::json::array()))
        r.races.push_back({a.value("siteA", 0), a.value("siteB", 0), a.value("writeWrite", false), a.value("acrossBlocks", false),
                           a.value("words", 0ull), a.value("events", 0ull), a.value("buffer", std::string()), a.value("offset", -1ll),
                           a.value("threadA", 0u), a.value("threadB", 0u), a.value("launch", 0)});
    for (const auto& s : j.value("strays", nlohmann::json::array()))
        r.strays.push_back({s.value("site", 0), s.value("address", 0ull), s.value("bytes", 0), s.value("thread", 0u), s.value("launch", 0),
                            s.value("nearest", std::string()), s.value("distance", 0ll), s.value("misaligned", false)});
    for (const auto& t : j.value("traced", nlohmann::json::array()))
        r.traced.push_back({t.at(0).get<int>(), t.at(1).get<unsigned>(), t.at(2).get<int>(), t.at(3).get<bool>(), t.at(4).get<bool>(),
                            t.at(5).get<long long>()});
    r.tracedCount = j.value("tracedCount", 0u);
    for (const auto& w : j.value("racingWords", nlohmann::json::array()))
        r.racingWords.push_back({w.value("output", 0), w.value("runs", std::vector<std::pair<unsigned long long, unsigned long long>>{}),
                                 w.value("truncated", false)});
    for (const auto& l : j.value("launches", nlohmann::json::array())) {
        LaunchShape shape;
        shape.kernel = l.value("kernel", std::string());
        const auto grid = l.value("grid", std::vector<unsigned>{1, 1, 1}), block = l.value("block", std::vector<unsigned>{1, 1, 1});
        for (std::size_t i = 0; i < 3 && i < grid.size() && i < block.size(); ++i) shape.grid[i] = grid[i], shape.block[i] = block[i];
        r.launches.push_back(shape);
    }
    return r;
}

}  // namespace racelab::userkernel
