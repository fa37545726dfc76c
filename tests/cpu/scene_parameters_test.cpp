// Typed scene parameters: what --param accepts and refuses (with the range in the message), and what the
// panel's clamped setter does. The expected values are worked out from the specs by hand.
#include <gtest/gtest.h>

#include "core/errors.hpp"
#include "scenes/scene_parameters.hpp"

using namespace racelab;

namespace {

ParameterSet sample() {
    return ParameterSet({
        ParameterSpec::integer("count", "count", 1, 100, 10, true),
        ParameterSpec::real("alpha", "alpha", 0, 1, .5, false),
        ParameterSpec::flag("arms", "arms", true, false),
        ParameterSpec::choice("shading", "shading", {"hit mask", "depth", "normal", "no shading"}, 0, false),
        ParameterSpec::text("label", "label", "none", true),
    });
}

std::string errorOf(ParameterSet& set, const std::string& name, const std::string& value) {
    try {
        set.assign(name, value);
    } catch (const UsageError& e) {
        return e.what();
    }
    return "";
}

}  // namespace

TEST(SceneParameters, DefaultsComeFromTheSpecs) {
    ParameterSet set = sample();
    EXPECT_EQ(set.at("count").asInt(), 10);
    EXPECT_FLOAT_EQ(set.at("alpha").asFloat(), .5f);
    EXPECT_TRUE(set.at("arms").asBool());
    EXPECT_EQ(set.at("shading").asInt(), 0);
    EXPECT_EQ(set.at("label").text, "none");
}

TEST(SceneParameters, AssignParsesEachKindAndReportsRebuilds) {
    ParameterSet set = sample();
    EXPECT_TRUE(set.assign("count", "42"));  // regenerates
    EXPECT_EQ(set.at("count").asInt(), 42);
    EXPECT_FALSE(set.assign("alpha", "0.25"));
    EXPECT_FLOAT_EQ(set.at("alpha").asFloat(), .25f);
    set.assign("arms", "off");
    EXPECT_FALSE(set.at("arms").asBool());
    set.assign("arms", "1");
    EXPECT_TRUE(set.at("arms").asBool());
    set.assign("shading", "normal");  // by name
    EXPECT_EQ(set.at("shading").asInt(), 2);
    set.assign("shading", "1");  // by index
    EXPECT_EQ(set.at("shading").asInt(), 1);
    set.assign("shading", "hit");  // a unique start of a name
    EXPECT_EQ(set.at("shading").asInt(), 0);
    EXPECT_TRUE(set.assign("label", "hello world"));
    EXPECT_EQ(set.at("label").text, "hello world");
}

TEST(SceneParameters, BadValuesNameTheValidOnes) {
    ParameterSet set = sample();
    EXPECT_NE(errorOf(set, "count", "101").find("outside its range 1 .. 100"), std::string::npos);
    EXPECT_NE(errorOf(set, "count", "0").find("outside its range 1 .. 100"), std::string::npos);
    EXPECT_NE(errorOf(set, "count", "2.5").find("not a whole number"), std::string::npos);
    EXPECT_NE(errorOf(set, "alpha", "1e40").find("outside its range 0 .. 1"), std::string::npos);
    EXPECT_NE(errorOf(set, "alpha", "nan").find("not a number"), std::string::npos);
    EXPECT_NE(errorOf(set, "alpha", "").find("not a number"), std::string::npos);
    EXPECT_NE(errorOf(set, "arms", "maybe").find("valid: true | false"), std::string::npos);
    EXPECT_NE(errorOf(set, "shading", "n").find("ambiguous"), std::string::npos);  // normal, no shading
    EXPECT_NE(errorOf(set, "shading", "flat").find("hit mask | depth | normal | no shading"), std::string::npos);
    EXPECT_NE(errorOf(set, "colour", "1").find("this scene has no parameter 'colour' (its parameters: count, alpha, arms, shading, label)"),
              std::string::npos);
    EXPECT_EQ(set.at("count").asInt(), 10) << "a refused value leaves the parameter as it was";
}

TEST(SceneParameters, HiddenParametersAreNotOffered) {
    ParameterSet set = sample();
    set.at("alpha").hidden = true;
    EXPECT_NE(errorOf(set, "alpha", "0.5").find("no parameter 'alpha'"), std::string::npos);
    EXPECT_EQ(set.names(), "count, arms, shading, label");
}

TEST(SceneParameters, PanelValuesAreClampedAndRounded) {
    ParameterSet set = sample();
    EXPECT_TRUE(set.set(set.at("count"), 1000));  // clamped to 100: changed, and it regenerates
    EXPECT_EQ(set.at("count").asInt(), 100);
    EXPECT_FALSE(set.set(set.at("count"), 100.2)) << "rounds to the same value: nothing to rebuild";
    set.set(set.at("alpha"), -3);
    EXPECT_FLOAT_EQ(set.at("alpha").asFloat(), 0.f);
    set.set(set.at("shading"), 7);
    EXPECT_EQ(set.at("shading").asInt(), 3);
}

TEST(SceneParameters, AssignmentsSplitOnTheFirstEquals) {
    std::string name, value;
    splitAssignment("label=a=b", name, value);
    EXPECT_EQ(name, "label");
    EXPECT_EQ(value, "a=b");
    EXPECT_THROW(splitAssignment("alpha", name, value), UsageError);
    EXPECT_THROW(splitAssignment("=3", name, value), UsageError);
}
