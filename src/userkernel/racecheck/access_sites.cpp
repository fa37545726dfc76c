// The sites table of an instrumented build (ptx_instrument.hpp) as the JSON the module carries, and what the
// worker asks of it.
#include <nlohmann/json.hpp>

#include "userkernel/racecheck/ptx_instrument.hpp"

namespace racelab::userkernel {

bool AccessSites::ordersBlocks() const {
    for (const FenceSite& f : fences)
        if (f.scope == "gpu" || f.scope == "system") return true;
    for (const AccessSite& s : sites) {
        const std::string opcode = s.instruction.substr(0, s.instruction.find(' '));
        const bool releases = opcode.find(".release") != std::string::npos || opcode.find(".acq_rel") != std::string::npos;
        if (s.strong && (s.scope == "gpu" || s.scope == "system") && releases) return true;
    }
    return false;
}

std::string accessSitesJson(const AccessSites& sites) {
    nlohmann::json j;
    j["sites"] = nlohmann::json::array();
    for (const AccessSite& s : sites.sites)
        j["sites"].push_back({{"kind", s.kind}, {"space", s.space}, {"bytes", s.bytes}, {"strong", s.strong}, {"scope", s.scope}, {"file", s.file},
                              {"line", s.line}, {"callerFile", s.callerFile}, {"callerLine", s.callerLine},
                              {"instruction", s.instruction}});
    j["moduleVariables"] = sites.moduleVariables;
    j["notCovered"] = sites.notCovered;
    j["fences"] = nlohmann::json::array();
    for (const FenceSite& f : sites.fences) j["fences"].push_back({{"scope", f.scope}, {"file", f.file}, {"line", f.line}});
    j["barriers"] = sites.barriers;
    j["warpSyncs"] = sites.warpSyncs;
    j["partialWarpSyncs"] = sites.partialWarpSyncs;
    return j.dump();
}

std::optional<AccessSites> accessSitesFromJson(const std::vector<std::uint8_t>& bytes) {
    std::string text(bytes.begin(), bytes.end());
    while (!text.empty() && text.back() == '\0') text.pop_back();
    const nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
    if (j.is_discarded() || !j.is_object() || !j.contains("sites")) return std::nullopt;
    try {
        AccessSites out;
        for (const auto& s : j.at("sites"))
            out.sites.push_back({s.at("kind"), s.at("space"), s.at("bytes"), s.at("strong"), s.at("file"), s.at("line"), s.at("callerFile"),
                                 s.at("callerLine"), s.at("instruction"), s.value("scope", std::string())});
        for (const auto& f : j.value("fences", nlohmann::json::array())) out.fences.push_back({f.at("scope"), f.at("file"), f.at("line")});
        out.moduleVariables = j.at("moduleVariables").get<std::vector<std::string>>();
        out.notCovered = j.at("notCovered").get<std::vector<std::string>>();
        out.barriers = j.at("barriers"), out.warpSyncs = j.at("warpSyncs");
        out.partialWarpSyncs = j.value("partialWarpSyncs", 0);
        return out;
    } catch (const nlohmann::json::exception&) {
        return std::nullopt;
    }
}

}  // namespace racelab::userkernel
