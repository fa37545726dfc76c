#include "userkernel/build/nvcc_steps.hpp"

#include <filesystem>
#include <regex>
#include <sstream>

#include <cstdlib>

#include <unistd.h>

namespace racelab::userkernel {
namespace fs = std::filesystem;
namespace {

bool executable(const fs::path& path) { return ::access(path.c_str(), X_OK) == 0 && fs::is_regular_file(path); }

std::string expand(const std::string& text, const std::map<std::string, std::string>& variables) {
    static const std::regex reference(R"(\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?)");
    std::string out;
    std::size_t last = 0;
    for (auto it = std::sregex_iterator(text.begin(), text.end(), reference); it != std::sregex_iterator(); ++it) {
        out += text.substr(last, static_cast<std::size_t>(it->position()) - last);
        const auto found = variables.find((*it)[1].str());
        out += found == variables.end() ? "" : found->second;
        last = static_cast<std::size_t>(it->position() + it->length());
    }
    return out + text.substr(last);
}

}  // namespace

std::string nvccStepName(const std::vector<std::string>& command) {
    return command.empty() ? "" : fs::path(command.front()).filename().string();
}

std::string nvccStepArgumentEnding(const std::vector<std::string>& command, const std::string& end) {
    for (const std::string& argument : command)
        if (argument.size() >= end.size() && argument.compare(argument.size() - end.size(), end.size(), end) == 0) return argument;
    return "";
}

std::vector<std::string> keepOptions(const std::string& folder) { return {"--keep", "--keep-dir", folder}; }

std::vector<std::string> splitNvccCommand(const std::string& line) {
    std::vector<std::string> out;
    std::string current;
    bool inQuotes = false, inWord = false;
    for (std::size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (inQuotes && c == '\\' && i + 1 < line.size()) {
            current += line[++i];
        } else if (c == '"') {
            inQuotes = !inQuotes;
            inWord = true;
        } else if (!inQuotes && (c == ' ' || c == '\t')) {
            if (inWord) out.push_back(current);
            current.clear();
            inWord = false;
        } else {
            current += c;
            inWord = true;
        }
    }
    if (inWord) out.push_back(current);
    return out;
}

NvccSteps readNvccSteps(const std::string& dryRunOutput) {
    static const std::regex assignment(R"(^([A-Za-z_][A-Za-z0-9_]*)=(.*)$)");
    NvccSteps steps;
    std::istringstream lines(dryRunOutput);
    for (std::string line; std::getline(lines, line);) {
        if (line.rfind("#$ ", 0) != 0) continue;
        line = line.substr(3);
        while (!line.empty() && (line.back() == ' ' || line.back() == '\r')) line.pop_back();
        std::smatch m;
        if (std::regex_match(line, m, assignment)) {
            std::vector<std::string> words = splitNvccCommand(m[2].str());
            std::string joined;
            for (std::string& word : words) {
                word = expand(word, steps.variables);
                joined += (joined.empty() ? "" : " ") + word;
            }
            steps.variables[m[1].str()] = joined;
            steps.variableWords[m[1].str()] = std::move(words);
            continue;
        }
        std::vector<std::string> argv = splitNvccCommand(line);
        for (std::string& argument : argv) argument = expand(argument, steps.variables);
        if (!argv.empty()) steps.commands.push_back(std::move(argv));
    }
    return steps;
}

std::string nvccStepProgram(const NvccSteps& steps, const std::string& name) {
    if (name.find('/') != std::string::npos) return executable(name) ? name : "";
    for (const char* folder : {"_HERE_", "CICC_PATH"}) {
        const auto found = steps.variables.find(folder);
        if (found != steps.variables.end() && executable(fs::path(found->second) / name))
            return (fs::path(found->second) / name).string();
    }
    const auto path = steps.variables.find("PATH");
    std::istringstream folders(path != steps.variables.end() ? path->second : std::string(getenv("PATH") ? getenv("PATH") : ""));
    for (std::string folder; std::getline(folders, folder, ':');)
        if (!folder.empty() && executable(fs::path(folder) / name)) return (fs::path(folder) / name).string();
    return "";
}

}  // namespace racelab::userkernel
