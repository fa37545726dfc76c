// The digest that names the kernel cache's entries and a grade's --reference (core/digest.hpp).
#include <gtest/gtest.h>

#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

#include "core/digest.hpp"

using namespace racelab;

namespace {

std::string hexOf(std::initializer_list<std::string> parts) {
    Digest d;
    for (const auto& p : parts) d.add(p);
    return d.hex();
}

}  // namespace

TEST(Digest, DependsOnEveryByteAndOnHowPartsAreSplit) {
    EXPECT_EQ(hexOf({"abc"}).size(), 32u);
    EXPECT_EQ(hexOf({"abc"}), hexOf({"abc"}));
    EXPECT_NE(hexOf({"abc"}), hexOf({"abd"}));
    EXPECT_NE(hexOf({"ab", "c"}), hexOf({"a", "bc"}));
}

// The cache's entries on disk are named by these digits: a change of the function would orphan every entry.
TEST(Digest, BytesAndTextDigestAlikeAndTheDigitsStayTheSame) {
    Digest bytes;
    bytes.add(std::vector<std::uint8_t>{'a', 'b', 'c'});
    EXPECT_EQ(bytes.hex(), hexOf({"abc"}));
    EXPECT_EQ(hexOf({"abc"}), "640a732d76c7eb31209ce304b26d90c9");
}
