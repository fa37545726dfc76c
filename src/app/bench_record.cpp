// The record fields of app/bench_record.hpp: command line, measured limits, bench notes.
#include "app/bench_record.hpp"

#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string_view>

#include "core/json_text.hpp"

namespace racelab {

std::string limitsJson(const MeasuredLimits& limits) {
    if (!limits.measured) return "{}";
    std::ostringstream json;
    json.precision(6);
    json << "{\"launch_us\": " << limits.emptyLaunchUs << ", \"copy_gbs\": " << limits.copyBandwidthGBs
         << ", \"read_gbs\": " << limits.readBandwidthGBs << ", \"sync_roundtrip_us\": " << limits.syncRoundTripUs
         << "}";
    return json.str();
}

std::string notesJson(const std::vector<std::string>& notes, int indent) {
    if (notes.empty()) return "[]";
    const std::string in(static_cast<std::size_t>(indent), ' ');
    std::string json = "[";
    for (std::size_t i = 0; i < notes.size(); ++i) json += (i ? ",\n" : "\n") + in + "  " + jsonQuoted(notes[i]);
    return json + "\n" + in + "]";
}

namespace {

bool safeInShell(const std::string& word) {
    if (word.empty()) return false;
    for (const char c : word) {
        const bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                           std::string_view("_-./=:,+@%").find(c) != std::string_view::npos ||
                           static_cast<unsigned char>(c) >= 0x80;
        if (!plain) return false;
    }
    return true;
}

std::string shellQuoted(const std::string& word) {
    if (safeInShell(word)) return word;
    std::string quoted = "'";
    for (const char c : word) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return quoted + "'";
}

}  // namespace

std::string joinCommandLine(const std::vector<std::string>& argv) {
    // Output files by their name only: where the machine that ran it kept them says nothing about the run, and
    // a record quoted in the docs should not carry another machine's folders.
    const auto isOutputOption = [](const std::string& a) { return a == "--json" || a == "--csv"; };
    std::string command = "racelab";
    for (std::size_t i = 1; i < argv.size(); ++i) {
        std::string arg = argv[i];
        if (isOutputOption(argv[i - 1])) arg = std::filesystem::path(arg).filename().string();
        for (const char* option : {"--json=", "--csv="})
            if (arg.rfind(option, 0) == 0) arg = option + std::filesystem::path(arg.substr(std::strlen(option))).filename().string();
        command += ' ';  // appended, not " " + shellQuoted(): that trips GCC 12's false -Wrestrict
        command += shellQuoted(arg);
    }
    return command;
}

std::string commandLineOfThisProcess() {
    std::ifstream file("/proc/self/cmdline", std::ios::binary);
    const std::string raw((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
    std::vector<std::string> argv;
    std::string current;
    for (const char c : raw) {
        if (c == '\0') {
            argv.push_back(current);
            current.clear();
        } else {
            current += c;
        }
    }
    if (!current.empty()) argv.push_back(current);
    return joinCommandLine(argv);
}

}  // namespace racelab
