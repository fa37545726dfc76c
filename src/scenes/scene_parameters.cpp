#include "scenes/scene_parameters.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <iomanip>
#include <sstream>

#include "core/errors.hpp"

namespace racelab {
namespace {

std::string formatNumber(double v) {
    std::ostringstream out;
    out << std::setprecision(10) << v;  // whole numbers in full: 1000000, not 1e+06
    return out.str();
}

ParameterSpec makeSpec(std::string name, std::string label, ParameterKind kind, double min, double max, double initial,
                       bool regenerates, std::string help) {
    ParameterSpec s;
    s.name = std::move(name), s.label = std::move(label), s.kind = kind;
    s.min = min, s.max = max, s.initial = initial;
    s.regenerates = regenerates, s.help = std::move(help);
    return s;
}

}  // namespace

ParameterSpec ParameterSpec::integer(std::string name, std::string label, int min, int max, int initial, bool regenerates,
                                     std::string help) {
    return makeSpec(std::move(name), std::move(label), ParameterKind::Int, min, max, initial, regenerates, std::move(help));
}

ParameterSpec ParameterSpec::real(std::string name, std::string label, double min, double max, double initial,
                                  bool regenerates, std::string help) {
    return makeSpec(std::move(name), std::move(label), ParameterKind::Float, min, max, initial, regenerates, std::move(help));
}

ParameterSpec ParameterSpec::flag(std::string name, std::string label, bool initial, bool regenerates, std::string help) {
    return makeSpec(std::move(name), std::move(label), ParameterKind::Bool, 0, 1, initial ? 1 : 0, regenerates,
                    std::move(help));
}

ParameterSpec ParameterSpec::choice(std::string name, std::string label, std::vector<std::string> choices, int initial,
                                    bool regenerates, std::string help) {
    ParameterSpec s = makeSpec(std::move(name), std::move(label), ParameterKind::Choice, 0,
                               static_cast<double>(choices.size()) - 1, initial, regenerates, std::move(help));
    s.choices = std::move(choices);
    return s;
}

ParameterSpec ParameterSpec::text(std::string name, std::string label, std::string initial, bool regenerates,
                                  std::string help) {
    ParameterSpec s = makeSpec(std::move(name), std::move(label), ParameterKind::Text, 0, 0, 0, regenerates, std::move(help));
    s.initialText = std::move(initial);
    return s;
}

std::string ParameterSpec::validValues() const {
    switch (kind) {
    case ParameterKind::Int:
    case ParameterKind::Float: return formatNumber(min) + " .. " + formatNumber(max);
    case ParameterKind::Bool: return "true | false";
    case ParameterKind::Choice: {
        std::string all;
        for (const auto& c : choices) all += (all.empty() ? "" : " | ") + c;
        return all;
    }
    case ParameterKind::Text: return "text";
    }
    return {};
}

std::string ParameterSpec::initialValue() const {
    switch (kind) {
    case ParameterKind::Bool: return initial != 0 ? "true" : "false";
    case ParameterKind::Choice: return choices[static_cast<std::size_t>(initial)];
    case ParameterKind::Text: return initialText;
    default: return formatNumber(initial);
    }
}

ParameterSet::ParameterSet(const std::vector<ParameterSpec>& specs) {
    for (const auto& spec : specs) {
        Parameter p;
        p.spec = spec;
        p.number = spec.initial;
        p.text = spec.initialText;
        items_.push_back(std::move(p));
    }
}

Parameter* ParameterSet::find(const std::string& name) {
    for (auto& p : items_)
        if (p.spec.name == name) return &p;
    return nullptr;
}

Parameter& ParameterSet::at(const std::string& name) {
    if (Parameter* p = find(name)) return *p;
    throw UsageError("no parameter '" + name + "' (the parameters are: " + names() + ")");
}

const Parameter& ParameterSet::at(const std::string& name) const { return const_cast<ParameterSet*>(this)->at(name); }

std::string ParameterSet::names() const {
    std::string out;
    for (const auto& p : items_)
        if (!p.hidden) out += (out.empty() ? "" : ", ") + p.spec.name;
    return out.empty() ? "none" : out;
}

bool ParameterSet::assign(const std::string& name, const std::string& value, const std::string& owner) {
    Parameter* p = find(name);
    if (!p || p->hidden)
        throw UsageError("--param: " + owner + " has no parameter '" + name + "' (its parameters: " + names() + ")");
    const ParameterSpec& s = p->spec;
    const std::string what = "--param " + name + "=" + value + ": ";
    switch (s.kind) {
    case ParameterKind::Text: p->text = value; return s.regenerates;
    case ParameterKind::Bool:
        if (value == "true" || value == "1" || value == "on") p->number = 1;
        else if (value == "false" || value == "0" || value == "off") p->number = 0;
        else throw UsageError(what + "not a bool (valid: true | false)");
        return s.regenerates;
    case ParameterKind::Choice: {
        int found = -1;
        for (std::size_t i = 0; i < s.choices.size(); ++i) {
            if (s.choices[i] == value || value == std::to_string(i)) { found = static_cast<int>(i); break; }
            if (!value.empty() && s.choices[i].rfind(value, 0) == 0) found = found == -1 ? static_cast<int>(i) : -2;
        }
        if (found < 0) throw UsageError(what + (found == -2 ? "ambiguous" : "not one of its choices") + " (valid: " +
                                        s.validValues() + ")");
        p->number = found;
        return s.regenerates;
    }
    case ParameterKind::Int:
    case ParameterKind::Float: {
        char* end = nullptr;
        const double number = std::strtod(value.c_str(), &end);
        if (value.empty() || *end != '\0' || !std::isfinite(number))
            throw UsageError(what + "not a number (valid: " + s.validValues() + ")");
        if (s.kind == ParameterKind::Int && number != std::floor(number))
            throw UsageError(what + "not a whole number (valid: " + s.validValues() + ")");
        if (number < s.min || number > s.max) throw UsageError(what + "outside its range " + s.validValues());
        p->number = number;
        return s.regenerates;
    }
    }
    return false;
}

bool ParameterSet::set(Parameter& parameter, double value) {
    const ParameterSpec& s = parameter.spec;
    if (s.kind == ParameterKind::Text) return false;
    double v = std::clamp(value, s.min, s.max);
    if (s.kind != ParameterKind::Float) v = std::round(v);
    const bool changed = v != parameter.number;
    parameter.number = v;
    return changed && s.regenerates;
}

void splitAssignment(const std::string& assignment, std::string& name, std::string& value) {
    const auto equals = assignment.find('=');
    if (equals == std::string::npos || equals == 0) throw UsageError("--param '" + assignment + "' is not NAME=VALUE");
    name = assignment.substr(0, equals);
    value = assignment.substr(equals + 1);
}

}  // namespace racelab
