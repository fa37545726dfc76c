// The tests' data is found beside the test binary first (the build's copy in ../share/racelab-tests), so a
// build tree copied elsewhere, without its source tree, still finds it; a missing file names where it looked.
#include <gtest/gtest.h>

#include "test_data.hpp"

using namespace racelab::testing;

TEST(TestData, FoundBesideTheBinaryBeforeTheSourceTree) {
    const auto roots = testDataRoots();
    ASSERT_EQ(roots.size(), 2u);
    EXPECT_EQ(roots[0].filename(), "racelab-tests");
    EXPECT_EQ(testDataPath("data/cs149_probes.txt"), (roots[0] / "data/cs149_probes.txt").string());
}

TEST(TestData, AMissingFileNamesEveryFolderLookedIn) {
    try {
        testDataPath("data/no-such-file.txt");
        FAIL() << "a missing file was found";
    } catch (const std::runtime_error& e) {
        const std::string what = e.what();
        for (const auto& root : testDataRoots()) EXPECT_NE(what.find((root / "data/no-such-file.txt").string()), std::string::npos) << what;
    }
}
