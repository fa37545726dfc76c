// The pixel probes of CS149's own CPU reference (tests/data/cs149_probes.txt, made by
// tools/cs149/make-probes.sh from the course's sources) and the course's comparison rule applied to them.
// Shared by the CPU test (racelab's CPU reference) and the GPU test (racelab's GPU renderer).
#pragma once
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "core/host_image.hpp"
#include "test_data.hpp"

namespace racelab::testing {

struct Cs149Case {
    std::string scene;  // CS149's name, racelab's circles/<name>
    int width = 0, height = 0;
    long frame = 0;
    unsigned seed = 0;
    std::string courseSha256;      // of the course's whole PPM, for reference
    std::vector<std::uint8_t> rgb;  // probe k at 3k: bytes as the course's PPM holds them (truncated 255*v)
};

// Probe k is the k-th (x, y) drawn from xorshift32 seeded with 2463534242 (tools/cs149/ppm_probes.py),
// y counted from the bottom row.
inline std::vector<std::pair<int, int>> cs149ProbePositions(std::size_t count, int width, int height) {
    std::uint32_t state = 2463534242u;
    auto draw = [&state] {
        state ^= state << 13;
        state ^= state >> 17;
        state ^= state << 5;
        return state;
    };
    std::vector<std::pair<int, int>> out;
    for (std::size_t k = 0; k < count; ++k) {
        const int x = static_cast<int>(draw() % static_cast<std::uint32_t>(width));
        const int y = static_cast<int>(draw() % static_cast<std::uint32_t>(height));
        out.emplace_back(x, y);
    }
    return out;
}

inline std::vector<Cs149Case> loadCs149Probes(const std::string& path) {
    std::ifstream in(path);
    if (!in) throw std::runtime_error("cannot read " + path);
    std::vector<Cs149Case> cases;
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream header(line);
        std::string word, size;
        std::size_t probes = 0;
        Cs149Case c;
        header >> word >> c.scene >> size >> c.frame >> c.seed >> probes >> c.courseSha256;
        if (word != "case" || !header) throw std::runtime_error(path + ": bad case line '" + line + "'");
        if (std::sscanf(size.c_str(), "%dx%d", &c.width, &c.height) != 2) throw std::runtime_error(path + ": bad size " + size);
        std::string hex;
        if (!std::getline(in, hex) || hex.size() != probes * 6) throw std::runtime_error(path + ": probe line of " + c.scene);
        for (std::size_t i = 0; i < hex.size(); i += 2) c.rgb.push_back(static_cast<std::uint8_t>(std::stoi(hex.substr(i, 2), nullptr, 16)));
        cases.push_back(std::move(c));
    }
    return cases;
}

// Beside the test binary (the build's copy) or in the source tree it was built from (test_data.hpp), whatever the
// working folder.
inline std::string cs149ProbesPath() { return testDataPath("data/cs149_probes.txt"); }

struct CourseComparison {
    long mismatches = 0;   // channel values outside the course's tolerance
    int maxDifference = 0;  // in 8-bit steps
    long probes = 0;
};

// The course's rule (render/benchmark.cu compare_images): a channel mismatches when |ref - image| > 0.1 on
// [0, 1], alpha ignored, and the image fails with more than 5 mismatching channel values. The course's
// PPM truncates 255*v while racelab rounds, so the two bytes of one value can be one step further apart:
// a mismatch here is a byte difference above 25.5 + 1 steps.
inline CourseComparison compareWithCourse(const Cs149Case& c, const HostImage& image) {
    CourseComparison result;
    const auto positions = cs149ProbePositions(c.rgb.size() / 3, c.width, c.height);
    for (std::size_t k = 0; k < positions.size(); ++k) {
        const std::uint8_t* ours = image.at(positions[k].first, positions[k].second);
        for (int ch = 0; ch < 3; ++ch) {
            const int difference = std::abs(static_cast<int>(ours[ch]) - static_cast<int>(c.rgb[3 * k + ch]));
            result.maxDifference = std::max(result.maxDifference, difference);
            if (difference > 26) ++result.mismatches;
        }
        ++result.probes;
    }
    return result;
}

inline constexpr long kCourseMaxMismatches = 5;

}  // namespace racelab::testing
