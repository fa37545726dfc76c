// A scene's typed parameters: each has a name (what `--param NAME=VALUE` and the viewer panel use), a label,
// a kind with its range or choices, a default, and whether changing it rebuilds the scene. The scene owns the
// values; the CLI, the panel and `list` only go through the names, so they know no scene's parameters.
#pragma once
#include <deque>
#include <string>
#include <vector>

namespace racelab {

enum class ParameterKind { Int, Float, Bool, Choice, Text };

struct ParameterSpec {
    std::string name;   // --param NAME, e.g. "shading"; lower case, no spaces
    std::string label;  // the panel's label, e.g. "shading"
    ParameterKind kind = ParameterKind::Float;
    double min = 0, max = 0;           // Int and Float: the valid range, inclusive
    double initial = 0;                // Int, Float, Bool (0/1), Choice (index)
    std::vector<std::string> choices;  // Choice: the names, index = value
    std::string initialText;           // Text
    bool regenerates = false;          // a change rebuilds the scene (regenerate()); otherwise it is read live
    std::string help;                  // one line for `list --params` and the panel's tooltip

    // Builders, so that a family's table of parameters reads as one line each.
    static ParameterSpec integer(std::string name, std::string label, int min, int max, int initial, bool regenerates,
                                 std::string help = {});
    static ParameterSpec real(std::string name, std::string label, double min, double max, double initial, bool regenerates,
                              std::string help = {});
    static ParameterSpec flag(std::string name, std::string label, bool initial, bool regenerates, std::string help = {});
    static ParameterSpec choice(std::string name, std::string label, std::vector<std::string> choices, int initial,
                                bool regenerates, std::string help = {});
    static ParameterSpec text(std::string name, std::string label, std::string initial, bool regenerates,
                              std::string help = {});

    // "0 .. 100", "hit mask | depth | ...", "true | false", "text": what a valid value looks like.
    std::string validValues() const;
    std::string initialValue() const;  // the default as --param would spell it
};

struct Parameter {
    ParameterSpec spec;
    double number = 0;  // Int, Float, Bool (0/1), Choice (index)
    std::string text;   // Text
    bool hidden = false;  // not offered for this scene (e.g. edge detection for an SVG source)

    int asInt() const { return static_cast<int>(number); }
    float asFloat() const { return static_cast<float>(number); }
    bool asBool() const { return number != 0; }
};

class ParameterSet {
public:
    ParameterSet() = default;
    explicit ParameterSet(const std::vector<ParameterSpec>& specs);

    // The parameter called `name`; throws UsageError listing the scene's parameters when there is none.
    Parameter& at(const std::string& name);
    const Parameter& at(const std::string& name) const;
    Parameter* find(const std::string& name);
    std::deque<Parameter>& all() { return items_; }
    const std::deque<Parameter>& all() const { return items_; }

    // From text (the CLI): a number within the range, a choice by name (or a unique start of it) or index,
    // a bool as true/false/1/0/on/off. Throws UsageError naming the parameter and what is valid. Returns
    // whether the scene must be rebuilt. `owner` names the scene in the message for an unknown name.
    bool assign(const std::string& name, const std::string& value, const std::string& owner = "this scene");
    // From a control (the panel): clamped into the range. Returns whether the scene must be rebuilt.
    bool set(Parameter& parameter, double value);

    std::string names() const;  // "a, b, c" of the visible parameters, for error messages

private:
    std::deque<Parameter> items_;  // a deque: scenes keep references to their parameters
};

// Splits "NAME=VALUE"; throws UsageError when it is not one.
void splitAssignment(const std::string& assignment, std::string& name, std::string& value);

}  // namespace racelab
