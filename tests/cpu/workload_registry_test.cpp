// The registry reads the families' descriptors: every family the build found is complete and consistent,
// the presets it lists can be made, and the generic rules (--count, needed inputs) hold for all of them.
#include <gtest/gtest.h>

#include <set>

#include "core/errors.hpp"
#include "scenes/scene_registry.hpp"

using namespace racelab;

TEST(WorkloadRegistry, FindsEveryFamilyFolder) {
    std::set<std::string> names;
    for (const WorkloadFamily* f : workloadFamilies()) names.insert(f->name);
    // The four workloads the project ships; a fifth added under src/scenes/ appears here without an edit to
    // the registry (it may be added to this list).
    for (const char* expected : {"circles", "fourier", "mesh", "planes"}) EXPECT_EQ(names.count(expected), 1u) << expected;
}

TEST(WorkloadRegistry, DescriptorsAreComplete) {
    for (const WorkloadFamily* f : workloadFamilies()) {
        SCOPED_TRACE(f->name);
        EXPECT_FALSE(f->description.empty());
        ASSERT_FALSE(f->variants.empty());
        EXPECT_TRUE(f->variants.front().correct) << "the first variant is the correct one the race meter compares with";
        EXPECT_TRUE(static_cast<bool>(f->create));
        std::set<std::string> parameterNames;
        for (const auto& p : f->parameters) {
            EXPECT_TRUE(parameterNames.insert(p.name).second) << "duplicate parameter " << p.name;
            EXPECT_EQ(p.name.find_first_of(" =ABCDEFGHIJKLMNOPQRSTUVWXYZ"), std::string::npos) << p.name;
            if (p.kind == ParameterKind::Int || p.kind == ParameterKind::Float) {
                EXPECT_LE(p.min, p.initial) << p.name;
                EXPECT_LE(p.initial, p.max) << p.name;
            }
            if (p.kind == ParameterKind::Choice) EXPECT_LT(p.initial, static_cast<double>(p.choices.size())) << p.name;
        }
        const auto presets = f->presets();
        EXPECT_FALSE(presets.empty());
        bool anyCount = false;
        for (const auto& preset : presets) {
            anyCount = anyCount || preset.takesCount;
            EXPECT_FALSE(preset.description.empty()) << preset.name;
            if (!preset.needs.empty()) {
                bool declared = false;
                for (const auto& o : f->options) declared = declared || o.name == preset.needs;
                EXPECT_TRUE(declared) << preset.name << " needs --" << preset.needs << ", which the family does not add";
            }
        }
        EXPECT_EQ(anyCount, !f->countMeaning.empty()) << "countMeaning says what --count sets, when a preset takes one";
    }
}

TEST(WorkloadRegistry, SceneNamesAreUniqueAndResolve) {
    std::set<std::string> names;
    for (const auto& s : listScenes()) {
        EXPECT_TRUE(names.insert(s.name).second) << s.name;
        EXPECT_EQ(findScene(s.name).preset.name, s.preset.name);
    }
    EXPECT_EQ(names.count(defaultSceneName()), 1u);
    try {
        findScene("nope/none");
        FAIL() << "an unknown scene must be refused";
    } catch (const UsageError& e) {
        EXPECT_NE(std::string(e.what()).find(defaultSceneName()), std::string::npos) << "the message lists the valid scenes";
    }
}

TEST(WorkloadRegistry, GenericRulesHoldForEveryPreset) {
    for (const auto& s : listScenes()) {
        SceneOptions options;
        options.backend = Backend::Cpu;
        if (!s.preset.takesCount) {
            options.count = 7;
            EXPECT_THROW(createScene(s.name, options), UsageError) << s.name << " has a fixed size";
        }
        if (!s.preset.needs.empty()) {
            options.count = 0;
            EXPECT_THROW(createScene(s.name, options), MissingInputError) << s.name << " needs --" << s.preset.needs;
        }
    }
}

TEST(WorkloadRegistry, ScenesTakeTheirFamilysParametersAndVariants) {
    SceneOptions options;
    options.backend = Backend::Cpu;
    for (const WorkloadFamily* f : workloadFamilies()) {
        for (const auto& preset : f->presets()) {
            if (!preset.needs.empty() || preset.heavy) continue;
            std::unique_ptr<Scene> scene;
            try {
                scene = f->create(preset.name, options);
            } catch (const MissingInputError&) {
                continue;  // e.g. a mesh that tools/fetch-meshes.sh has not fetched here
            }
            SCOPED_TRACE(scene->name());
            EXPECT_EQ(scene->name(), f->name + "/" + preset.name);
            EXPECT_EQ(&scene->variants(), &f->variants);
            for (const auto& p : scene->parameters().all()) {
                bool declared = false;
                for (const auto& spec : f->parameters) declared = declared || spec.name == p.spec.name;
                EXPECT_TRUE(declared) << p.spec.name;
            }
            break;  // one preset per family: making every one takes seconds (large scenes)
        }
    }
}
