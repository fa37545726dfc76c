// What the environment asks of faultInjection(): the circle renderer's forced path and pixels a thread are taken
// as given, and a value that names neither (a typo) is refused with the variable, the value and the valid ones,
// rather than silently measuring the default path.
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "core/errors.hpp"
#include "core/fault_injection.hpp"

using namespace racelab;

namespace {

FaultInjection from(const std::map<std::string, std::string>& environment) {
    return faultInjectionFrom([&](const char* name) -> const char* {
        const auto found = environment.find(name);
        return found == environment.end() ? nullptr : found->second.c_str();
    });
}

}  // namespace

TEST(FaultInjection, TheCircleRendererPathAndPixelsAThreadAreTakenAsGiven) {
    const FaultInjection unset = from({});
    EXPECT_EQ(unset.circlesPath, "");
    EXPECT_EQ(unset.circlesPixelsPerThread, 0);
    for (const char* path : {"binned", "every", "listed"}) EXPECT_EQ(from({{"RACELAB_CIRCLES_PATH", path}}).circlesPath, path);
    EXPECT_EQ(from({{"RACELAB_CIRCLES_PIXELS_PER_THREAD", "2"}}).circlesPixelsPerThread, 2);
    EXPECT_EQ(from({{"RACELAB_CIRCLES_PIXELS_PER_THREAD", "1"}}).circlesPixelsPerThread, 1);
    EXPECT_EQ(from({{"RACELAB_CIRCLES_PATH", ""}, {"RACELAB_CIRCLES_PIXELS_PER_THREAD", ""}}).circlesPath, "");
    EXPECT_EQ(from({{"RACELAB_CIRCLE_PAIR_CAPACITY", "1000"}}).circlePairCapacity, 1000u);
}

TEST(FaultInjection, AValueThatNamesNoPathOrWidthIsRefused) {
    const auto refusal = [](const std::map<std::string, std::string>& environment) -> std::string {
        try {
            from(environment);
        } catch (const UsageError& e) {
            return e.what();
        }
        return "";
    };
    EXPECT_EQ(refusal({{"RACELAB_CIRCLES_PATH", "listd"}}),
              "RACELAB_CIRCLES_PATH is 'listd': give binned, every or listed (or leave it unset)");
    EXPECT_EQ(refusal({{"RACELAB_CIRCLES_PIXELS_PER_THREAD", "4"}}),
              "RACELAB_CIRCLES_PIXELS_PER_THREAD is '4': give 1 or 2 (or leave it unset)");
}
