// The labelled race suite (tests/data/races/suite/README.md): every kernel with its label read from its first
// lines -- its class, its twin, its verdict, the scene it runs on and, for a racy one, the pairs of lines that
// must be reported. The CPU tests check the labels and build every kernel instrumented; the GPU test holds every
// verdict.
#pragma once
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <ostream>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "test_data.hpp"

namespace racelab::testing {

struct SuitePair {
    bool writeWrite = false, acrossBlocks = false;
    char markA = 0, markB = 0;
    int lineA = 0, lineB = 0;  // as the label says them
};

struct SuiteKernel {
    std::string path;  // absolute
    std::string form;  // the folder it lies in: "launch_list" or "whole_file"
    std::string kernelClass, twin, scene, size = "256x256";
    bool racy = false;
    bool labelledClean = false;  // "// expect: none"
    std::vector<SuitePair> expected;
    std::map<char, int> marks;  // the lines marked `// [X]` at their end
    std::vector<std::string> problems;  // what is wrong with the label, if anything
};

inline SuiteKernel readSuiteKernel(const std::filesystem::path& path) {
    static const std::regex label(R"(^// suite: class=(\S+) twin=(\S+) verdict=(race|clean)\s*$)"), scene(R"(^// scene: (\S+))"),
        size(R"(^// size: (\S+))"), mark(R"(// \[([A-Z])\]\s*$)"),
        expect(R"(^// expect: (read-write|write-write) (within|across) ([A-Z]) ([A-Z]) lines (\d+) (\d+)\s*$)");
    SuiteKernel k;
    k.path = std::filesystem::absolute(path).lexically_normal().string();
    k.form = path.parent_path().filename().string();
    std::ifstream in(path);
    bool labelled = false;
    int number = 0;
    for (std::string line; std::getline(in, line);) {
        ++number;
        std::smatch m;
        if (std::regex_search(line, m, mark)) k.marks[m[1].str()[0]] = number;
        if (std::regex_match(line, m, label)) {
            labelled = true;
            k.kernelClass = m[1].str(), k.twin = m[2].str(), k.racy = m[3].str() == "race";
        } else if (std::regex_search(line, m, scene)) {
            k.scene = m[1].str();
        } else if (std::regex_search(line, m, size)) {
            k.size = m[1].str();
        } else if (line == "// expect: none") {
            k.labelledClean = true;
        } else if (std::regex_match(line, m, expect)) {
            k.expected.push_back({m[1].str() == "write-write", m[2].str() == "across", m[3].str()[0], m[4].str()[0], std::stoi(m[5].str()),
                                  std::stoi(m[6].str())});
        } else if (line.rfind("// expect:", 0) == 0) {
            k.problems.push_back("an expect line the suite cannot read: " + line);
        }
    }
    if (!labelled) k.problems.push_back("no `// suite: class=... twin=... verdict=...` label");
    if (k.scene.empty()) k.problems.push_back("no `// scene:` line");
    if (k.racy && k.expected.empty()) k.problems.push_back("a racy kernel that expects no pair of lines");
    if (k.racy && k.labelledClean) k.problems.push_back("a racy kernel labelled `expect: none`");
    if (!k.racy && (!k.labelledClean || !k.expected.empty())) k.problems.push_back("a race-free kernel must say `// expect: none` and nothing else");
    if (!k.racy && !k.marks.empty()) k.problems.push_back("a race-free kernel with marked lines");
    for (const SuitePair& p : k.expected)
        for (const auto& [markName, line] : {std::pair{p.markA, p.lineA}, std::pair{p.markB, p.lineB}}) {
            const auto found = k.marks.find(markName);
            if (found == k.marks.end()) k.problems.push_back(std::string("no line marked [") + markName + "]");
            else if (found->second != line)
                k.problems.push_back(std::string("[") + markName + "] marks line " + std::to_string(found->second) + ", the label says " +
                                     std::to_string(line));
        }
    const std::string stem = path.stem().string(), suffix = k.racy ? "_racy" : "_clean";
    if (stem != k.twin + suffix) k.problems.push_back("the file should be named " + k.twin + suffix + ".cu");
    return k;
}

// The suite's forms: a folder each, its kernels the .cu files in it.
inline const std::vector<std::string>& raceSuiteForms() {
    static const std::vector<std::string> forms{"launch_list", "whole_file"};
    return forms;
}

// Every kernel of the suite, in its forms' order and then by name.
inline std::vector<SuiteKernel> raceSuite() {
    std::vector<std::filesystem::path> files;
    const std::filesystem::path root = testDataPath("data/races/suite");
    for (const std::string& form : raceSuiteForms()) {
        if (!std::filesystem::is_directory(root / form)) continue;
        std::vector<std::filesystem::path> ofForm;
        for (const auto& entry : std::filesystem::directory_iterator(root / form))
            if (entry.is_regular_file() && entry.path().extension() == ".cu") ofForm.push_back(entry.path());
        std::sort(ofForm.begin(), ofForm.end());
        files.insert(files.end(), ofForm.begin(), ofForm.end());
    }
    std::vector<SuiteKernel> kernels;
    for (const auto& f : files) kernels.push_back(readSuiteKernel(f));
    return kernels;
}

// How a test names a kernel of the suite (its file's name), for the test's name and its messages.
inline void PrintTo(const SuiteKernel& k, std::ostream* out) { *out << std::filesystem::path(k.path).filename().string(); }

// The lines of a kernel that racing pairs may name: its marked lines.
inline std::set<int> markedLines(const SuiteKernel& k) {
    std::set<int> lines;
    for (const auto& [name, line] : k.marks) lines.insert(line);
    return lines;
}

}  // namespace racelab::testing
