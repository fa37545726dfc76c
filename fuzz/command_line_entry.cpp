#include <string>
#include <vector>

#include "app/command_line.hpp"
#include "app/scene_setup.hpp"
#include "core/errors.hpp"
#include "entries.hpp"

namespace racelab::fuzz {
namespace {

// Scenes cheap enough to build on every fuzz input; any other name is checked against the registry and
// the selection then applied to circles/rgb (building rand1M or 10,000 planes per input would fuzz nothing).
bool cheapScene(const std::string& name) {
    return name == "circles/rgb" || name == "circles/rgby" || name == "circles/pattern" || name == "planes/default";
}

}  // namespace

int commandLine(const std::uint8_t* data, std::size_t size) {
    std::vector<std::string> args{"racelab"};
    std::string current;
    for (std::size_t i = 0; i < size && args.size() < 40; ++i) {
        const char c = static_cast<char>(data[i]);
        if (c == '\n' || c == '\0') {
            args.push_back(current), current.clear();
        } else {
            current += c;
        }
    }
    if (!current.empty()) args.push_back(current);
    std::vector<char*> argv;
    for (std::string& a : args) argv.push_back(a.data());
    CommandLine cli;
    try {
        cli.app.parse(static_cast<int>(argv.size()), argv.data());
    } catch (const CLI::ParseError&) {
        return 0;  // CLI11 prints the usage error (or help) and racelab exits non-zero
    }
    const SceneSelection* parsed = cli.selection();
    if (!parsed) return 0;
    SceneSelection selection = *parsed;
    selection.backend = selection.backend == "auto" || selection.backend == "cuda" ? "cpu" : selection.backend;
    if (!cheapScene(selection.scene)) selection.scene = "circles/rgb", selection.count = 0;
    try {
        PreparedScene prepared = prepareScene(selection, "64x48");
        if (prepared.size.width <= 0 || prepared.size.height <= 0 || prepared.size.width > kMaxDimension ||
            prepared.size.height > kMaxDimension)
            std::abort();
    } catch (const Error&) {
        // refused with a message
    }
    return 0;
}

}  // namespace racelab::fuzz
